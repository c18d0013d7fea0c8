import CSQLite
@_spi(RawSQLite) import SQLshCore
import Testing

/// Function identity follows SQLite's rules, and a registration SQLite would refuse says why.
@Suite struct RegistrationRulesTests {
    @Test func namesCompareIgnoringASCIICaseOnly() throws {
        #expect(SQLFunction("ABC", argumentCount: 1) { _ in 1 } == SQLFunction("abc", argumentCount: 1) { _ in 2 })
        #expect(SQLFunction("É", argumentCount: 1) { _ in 1 } != SQLFunction("é", argumentCount: 1) { _ in 1 })
        #expect(SQLFunction("f", argumentCount: 1) { _ in 1 } != SQLFunction("f", argumentCount: 2) { _ in 1 })
        let set: Set<SQLFunction> = [
            SQLFunction("É", argumentCount: 1) { _ in 1 }, SQLFunction("é", argumentCount: 1) { _ in 2 },
            SQLFunction("Ab", argumentCount: 1) { _ in 3 }, SQLFunction("aB", argumentCount: 1) { _ in 4 },
        ]
        #expect(set.count == 3)
        #expect(SQLFunction("ÀbC", argumentCount: nil) { _ in 1 }.hashValue == SQLFunction("Àbc", argumentCount: -1) { _ in 1 }.hashValue)
        // SQLite agrees: both accented names are registered, and ASCII case is folded.
        let db = try Connection()
        for function in set { try db.add(function) }
        #expect(try db.value("select É(0) || é(0)") == .text("12"))
        #expect(try [SQLValue.integer(3), .integer(4)].contains(db.value("select AB(0)")))
    }

    @Test func refusedRegistrationsSayWhatIsWrong() throws {
        let db = try Connection()
        let long = String(repeating: "x", count: 256)
        let tooLong = #expect(throws: SQLiteError.self) { try db.add(SQLFunction(long, argumentCount: 0) { _ in 1 }) }
        #expect(tooLong?.resultCode == .misuse)
        #expect(tooLong?.message == "function name \"xxxxxxxxxxxxxxxxxxxx...\" is too long: 256 bytes, SQLite allows at most 255")
        try db.add(SQLFunction(String(repeating: "x", count: 255), argumentCount: 0) { _ in 1 })

        let tooMany = #expect(throws: SQLiteError.self) { try db.add(SQLFunction("wide", argumentCount: 128) { _ in 1 }) }
        #expect(tooMany?.message == "wide(): too many arguments (128); SQLite allows at most 127")
        try db.add(SQLFunction("wide", argumentCount: 127) { _ in 1 })

        let empty = #expect(throws: SQLiteError.self) { try db.add(SQLFunction("", argumentCount: 0) { _ in 1 }) }
        #expect(empty?.message == "a function name cannot be empty")
        let nul = #expect(throws: SQLiteError.self) { try db.add(SQLFunction("a\0b", argumentCount: 0) { _ in 1 }) }
        #expect(nul?.message == "function name \"a\\0b\" contains a NUL byte")
        let negative = #expect(throws: SQLiteError.self) { try db.add(SQLFunction("neg", argumentCount: -2) { _ in 1 }) }
        #expect(negative?.message == "neg(): the argument count cannot be negative (-2); use nil for any number")
        let aggregate = #expect(throws: SQLiteError.self) { try db.add(SQLFunction(long, aggregate: Count.self)) }
        #expect(aggregate?.message.hasSuffix("is too long: 256 bytes, SQLite allows at most 255") == true)
        let remove = #expect(throws: SQLiteError.self) { try db.removeFunction(named: long, argumentCount: 0) }
        #expect(remove?.resultCode == .misuse)
    }

    /// A connection whose limit was lowered still registers functions SQLite accepts.
    @Test func loweredArgumentLimitDoesNotRefuseRegistration() throws {
        let db = try Connection()
        sqlite3_limit(db.handle, SQLITE_LIMIT_FUNCTION_ARG, 2)
        try db.add(SQLFunction("three", argumentCount: 3) { _ in 3 })
        #expect(sqlite3_limit(db.handle, SQLITE_LIMIT_FUNCTION_ARG, -1) == 2)
        #expect(throws: SQLiteError.self) { try db.add(SQLFunction("many", argumentCount: 128) { _ in 1 }) }
        #expect(sqlite3_limit(db.handle, SQLITE_LIMIT_FUNCTION_ARG, -1) == 2)
    }

    @Test func minusOneIsVariadic() throws {
        let function = SQLFunction("v", argumentCount: -1) { args in args.count }
        #expect(function.argumentCount == nil)
        let db = try Connection()
        try db.add(function)
        #expect(try db.value("select v(1, 2, 3)") == .integer(3))
    }
}

private struct Count: Aggregate {
    var n = 0
    mutating func step(_ arguments: Arguments) throws { n += 1 }
    func finalize() throws -> (any SQLValueConvertible)? { n }
}
