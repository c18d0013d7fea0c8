import SQLshLineEditor
import SQLshShell
import Testing

/// The layout of cells: wide and zero-width characters, control characters, wrapping.
@Suite struct ScreenFrameTests {
    private func frame(_ text: String, width: Int = 10) -> ScreenFrame {
        var frame = ScreenFrame(width: width)
        frame.put(text, style: "")
        return frame
    }

    @Test func asciiTakesOneCellEach() {
        var f = frame("abc")
        f.markCursor(beforeLineBreak: false)
        #expect(f.rows == [[ScreenFrame.Cell(text: "a", style: "", width: 1),
                            ScreenFrame.Cell(text: "b", style: "", width: 1),
                            ScreenFrame.Cell(text: "c", style: "", width: 1)]])
        #expect(f.cursor == (0, 3))
    }

    @Test func cjkTakesTwoCellsTheSecondEmpty() {
        let f = frame("日本")
        #expect(f.rows[0].map(\.width) == [2, 0, 2, 0])
        #expect(f.rows[0].map(\.text) == ["日", "", "本", ""])
    }

    @Test func emojiIsWide() {
        let f = frame("😀a")
        #expect(f.rows[0].map(\.width) == [2, 0, 1])
    }

    @Test func wideCharacterThatWouldCrossTheMarginWraps() {
        let f = frame("abcd日", width: 5)
        #expect(f.rowCount == 2)
        #expect(f.rows[0].count == 4)
        #expect(f.rows[1].first?.text == "日")
    }

    @Test func combiningMarkJoinsThePreviousCell() {
        let f = frame("e\u{301}x")
        #expect(f.rows[0].count == 2)
        #expect(f.rows[0][0].text.unicodeScalars.count == 2)
        #expect(f.rows[0][0].width == 1)
    }

    @Test func zeroWidthAfterALineBreakIsDropped() {
        var f = ScreenFrame(width: 10)
        f.put("a", style: "")
        f.lineBreak()
        f.put("\u{200B}b", style: "")
        #expect(f.rows[1].map(\.text) == ["b"])
    }

    @Test func controlCharactersShowAsCaretNotation() {
        #expect(frame("\u{01}\u{7F}").rows[0].map(\.text) == ["^", "A", "^", "?"])
    }

    @Test func tabExpandsToTheNextMultipleOfEight() {
        let f = frame("ab\tc", width: 20)
        #expect(f.rows[0].count == 9)
        #expect(f.rows[0][8].text == "c")
    }

    @Test func cursorAfterAFullRowGoesToTheNextRow() {
        var f = frame("abcd", width: 4)
        f.markCursor(beforeLineBreak: false)
        #expect(f.cursor == (1, 0))
        #expect(f.rowCount == 2)
    }

    @Test func cursorAfterAFullRowBeforeALineBreakStaysOnItsLastColumn() {
        var f = frame("abcd", width: 4)
        f.markCursor(beforeLineBreak: true)
        #expect(f.cursor == (0, 3))
        #expect(f.rowCount == 1)
    }

    @Test func textExactlyAsWideAsTheScreenWrapsOnlyWithTheNextCharacter() {
        let f = frame("abcde", width: 4)
        #expect(f.rows.map(\.count) == [4, 1])
    }

    @Test func keepRowsKeepsTheCursorInside() {
        var f = frame("aaaabbbbccccdd", width: 4)
        f.markCursor(beforeLineBreak: false)
        f.keepRows(from: 2, height: 2)
        #expect(f.rowCount == 2)
        #expect(f.rows[0].map(\.text).joined() == "cccc")
        #expect(f.cursor == (1, 2))
    }
}
