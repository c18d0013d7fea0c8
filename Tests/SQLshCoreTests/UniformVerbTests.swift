import SQLshCore
import Testing

private struct DigitCursor: TableValuedFunction {
    static let columns: [TableValuedColumn] = [.column("digit"), .parameter("n")]
    var digits: [Int64] = [], index = 0
    init() {}
    mutating func filter(_ arguments: FilterArguments) throws {
        digits = String(arguments.parameter(1)?.int64 ?? 0).compactMap { $0.wholeNumberValue.map(Int64.init) }
        index = 0
    }
    var isAtEnd: Bool { index >= digits.count }
    mutating func next() throws { index += 1 }
    func column(_ index: Int, into result: ResultContext) throws { result.set(digits[self.index]) }
    func rowid() throws -> Int64 { Int64(index) }
}

private struct Total: Aggregate {
    var sum: Int64 = 0
    mutating func step(_ arguments: Arguments) throws { sum += arguments[0].int64 }
    func finalize() throws -> (any SQLValueConvertible)? { sum }
}

/// One pair of verbs, `add(_:)` and `remove(_:)`, for every kind of registration.
@Suite struct UniformVerbTests {
    @Test func addAndRemoveEveryKind() throws {
        let db = try Connection()
        let twice = SQLFunction("twice", argumentCount: 1, options: .pure) { args in args[0].int64 * 2 }
        let total = SQLFunction("total_of", argumentCount: 1, aggregate: Total.self)
        let reversed = SQLCollation("reversed") { a, b in
            a.elementsEqual(b) ? 0 : (a.lexicographicallyPrecedes(b) ? 1 : -1)
        }
        let digits = SQLTableFunction("digits", DigitCursor.self)
        try db.add(twice)
        try db.add(total)
        try db.add(reversed)
        try db.add(digits)

        #expect(try db.value("select total_of(twice(digit)) from digits(1234)") == .integer(20))
        #expect(try db.column("select digit from digits(312) order by cast(digit as text) collate reversed")
                == [.integer(3), .integer(2), .integer(1)])

        try db.remove(twice)
        try db.remove(total)
        try db.remove(reversed)
        try db.remove(digits)
        let function = #expect(throws: SQLiteError.self) { _ = try db.value("select twice(1)") }
        #expect(function?.message == "no such function: twice")
        let aggregate = #expect(throws: SQLiteError.self) { _ = try db.value("select total_of(1)") }
        #expect(aggregate?.message == "no such function: total_of")
        let collation = #expect(throws: SQLiteError.self) { _ = try db.value("select 'a' < 'b' collate reversed") }
        #expect(collation?.message == "no such collation sequence: reversed")
        let table = #expect(throws: SQLiteError.self) { _ = try db.value("select * from digits(1)") }
        #expect(table?.message == "no such table: digits")
    }

    @Test func tableFunctionWithCursorFactory() throws {
        let db = try Connection()
        try db.add(SQLTableFunction("fixed_digits", DigitCursor.self, makeCursor: { DigitCursor() }))
        #expect(try db.column("select digit from fixed_digits(907)") == [.integer(9), .integer(0), .integer(7)])
    }
}
