import Testing
import CSQLite
@testable import SQLshCore

/// Counts live cursors, to check that SQLite's cursors release their Swift values.
final class LiveCounter: @unchecked Sendable {
    var count = 0
}
let liveCursors = LiveCounter()

final class CursorToken {
    init() { liveCursors.count += 1 }
    deinit { liveCursors.count -= 1 }
}

/// `repeat_text(text, count)`: `text` repeated `count` times, with the row number; both
/// arguments required (default planner).
struct RepeatText: TableValuedFunction {
    static let columns: [TableValuedColumn] = [
        .column("value"), .column("n"), .parameter("text", required: true), .parameter("count", required: true),
    ]
    var text: String? = nil
    var count: Int64 = 0
    var row: Int64 = 1
    let token = CursorToken()

    init() {}
    mutating func filter(_ arguments: FilterArguments) throws {
        text = arguments.parameter(2)?.string
        count = arguments.parameter(3)?.int64 ?? 0
        if count < 0 { throw SQLiteError(message: "repeat_text: count must not be negative") }
        row = 1
    }
    var isAtEnd: Bool { row > count }
    mutating func next() throws { row += 1 }
    func column(_ index: Int, into result: ResultContext) throws {
        switch index {
        case 0: if let text { result.set(text) } else { result.setNull() }
        case 1: result.set(row)
        case 2: if let text { result.set(text) } else { result.setNull() }
        default: result.set(count)
        }
    }
    func rowid() throws -> Int64 { row }
}

/// `digits(n)`: the decimal digits of n; the argument is optional (defaults to 12345).
struct Digits: TableValuedFunction {
    static let columns: [TableValuedColumn] = [.column("digit"), .parameter("n")]
    static var options: TableValuedOptions { .directOnly }
    var digits: [Int] = []
    var index = 0
    init() {}
    mutating func filter(_ arguments: FilterArguments) throws {
        let n = arguments.parameter(1)?.int64 ?? 12345
        digits = String(n.magnitude).compactMap { $0.wholeNumberValue }
        index = 0
    }
    var isAtEnd: Bool { index >= digits.count }
    mutating func next() throws { index += 1 }
    func column(_ column: Int, into result: ResultContext) throws {
        if column == 0 { result.set(digits[index]) } else { throw SQLiteError(message: "digits: no column \(column)") }
    }
    func rowid() throws -> Int64 { Int64(index) }
}

private func rows(_ db: Connection, _ sql: String) throws -> [String] {
    let statement = try db.prepare(sql)
    var out: [String] = []
    while try statement.step() {
        out.append((0..<statement.columnCount).map { statement.string(at: $0) ?? "NULL" }.joined(separator: "|"))
    }
    return out
}

@Suite(.serialized) struct TableValuedFunctionTests {
    @Test func argumentsFillHiddenColumnsInOrder() throws {
        let db = try Connection()
        try db.addTableValuedFunction("repeat_text", RepeatText.self)
        #expect(try rows(db, "select value, n from repeat_text('ab', 3)") == ["ab|1", "ab|2", "ab|3"])
        #expect(try rows(db, "select * from repeat_text('x', 2)") == ["x|1", "x|2"])
        #expect(try rows(db, "select text, count from repeat_text('x', 1)") == ["x|1"])
        #expect(try rows(db, "select rowid from repeat_text('x', 2)") == ["1", "2"])
        #expect(try rows(db, "select value from repeat_text where text = 'w' and count = 2") == ["w", "w"])
        #expect(try rows(db, "select count(*) from repeat_text('x', 0)") == ["0"])
    }

    @Test func missingRequiredArgumentHasNoQuerySolution() throws {
        let db = try Connection()
        try db.addTableValuedFunction("repeat_text", RepeatText.self)
        #expect(throws: SQLiteError.self) { try rows(db, "select * from repeat_text('x')") }
        do {
            _ = try rows(db, "select * from repeat_text")
            Issue.record("expected an error")
        } catch let error as SQLiteError {
            #expect(error.message == "no query solution")
        }
    }

    @Test func argumentsFromAnotherTableAreUsedAfterIt() throws {
        let db = try Connection()
        try db.addTableValuedFunction("repeat_text", RepeatText.self)
        try db.execute("create table t(s, k); insert into t values ('a', 1), ('b', 2)")
        // The plan with repeat_text first is unusable; SQLite must scan t first either way.
        #expect(try rows(db, "select s, n from repeat_text(t.s, t.k), t order by s, n") == ["a|1", "b|1", "b|2"])
        #expect(try rows(db, "select s, n from t join repeat_text(s, k) order by s, n") == ["a|1", "b|1", "b|2"])
    }

