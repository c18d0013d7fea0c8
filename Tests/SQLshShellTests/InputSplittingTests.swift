import Testing
@testable import SQLshShell

/// sqlite3's `quickscan` classification and line sources.
struct InputSplittingTests {
    private func scan(_ lines: [String]) -> QuickScanState {
        var state = QuickScanState.start
        for line in lines {
            state = Array(line.utf8).withUnsafeBufferPointer { state.scanning($0) }
        }
        return state
    }

    @Test func blankAndCommentLinesArePlainWhite() {
        #expect(scan(["   "]).isPlainWhite)
        #expect(scan(["-- comment; here"]).isPlainWhite)
        #expect(scan([";;"]).isPlainWhite)
        #expect(scan(["/* a */"]).isPlainWhite)
    }

    @Test func statementEndingWithSemicolon() {
        #expect(scan(["select 1;"]).endsWithSemicolon)
        #expect(scan(["select 1; -- trailing"]).endsWithSemicolon)
        #expect(!scan(["select 1; select"]).endsWithSemicolon)
        #expect(!scan(["select 'a;"]).endsWithSemicolon)
    }

    @Test func quotesAndCommentsCarryOverLines() {
        #expect(!scan(["select 'a", "b"]).isInPlainText)
        #expect(scan(["select 'a", "b';"]).endsWithSemicolon)
        #expect(!scan(["select 1 /* open", "still ;"]).endsWithSemicolon)
        #expect(scan(["select 1 /* open", "closed */ ;"]).endsWithSemicolon)
        #expect(scan(["select [a;", "b];"]).endsWithSemicolon)
        #expect(scan(["select 'it''s';"]).endsWithSemicolon)
    }

    @Test func stringSourceCutsLinesLikeFgets() {
        let source = StringLineSource("a\r\nb\nc\0d\ne")
        var lines: [String] = []
        while let line = source.readLine(prompt: "") { lines.append(String(decoding: line, as: UTF8.self)) }
        #expect(lines == ["a", "b", "c", "e"])
    }

    @Test func errorContextPointsAtTheOffset() {
        let sql = Array("select 1 from;".utf8)
        let context = sql.withUnsafeBufferPointer { String(decoding: errorContext(sql: $0, offset: 13), as: UTF8.self) }
        #expect(context == "\n  select 1 from;\n               ^--- error here")
        let long = Array(("select " + String(repeating: "x, ", count: 40) + "from").utf8)
        let far = long.withUnsafeBufferPointer { String(decoding: errorContext(sql: $0, offset: 100), as: UTF8.self) }
        #expect(far.hasSuffix("error here ---^"))
        #expect(sql.withUnsafeBufferPointer { errorContext(sql: $0, offset: nil) }.isEmpty)
    }
}
