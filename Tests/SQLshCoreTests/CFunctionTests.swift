import CSQLite
import SQLshCore
import Testing

private let twice: CFunction.Callback = { context, _, values in
    sqlite3_result_int64(context, 2 * sqlite3_value_int64(values.unsafelyUnwrapped[0].unsafelyUnwrapped))
}

private let countStep: CFunction.Callback = { context, _, _ in
    guard let slot = sqlite3_aggregate_context(context, 8) else { return }
    slot.assumingMemoryBound(to: Int64.self).pointee += 1
}

private let countFinal: CFunction.Final = { context in
    let slot = sqlite3_aggregate_context(context, 0)
    sqlite3_result_int64(context, slot.map { $0.assumingMemoryBound(to: Int64.self).pointee } ?? 0)
}

private let countInverse: CFunction.Callback = { context, _, _ in
    guard let slot = sqlite3_aggregate_context(context, 8) else { return }
    slot.assumingMemoryBound(to: Int64.self).pointee -= 1
}

@Suite struct CFunctionTests {
    @Test func aScalarFunctionOfCCallbacks() throws {
        let db = try Connection()
        try db.add(CFunction("twice", argumentCount: 1, options: .deterministic, scalar: twice))
        #expect(try db.value("select twice(21)") == .integer(42))
        try db.removeFunction(named: "twice", argumentCount: 1)
        #expect(throws: SQLiteError.self) { try db.value("select twice(21)") }
    }

    @Test func aggregateAndWindowFunctionsOfCCallbacks() throws {
        let db = try Connection()
        try db.add(CFunction("c_count", argumentCount: 1, step: countStep, final: countFinal))
        try db.add(CFunction("c_wcount", argumentCount: 1, step: countStep, final: countFinal,
                             value: countFinal, inverse: countInverse))
        try db.execute("create table t(x); insert into t values (1), (2), (3)")
        #expect(try db.value("select c_count(x) from t") == .integer(3))
        #expect(try db.column("select c_wcount(x) over (order by x rows between 1 preceding and current row) from t")
                == [.integer(1), .integer(2), .integer(2)])
    }

    @Test func aRefusedRegistrationSaysWhy() throws {
        let db = try Connection()
        let error = #expect(throws: SQLiteError.self) {
            try db.add(CFunction(String(repeating: "f", count: 300), argumentCount: 1, scalar: twice))
        }
        #expect(error?.primaryCode == SQLITE_MISUSE || error?.primaryCode == SQLITE_ERROR)
    }
}