    @Test func optionalArgumentsAndNulls() throws {
        let db = try Connection()
        try db.addTableValuedFunction("digits", Digits.self)
        try db.addTableValuedFunction("repeat_text", RepeatText.self)
        #expect(try rows(db, "select group_concat(digit, '') from digits") == ["12345"])
        #expect(try rows(db, "select group_concat(digit, '') from digits(907)") == ["907"])
        #expect(try rows(db, "select value from repeat_text(null, 1)") == ["NULL"])
    }

    @Test func errorsCarryTheThrownMessage() throws {
        let db = try Connection()
        try db.addTableValuedFunction("repeat_text", RepeatText.self)
        try db.addTableValuedFunction("digits", Digits.self)
        #expect(throws: SQLiteError(code: SQLITE_ERROR, message: "repeat_text: count must not be negative")) {
            try rows(db, "select * from repeat_text('x', -1)")
        }
        #expect(throws: SQLiteError(code: SQLITE_ERROR, message: "digits: no column 1")) {
            try rows(db, "select n from digits(5)")
        }
        #expect(throws: SQLiteError.self) { try rows(db, "select * from digits(1, 2)") }
        #expect(throws: SQLiteError.self) { try db.execute("create virtual table v using digits") }
    }

    @Test func directOnlyRefusesViews() throws {
        let db = try Connection()
        try db.addTableValuedFunction("digits", Digits.self)
        try db.execute("create view v as select * from digits(42)")
        do {
            _ = try rows(db, "select * from v")
            Issue.record("expected an error")
        } catch let error as SQLiteError {
            #expect(error.message == "unsafe use of virtual table \"digits\"")
        }
    }

    @Test func removingAndReplacing() throws {
        let db = try Connection()
        try db.addTableValuedFunction("digits", Digits.self)
        try db.addTableValuedFunction("repeat_text", RepeatText.self)
        #expect(try db.moduleNames().contains("digits"))
        try db.removeTableValuedFunction(named: "digits")
        #expect(!(try db.moduleNames().contains("digits")))
        #expect(throws: SQLiteError(code: SQLITE_ERROR, message: "no such table: digits")) { try rows(db, "select * from digits(1)") }
        try db.removeTableValuedFunction(named: "never_registered")
        try db.addTableValuedFunction("digits", Digits.self)
        try db.addTableValuedFunction("digits", Digits.self)
        #expect(try rows(db, "select group_concat(digit, '') from digits(31)") == ["31"])
        #expect(try rows(db, "select value from repeat_text('r', 1)") == ["r"])
    }

    @Test func dropModulesKeepsTheNamedOnes() throws {
        let db = try Connection()
        try db.addTableValuedFunction("digits", Digits.self)
        try db.addTableValuedFunction("repeat_text", RepeatText.self)
        let before = try db.moduleNames()
        try db.dropModules(keeping: before.filter { $0 != "digits" })
        let after = try db.moduleNames()
        #expect(!after.contains("digits"))
        #expect(after.contains("repeat_text"))
        #expect(Set(after) == Set(before).subtracting(["digits"]))
    }

    @Test func removingWhileAStatementRunsIsBusy() throws {
        let db = try Connection()
        try db.addTableValuedFunction("digits", Digits.self)
        let statement = try db.prepare("select digit from digits(123)")
        #expect(try statement.step())
        #expect(throws: SQLiteError.self) { try db.removeTableValuedFunction(named: "digits") }
        statement.reset()
        try db.removeTableValuedFunction(named: "digits")
    }

    @Test func cursorsAreReleased() throws {
        do {
            let db = try Connection()
            try db.addTableValuedFunction("repeat_text", RepeatText.self)
            _ = try rows(db, "select * from repeat_text('a', 3) a, repeat_text('b', 2) b")
            do {
                let statement = try db.prepare("select * from repeat_text('a', 3)")
                _ = try statement.step()
                #expect(liveCursors.count >= 1)
            }
            #expect(liveCursors.count == 0)
            try db.close()
        }
        #expect(liveCursors.count == 0)
    }
}
