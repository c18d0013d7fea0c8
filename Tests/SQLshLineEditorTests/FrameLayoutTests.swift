import SQLshLineEditor
import SQLshShell
import Testing

/// The prompt and buffer laid out: colours, suggestion, bracket, continuation, viewport.
@Suite struct FrameLayoutTests {
    private func layout(_ buffer: EditBuffer, colour: Bool = true, highlight: Bool = true,
                        suggestion: String? = nil, width: Int = 40, height: Int = 24, final: Bool = false,
                        layout: inout FrameLayout) -> ScreenFrame {
        layout.frame(buffer, prompt: "sqlsh> ", continuationPrompt: "   ...> ",
                     palette: Palette(colour: colour, highlight: highlight), names: HighlightNames(keywords: ["SELECT", "select"]),
                     suggestion: suggestion.map { Array($0.unicodeScalars) }, width: width, height: height, final: final)
    }

    private func frame(_ buffer: EditBuffer, colour: Bool = true, highlight: Bool = true, suggestion: String? = nil,
                       final: Bool = false) -> ScreenFrame {
        var l = FrameLayout()
        return layout(buffer, colour: colour, highlight: highlight, suggestion: suggestion, final: final, layout: &l)
    }

    private func text(_ row: [ScreenFrame.Cell]) -> String { row.map(\.text).joined() }

    @Test func promptIsBoldGreenButItsLastCharacter() {
        let f = frame(EditBuffer(""))
        #expect(f.rows[0].map(\.style) == Array(repeating: Style.prompt.parameters, count: 6) + [""])
        #expect(frame(EditBuffer(""), colour: false).rows[0].allSatisfy { $0.style.isEmpty })
    }

    @Test func keywordsAreHighlightedOnlyWithHighlightOn() {
        let on = frame(EditBuffer("select 1"))
        #expect(on.rows[0][7].style == Style.highlight(.keyword).parameters)
        let off = frame(EditBuffer("select 1"), highlight: false)
        #expect(off.rows[0][7].style == "")
    }

    @Test func continuationPromptStartsEachLaterLine() {
        let f = frame(EditBuffer("select\n1;"))
        #expect(f.rowCount == 2)
        #expect(text(f.rows[1]) == "   ...> 1;")
        #expect(f.cursor == (1, 10))
    }

    @Test func suggestionIsGreyAfterTheCursorAndNotInTheFinalLine() {
        let f = frame(EditBuffer("sel"), suggestion: "ect 1;")
        #expect(text(f.rows[0]) == "sqlsh> select 1;")
        #expect(f.rows[0][10].style == Style.suggestion.parameters)
        #expect(f.cursor == (0, 10))
        #expect(text(frame(EditBuffer("sel"), suggestion: "ect 1;", final: true).rows[0]) == "sqlsh> sel")
        #expect(text(frame(EditBuffer("sel"), highlight: false, suggestion: "ect 1;").rows[0]) == "sqlsh> sel")
    }

    @Test func matchingBracketIsReversed() {
        let f = frame(EditBuffer("(1)"))
        #expect(f.rows[0][7].style == Style.matchingBracket.parameters)
        #expect(frame(EditBuffer("(1)"), final: true).rows[0][7].style != Style.matchingBracket.parameters)
    }

    @Test func aBufferTallerThanTheScreenShowsTheRowsAroundTheCursor() {
        let lines = (1...10).map { "line \($0)" }.joined(separator: "\n")
        var l = FrameLayout()
        let atEnd = layout(EditBuffer(lines), height: 4, layout: &l)
        #expect(atEnd.rowCount == 4)
        #expect(l.viewportTop == 6)
        #expect(atEnd.cursor.row == 3)
        #expect(text(atEnd.rows[3]).hasSuffix("line 10"))
        // The cursor at the top: the window moves only as far as it needs.
        let atTop = layout(EditBuffer(lines, cursor: 0), height: 4, layout: &l)
        #expect(l.viewportTop == 0)
        #expect(atTop.cursor == (0, 7))
        let line3 = layout(EditBuffer(lines, cursor: 14), height: 4, layout: &l)
        #expect(l.viewportTop == 0)
        #expect(line3.cursor.row == 2)
    }

    @Test func longLineWrapsAtTheWidth() {
        var l = FrameLayout()
        let f = layout(EditBuffer(String(repeating: "x", count: 33)), colour: false, width: 20, layout: &l)
        #expect(f.rows.map(\.count) == [20, 20, 0])
        #expect(f.cursor == (2, 0))
    }

    @Test func libeditRowAfterText() {
        #expect(FrameLayout.row(after: "abc", width: 4) == 0)
        #expect(FrameLayout.row(after: "abcd", width: 4) == 1)
        #expect(FrameLayout.row(after: "ab\ncd", width: 4) == 1)
        #expect(FrameLayout.row(after: "abc日", width: 4) == 1)
    }
}
