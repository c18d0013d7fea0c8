import CSQLite
import SQLshCore
import Testing

/// A pattern "compiled" once per statement: a value type, cached with `args.cached(for:)`.
private struct Pattern {
    let text: String
    init(_ text: String, compiled: Counter) {
        compiled.increment()
        self.text = text
    }
    func matches(_ subject: String) -> Bool { subject.contains(text) }
}

/// An object "compiled" once per statement, cached with `args.withCachedObject(for:)`.
private final class Needle: Sendable {
    let text: String
    init(_ text: String) { self.text = text }
}

/// Argument access never traps on what SQL passes: missing arguments are named errors, the
/// auxiliary-data cache takes any type, and (in debug builds) arguments cannot outlive the call.
@Suite struct ArgumentSafetyTests {
    @Test func decodingAMissingArgumentThrowsANamedError() throws {
        let db = try Connection()
        try db.add(SQLFunction("second", argumentCount: nil) { args in try args.decode(1, as: Int?.self) })
        #expect(try db.value("select second(1, 2)") == .integer(2))
        #expect(try db.value("select second(1, null)") == .null)
        let error = #expect(throws: SQLiteError.self) { _ = try db.value("select second(1)") }
        #expect(error?.message == "argument 2 is missing: the call has 1 argument")
        let none = #expect(throws: SQLiteError.self) { _ = try db.value("select second()") }
        #expect(none?.message == "argument 2 is missing: the call has 0 arguments")
    }

    @Test func missingArgumentErrorIsTyped() throws {
        let db = try Connection()
        let caught = Counter()
        try db.add(SQLFunction("probe", argumentCount: nil) { args -> String in
            do {
                _ = try args.decode(-1, as: Int.self)
            } catch let error as MissingArgumentError {
                caught.increment()
                #expect(error == MissingArgumentError(index: -1, count: args.count))
            }
            return "ok"
        })
        #expect(try db.value("select probe(1)") == .text("ok"))
        #expect(caught.value == 1)
    }

    @Test func argumentAtIndexIsOptional() throws {
        let db = try Connection()
        try db.add(SQLFunction("third_or_default", argumentCount: nil) { args in args.argument(at: 2)?.int64 ?? -1 })
        #expect(try db.value("select third_or_default(1, 2, 3)") == .integer(3))
        #expect(try db.value("select third_or_default(1)") == .integer(-1))
    }

    @Test func auxiliaryDataOutOfRangeIsHarmless() throws {
        let db = try Connection()
        try db.add(SQLFunction("aux", argumentCount: 1) { args -> String in
            args.setAuxiliaryData(Counter(), for: 5)
            args.setAuxiliaryData(Counter(), for: -1)
            args.setAuxiliaryData(Counter(), for: Int.max)
            #expect(args.auxiliaryData(for: 5) == nil)
            #expect(args.auxiliaryData(for: Int.min) == nil)
            #expect(throws: MissingArgumentError.self) { _ = try args.cached(for: 3) { 1 } }
            return "ok"
        })
        #expect(try db.value("select aux(1)") == .text("ok"))
    }

    @Test func cachedValuesLastTheStatementForConstantArguments() throws {
        let db = try Connection()
        let compiled = Counter()
        try db.add(SQLFunction("has", argumentCount: 2, options: .pure) { args in
            let pattern = try args.cached(for: 0) { Pattern(try args.decode(0, as: String.self), compiled: compiled) }
            return pattern.matches(try args.decode(1, as: String.self))
        })
        try expectMadeOncePerConstant(db, compiled)
    }

    /// `has(pattern, text)` on `db`, whose pattern `compiled` counts: made once for a constant
    /// pattern, on every row for one from a column.
    private func expectMadeOncePerConstant(_ db: Connection, _ compiled: Counter,
                                           sourceLocation: SourceLocation = #_sourceLocation) throws {
        try db.execute("create table t(s, p); insert into t values ('apple', 'p'), ('banana', 'an'), ('cherry', 'rr')")
        #expect(try db.column("select has('an', s) from t") == [.integer(0), .integer(1), .integer(0)], sourceLocation: sourceLocation)
        #expect(compiled.value == 1, sourceLocation: sourceLocation)
        // A pattern from a column is not constant: made on every row.
        #expect(try db.column("select has(p, s) from t") == [.integer(1), .integer(1), .integer(1)], sourceLocation: sourceLocation)
        #expect(compiled.value == 4, sourceLocation: sourceLocation)
    }

