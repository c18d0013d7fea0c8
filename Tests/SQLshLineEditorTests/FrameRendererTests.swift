import SQLshLineEditor
import SQLshShell
import Testing

/// The renderer writes only what changed, and erases for a resize.
@Suite struct FrameRendererTests {
    private func frame(_ text: String, width: Int = 10, cursor: Int? = nil, style: String = "") -> ScreenFrame {
        var frame = ScreenFrame(width: width)
        for (i, scalar) in text.unicodeScalars.enumerated() {
            if i == cursor { frame.markCursor(beforeLineBreak: false) }
            frame.put(scalar, style: style)
        }
        if cursor == nil { frame.markCursor(beforeLineBreak: false) }
        return frame
    }

    @Test func firstFrameIsWrittenWhole() {
        var renderer = FrameRenderer()
        #expect(renderer.draw(frame("ab")) == "ab")
    }

    @Test func typingAtTheEndWritesOnlyTheNewCharacter() {
        var renderer = FrameRenderer()
        _ = renderer.draw(frame("ab"))
        #expect(renderer.draw(frame("abc")) == "c")
        #expect(renderer.draw(frame("abc")) == "")
    }

    @Test func cursorMoveAloneOnlyMovesTheCursor() {
        var renderer = FrameRenderer()
        _ = renderer.draw(frame("ab"))
        #expect(renderer.draw(frame("ab", cursor: 1)) == "\r" + ControlSequence.right(1))
    }

    @Test func shorterLineErasesItsTail() {
        var renderer = FrameRenderer()
        _ = renderer.draw(frame("abc"))
        #expect(renderer.draw(frame("ab")) == "\r" + ControlSequence.right(2) + ControlSequence.eraseToLineEnd)
    }

    @Test func styledCellsAreWrappedInTheirSGR() {
        var renderer = FrameRenderer()
        #expect(renderer.draw(frame("ab", style: "1;34")) == "\u{1B}[1;34mab\u{1B}[0m")
    }

    @Test func resizeRedrawsFromTheFirstRow() {
        var renderer = FrameRenderer()
        _ = renderer.draw(frame("ab", width: 10))
        #expect(renderer.draw(frame("ab", width: 8)) == "\r" + ControlSequence.eraseBelow + "ab")
    }

    @Test func eraseAfterAReflowCountsTheRowsEachOldRowNowTakes() {
        var renderer = FrameRenderer()
        _ = renderer.draw(frame("abcdefghijkl", width: 10))  // 10 + 2 cells, cursor on row 1
        var copy = renderer
        #expect(copy.eraseShown() == "\r" + ControlSequence.up(1) + ControlSequence.eraseBelow)
        #expect(renderer.eraseShown(reflowedTo: 5) == "\r" + ControlSequence.up(2) + ControlSequence.eraseBelow)
        #expect(renderer.shown == nil)
    }

    @Test func leavingMovesBelowTheLastRow() {
        var renderer = FrameRenderer()
        _ = renderer.draw(frame("abcdefghijkl", width: 10, cursor: 2))
        #expect(renderer.leaveShown() == ControlSequence.down(1) + "\r\n")
        #expect(renderer.leaveShown() == "")
    }

    @Test func firstDifferenceIsTheFirstChangedCell() {
        let a = frame("日x"), b = frame("日y")
        #expect(FrameRenderer.firstDifference(a, b)! == (0, 2))
        let c = frame("本x")
        #expect(FrameRenderer.firstDifference(a, c)! == (0, 0))
    }
}
