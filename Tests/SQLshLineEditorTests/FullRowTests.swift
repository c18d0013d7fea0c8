import SQLshLineEditor
import SQLshShell
import Testing

/// Issue 38: a line exactly as wide as the screen, once entered, leaves no blank row.
@Suite struct FullRowTests {
    private func frame(_ text: String, final: Bool) -> ScreenFrame {
        var layout = FrameLayout()
        return layout.frame(EditBuffer(text), prompt: "sqlsh> ", continuationPrompt: "   ...> ",
                            palette: Palette(colour: false, highlight: false), names: nil, suggestion: nil,
                            width: 20, height: 24, final: final)
    }

    @Test func anEnteredFullRowKeepsTheCursorOnItsLastColumn() {
        let text = "select 12345;"  // 7 + 13 = 20 columns
        // While editing, the cursor waits at the start of the next row.
        let editing = frame(text, final: false)
        #expect(editing.rowCount == 2)
        #expect(editing.cursor == (1, 0))
        // Entered: no extra row; the output starts on the row after the line.
        let entered = frame(text, final: true)
        #expect(entered.rowCount == 1)
        #expect(entered.cursor == (0, 19))
        var renderer = FrameRenderer()
        _ = renderer.draw(editing)
        let redraw = renderer.draw(entered) + renderer.leaveShown()
        // The empty row is cleared and the cursor goes back up to the line: one line feed
        // after the line, not two.
        #expect(redraw.hasSuffix("\r\n"), "\(redraw.debugDescription)")
        #expect(!redraw.hasSuffix("\r\n\r\n"), "\(redraw.debugDescription)")
    }
}
