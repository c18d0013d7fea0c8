import SQLshLineEditor
import SQLshShell
import Testing

/// The buffer and cursor model: multi-line Up and Down, history, the suggestion, Enter.
@Suite struct EditingTests {
    private func scalars(_ text: String) -> [Unicode.Scalar] { Array(text.unicodeScalars) }

    @Test func upMovesToTheLineAboveAtTheSameColumn() {
        var editor = LineEditor()
        #expect(editor.up(EditBuffer("select a,\n  bcd")) == .moveCursor(to: 5))
    }

    @Test func upStopsAtTheEndOfAShorterLine() {
        var editor = LineEditor()
        #expect(editor.up(EditBuffer("ab\nselect")) == .moveCursor(to: 2))
    }

    @Test func downMovesToTheLineBelow() {
        var editor = LineEditor()
        #expect(editor.down(EditBuffer("select\nx", cursor: 1)) == .moveCursor(to: 8))
    }

    @Test func upAndDownCountColumnsOfWideCharacters() {
        var editor = LineEditor()
        // Column 4 on the second line is after 日本 (two columns each).
        #expect(editor.up(EditBuffer("日本x\nabcd", cursor: 8)) == .moveCursor(to: 2))
        // Column 3 falls inside 本: the cursor stays before it.
        #expect(editor.up(EditBuffer("日本x\nabcd", cursor: 7)) == .moveCursor(to: 1))
    }

    @Test func upOnTheFirstLineRecallsHistoryAndDownGivesTheTypedLineBack() {
        var editor = LineEditor()
        editor.history.reset(entries: [scalars("select 2;"), scalars("select 1;")])
        #expect(editor.up(EditBuffer("sel")) == .replace(scalars("select 2;")))
        #expect(editor.up(EditBuffer("select 2;")) == .replace(scalars("select 1;")))
        #expect(editor.up(EditBuffer("select 1;")) == .beep)
        #expect(editor.down(EditBuffer("select 1;")) == .replace(scalars("select 2;")))
        #expect(editor.down(EditBuffer("select 2;")) == .replace(scalars("sel")))
        #expect(editor.down(EditBuffer("sel")) == .beep)
    }

    @Test func multiLineEntryIsRecalledWholeThenUpMovesInsideIt() {
        var editor = LineEditor()
        editor.history.reset(entries: [scalars("select\n  1;")])
        #expect(editor.up(EditBuffer("")) == .replace(scalars("select\n  1;")))
        #expect(editor.up(EditBuffer("select\n  1;")) == .moveCursor(to: 4))
    }

    @Test func homeGoesToTheLineStartThenTheBufferStart() {
        let editor = LineEditor()
        #expect(editor.lineStart(EditBuffer("ab\ncd", cursor: 4)) == .moveCursor(to: 3))
        #expect(editor.lineStart(EditBuffer("ab\ncd", cursor: 3)) == .moveCursor(to: 0))
    }

    @Test func endGoesToTheEndOfTheLine() {
        let editor = LineEditor()
        #expect(editor.lineEnd(EditBuffer("ab\ncd", cursor: 0)) == .moveCursor(to: 2))
    }

    @Test func rightAndEndTakeTheWholeSuggestion() {
        var editor = LineEditor()
        editor.history.reset(entries: [scalars("select name from users;")])
        #expect(editor.suggestion(for: EditBuffer("select n")) == scalars("ame from users;"))
        #expect(editor.right(EditBuffer("select n")) == .insert(scalars("ame from users;")))
        #expect(editor.lineEnd(EditBuffer("select n")) == .insert(scalars("ame from users;")))
    }

    @Test func altFTakesTheSuggestionAWordAtATime() {
        var editor = LineEditor()
        editor.history.reset(entries: [scalars("select name from users;")])
        #expect(editor.forwardWord(EditBuffer("sel")) == .insert(scalars("ect")))
        #expect(editor.forwardWord(EditBuffer("select")) == .insert(scalars(" name")))
    }

    @Test func noSuggestionForABlankLineOrAwayFromTheEndOrWithoutHighlighting() {
        var editor = LineEditor()
        editor.history.reset(entries: [scalars("select 1;")])
        #expect(editor.suggestion(for: EditBuffer("  ")) == nil)
        #expect(editor.suggestion(for: EditBuffer("sel", cursor: 1)) == nil)
        #expect(editor.right(EditBuffer("sel", cursor: 1)) == .moveCursor(to: 2))
        editor.suggests = false
        #expect(editor.suggestion(for: EditBuffer("sel")) == nil)
    }

    @Test func forwardWordWithoutSuggestionMovesPastTheNextWord() {
        let editor = LineEditor()
        #expect(editor.forwardWord(EditBuffer("select  名前 x", cursor: 6)) == .moveCursor(to: 10))
    }

    @Test func enterRunsACompleteInputElseAddsALine() {
        #expect(LineEditor.enter(EditBuffer("select 1"), earlierLines: []) == .insert(["\n"]))
        #expect(LineEditor.enter(EditBuffer("select 1;"), earlierLines: []) == .acceptLine)
        #expect(LineEditor.enter(EditBuffer("1;"), earlierLines: ["select"]) == .acceptLine)
        #expect(LineEditor.enter(EditBuffer(".tables"), earlierLines: []) == .acceptLine)
    }

    @Test func statementInputQueuesTheLinesOfABuffer() {
        var input = StatementInput()
        #expect(input.take(Array("select\n1;\n".utf8)) == Array("select".utf8))
        #expect(input.lines == ["select"])
        #expect(input.nextQueued() == Array("1;".utf8))
        #expect(input.nextQueued() == nil)
        #expect(input.context(before: "x") == "select\n1;\nx")
        #expect(input.cancel() == [])
        let first = input.takeCancellation(), second = input.takeCancellation()
        #expect(first && !second)
        #expect(input.lines.isEmpty)
    }

    @Test func aCommentBeforeAStatementIsNotPartOfIt() {
        var input = StatementInput()
        _ = input.remember(Array("# note".utf8))
        _ = input.remember(Array("   ".utf8))
        #expect(input.lines.isEmpty)
    }

    @Test func editedTextIsShownUnderThePromptsAndQueued() {
        var input = StatementInput()
        let shown = input.insert("select\n1;\n\n", prompt: "sqlsh> ", continuationPrompt: "   ...> ")
        #expect(shown == "sqlsh> select\n   ...> 1;\n")
        #expect(input.queued.count == 2)
    }
}
