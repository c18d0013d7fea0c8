import SQLshCore
import Testing

private final class CompiledPattern {
    let pattern: String
    let onRelease: Counter
    init(_ pattern: String, onRelease: Counter) {
        self.pattern = pattern
        self.onRelease = onRelease
    }
    deinit { onRelease.increment() }
}

/// Auxiliary data caches work derived from a constant argument across the rows of a statement.
@Suite struct AuxiliaryDataTests {
    private func database(compiled: Counter, released: Counter) throws -> Connection {
        let db = try Connection()
        try db.add(SQLFunction("has", argumentCount: 2, options: .pure) { args in
            let pattern: CompiledPattern
            if let cached = args.auxiliaryData(for: 0) as? CompiledPattern {
                pattern = cached
            } else {
                compiled.increment()
                pattern = CompiledPattern(try args.decode(0, as: String.self), onRelease: released)
                args.setAuxiliaryData(pattern, for: 0)
            }
            return try args.decode(1, as: String.self).contains(pattern.pattern)
        })
        try db.execute("create table t(s); insert into t values ('apple'), ('banana'), ('cherry'), ('grape')")
        return db
    }

    @Test func constantArgumentIsCompiledOncePerStatement() throws {
        let compiled = Counter(), released = Counter()
        let db = try database(compiled: compiled, released: released)
        #expect(try db.column("select has('an', s) from t") == [.integer(0), .integer(1), .integer(0), .integer(0)])
        #expect(compiled.value == 1)
        #expect(released.value == 1) // released with the statement
    }

    @Test func varyingArgumentIsNotCached() throws {
        let compiled = Counter(), released = Counter()
        let db = try database(compiled: compiled, released: released)
        #expect(try db.column("select has(substr(s, 2, 2), s) from t") == [.integer(1), .integer(1), .integer(1), .integer(1)])
        #expect(compiled.value == 4)
        #expect(released.value == 4)
    }

    @Test func cacheLivesAcrossStepsOfOneStatementOnly() throws {
        let compiled = Counter(), released = Counter()
        let db = try database(compiled: compiled, released: released)
        let statement = try db.prepare("select has(?, s) from t")
        try statement.bind("e", at: 1)
        while try statement.step() {}
        #expect(compiled.value == 1)
        statement.reset()
        try statement.bind("r", at: 1)
        while try statement.step() {}
        #expect(compiled.value == 2)
        #expect(released.value >= 1)
    }

    @Test func missingAuxiliaryDataIsNil() throws {
        let db = try Connection()
        try db.add(SQLFunction("peek", argumentCount: 1) { args in args.auxiliaryData(for: 0) == nil })
        #expect(try db.value("select peek(1)") == .integer(1))
    }
}