    @Test func cachedValueOfAnotherTypeIsReplaced() throws {
        let db = try Connection()
        let made = Counter()
        try db.add(SQLFunction("both", argumentCount: 1) { args -> String in
            let number = try args.cached(for: 0) { made.increment(); return 42 }
            let text = try args.cached(for: 0) { made.increment(); return "text" }
            return "\(number) \(text)"
        })
        #expect(try db.column("select both('x') from json_each('[1,2]')") == [.text("42 text"), .text("42 text")])
        #expect(made.value == 4)
    }

    @Test func withCachedObjectLendsTheObjectMadeOncePerStatement() throws {
        let db = try Connection()
        let compiled = Counter()
        try db.add(SQLFunction("has", argumentCount: 2, options: .pure) { args -> Bool? in
            try args.withCachedObject(for: 0, { compiled.increment(); return Needle(try args.decode(0, as: String.self)) }) { needle in
                try args.decode(1, as: String.self).contains(needle.text)
            }
        })
        try expectMadeOncePerConstant(db, compiled)
    }

    @Test func withCachedObjectCachesNothingForNil() throws {
        let db = try Connection()
        let made = Counter(), called = Counter()
        try db.add(SQLFunction("maybe", argumentCount: 1) { args -> String in
            let found: Void? = try args.withCachedObject(for: 0, { () -> Needle? in made.increment(); return nil }) { _ in called.increment() }
            return found == nil ? "none" : "some"
        })
        #expect(try db.column("select maybe(null) from json_each('[1,2,3]')") == [.text("none"), .text("none"), .text("none")])
        #expect(made.value == 3)
        #expect(called.value == 0)
    }

    @Test func withCachedObjectReplacesAValueOfAnotherType() throws {
        let db = try Connection()
        let made = Counter()
        try db.add(SQLFunction("mixed", argumentCount: 1) { args -> String in
            let number = try args.cached(for: 0) { made.increment(); return 42 }
            let text = try args.withCachedObject(for: 0, { made.increment(); return Needle("x") }) { $0.text } ?? "?"
            return "\(number) \(text)"
        })
        // Each call replaces the other's value: both are made on every row.
        #expect(try db.column("select mixed('x') from json_each('[1,2]')") == [.text("42 x"), .text("42 x")])
        #expect(made.value == 4)
    }

    @Test func withCachedObjectPassesErrorsOnAndChecksTheIndex() throws {
        let db = try Connection()
        try db.add(SQLFunction("bad", argumentCount: 1) { args -> Int? in
            try args.withCachedObject(for: 0, { Needle("x") }) { _ in throw SQLiteError(message: "no match allowed") }
        })
        #expect(#expect(throws: SQLiteError.self) { _ = try db.value("select bad('[')") }?.message == "no match allowed")
        try db.add(SQLFunction("far", argumentCount: 1) { args -> Int? in try args.withCachedObject(for: 1, { Needle("x") }) { _ in 1 } })
        #expect(#expect(throws: SQLiteError.self) { _ = try db.value("select far(1)") }?.message
                == "argument 2 is missing: the call has 1 argument")
    }

    @Test func cachedErrorsPropagate() throws {
        let db = try Connection()
        try db.add(SQLFunction("bad", argumentCount: 1) { args in
            try args.cached(for: 0) { () throws -> Int in throw SQLiteError(message: "invalid pattern") }
        })
        let error = #expect(throws: SQLiteError.self) { _ = try db.value("select bad('[')") }
        #expect(error?.message == "invalid pattern")
    }

    #if DEBUG
    /// Keeping an `Argument` past its call is a programming error: debug builds stop with a
    /// message instead of reading memory SQLite has reused.
    @Test func argumentsUsedAfterTheirCallStopTheProgram() async {
        await #expect(processExitsWith: .failure) {
            let db = try Connection()
            let kept = KeptArgument()
            try db.add(SQLFunction("keep", argumentCount: 1) { args in kept.argument = args[0]; return 1 })
            _ = try db.scalar("select keep('text')")
            _ = kept.argument?.int64
        }
    }

    @Test func argumentsUsedDuringTheirCallAreFine() throws {
        let db = try Connection()
        try db.add(SQLFunction("copy", argumentCount: 1) { args in
            let argument = args[0]
            return argument.string
        })
        #expect(try db.value("select copy('kept')") == .text("kept"))
    }
    #endif
}

#if DEBUG
/// Where a test (wrongly) keeps an argument after its call.
private final class KeptArgument: @unchecked Sendable {
    var argument: Argument?
}
#endif
