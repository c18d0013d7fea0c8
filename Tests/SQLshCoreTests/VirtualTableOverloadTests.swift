import SQLshCore
import Testing

/// Functions a virtual table overloads on its columns (SQLite's xFindFunction).
@Suite struct VirtualTableOverloadTests {
    @Test func aColumnArgumentRunsTheTablesFunction() throws {
        let db = try Connection()
        try db.addVirtualTableModule("letters", Letters.self)
        try db.declareOverloadableFunction("shout")
        try db.execute("create virtual table l using letters")
        #expect(try db.rows("select shout(c) from l") == [[.text("A!")], [.text("B!")]])
        // Not on a column of the table: the declared name only.
        let error = #expect(throws: SQLiteError.self) { try db.rows("select shout('x')") }
        #expect(error?.message == "unable to use function shout in the requested context")
        // A table that overloads nothing else leaves other functions alone.
        #expect(try db.rows("select upper(c) from l") == [[.text("A")], [.text("B")]])
    }
}

private enum Letters: VirtualTableModule {
    static func makeTable(arguments: [String], context: VirtualTableContext) throws -> any VirtualTable { LettersTable() }
}

private final class LettersTable: FunctionOverloadingVirtualTable {
    var schema: String { "CREATE TABLE x(c)" }
    func makeCursor() throws -> any VirtualTableCursor { LettersCursor() }
    let shout = VirtualTableFunction { arguments, result in
        result.set(String(decoding: arguments[0].textBytes, as: UTF8.self).uppercased() + "!")
    }
    func overload(named name: String, argumentCount: Int) -> VirtualTableFunction? {
        name == "shout" ? shout : nil
    }
}

private final class LettersCursor: VirtualTableCursor {
    private let letters = ["a", "b"]
    private var position = 0
    func filter(_ arguments: FilterArguments) throws { position = 0 }
    var isAtEnd: Bool { position >= letters.count }
    func next() throws { position += 1 }
    func column(_ index: Int, into result: ResultContext) throws { result.set(letters[position]) }
    func rowid() throws -> Int64 { Int64(position) }
}
