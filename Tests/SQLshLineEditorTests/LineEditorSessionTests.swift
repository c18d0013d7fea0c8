import SQLshCore
import SQLshLineEditor
import SQLshShell
import Testing

/// libedit and the terminal as the session sees them: a buffer, keys to read, a screen size,
/// and what is written.
final class FakeBackend: EditorBackend {
    var buffer = EditBuffer()
    var keys: [UInt32] = []
    var written = ""
    var width = 40
    var entries: [String] = []
    /// The shell and session, kept alive as long as the backend (the session holds its shell
    /// unowned and its backend weakly, as in the program).
    var owners: [AnyObject] = []

    func type(_ text: String) { keys += text.unicodeScalars.map(\.value) }
    func insert(_ text: String) {
        buffer.text.insert(contentsOf: text.unicodeScalars, at: buffer.cursor)
        buffer.cursor += text.unicodeScalars.count
    }
    func delete(_ count: Int) {
        let n = min(count, buffer.cursor)
        buffer.text.removeSubrange((buffer.cursor - n)..<buffer.cursor)
        buffer.cursor -= n
    }
    func moveCursor(by offset: Int) { buffer.cursor = min(max(0, buffer.cursor + offset), buffer.text.count) }
    func push(_ keys: String) { self.keys.insert(contentsOf: keys.unicodeScalars.map(\.value), at: 0) }
    func readKey() -> UInt32? { keys.isEmpty ? nil : keys.removeFirst() }
    func readKey(within milliseconds: Int32) -> UInt32? { readKey() }
    func write(_ text: String) { written += text }
    func terminalWidth() -> Int? { width }
    func terminalHeight() -> Int? { 24 }
    func pendingInput() -> Int { 0 }
    var drawsLineItself: Bool { false }
    func refreshLibedit() {}
    func flushLibedit() {}
    func ringBells() {}
    func prepareTerminal(forEditing: Bool) {}
    func historyEntries() -> [String] { entries }
    var reflowsLines: Bool { false }
    func resize() {}
    var isEmacs: Bool { true }
}

/// The session over a fake backend: keys as libedit would call them.
@Suite struct LineEditorSessionTests {
    private func makeSession() throws -> (Shell, LineEditorSession, FakeBackend) {
        let shell = try Shell(connection: Connection(path: ":memory:"))
        let session = LineEditorSession(shell: shell)
        let backend = FakeBackend()
        session.backend = backend
        backend.owners = [shell, session]
        return (shell, session, backend)
    }

    @Test func aLineIsReadAndDrawnAfterThePrompt() throws {
        let (shell, session, backend) = try makeSession()
        let line = session.readLine(prompt: "sqlsh> ") {
            session.willReadKey()
            backend.insert("select 1;")
            return (Array("select 1;\n".utf8), false)
        }
        #expect(line == Array("select 1;".utf8))
        #expect(backend.written.hasPrefix("sqlsh> "))
        #expect(backend.written.hasSuffix("select 1;\r\n"))
        _ = shell
    }

    @Test func ctrlCDiscardsTheInput() throws {
        let (shell, session, backend) = try makeSession()
        defer { withExtendedLifetime(shell) {} }
        let line = session.readLine(prompt: "sqlsh> ") {
            backend.insert("select")
            #expect(session.perform("sqlsh-cancel") == .refresh)
            #expect(backend.buffer.string == "select^C")
            #expect(backend.keys == [10])
            return (Array("select^C\n".utf8), false)
        }
        #expect(line == [])
        #expect(session.takeCancellation())
    }

    @Test func multiLineUpDownMoveInsideTheBufferThenThroughHistory() throws {
        let (shell, session, backend) = try makeSession()
        defer { withExtendedLifetime(shell) {} }
        backend.entries = ["select 42;"]
        _ = session.readLine(prompt: "sqlsh> ") {
            backend.insert("select\n  1")
            #expect(session.perform("sqlsh-up") == .refresh)
            #expect(backend.buffer.cursor == 3)
            #expect(session.perform("sqlsh-up") == .refresh)
            #expect(backend.buffer.string == "select 42;")
            #expect(session.perform("sqlsh-down") == .refresh)
            #expect(backend.buffer.string == "select\n  1")
            #expect(session.perform("sqlsh-down") == .refreshBeep)
            return (nil, true)
        }
    }

    @Test func enterAddsALineToAnUnfinishedStatement() throws {
        let (shell, session, backend) = try makeSession()
        defer { withExtendedLifetime(shell) {} }
        backend.insert("select 1")
        #expect(session.perform("sqlsh-enter") == .refresh)
        #expect(backend.buffer.string == "select 1\n")
        backend.insert(";")
        #expect(session.perform("sqlsh-enter") == .newline)
    }

    @Test func bracketedPasteInsertsTextWithoutRunningIt() throws {
        let (shell, session, backend) = try makeSession()
        defer { withExtendedLifetime(shell) {} }
        backend.type("select 1;\rselect 2;\r")
        backend.keys += ControlSequence.pasteEnd.map(\.value)
        backend.type("x")
        #expect(session.perform("sqlsh-paste") == .refresh)
        #expect(backend.buffer.string == "select 1;\nselect 2;")
        #expect(backend.keys == [0x78])
    }

    @Test func ctrlRFindsAnEntryAndEnterRunsIt() throws {
        let (shell, session, backend) = try makeSession()
        defer { withExtendedLifetime(shell) {} }
        backend.entries = ["select 2;", "select 1;"]
        _ = session.readLine(prompt: "sqlsh> ") {
            backend.type("1\r")
            #expect(session.perform("sqlsh-search") == .refresh)
            #expect(backend.buffer.string == "select 1;")
            #expect(session.prompt == "sqlsh> ")
            #expect(session.lastSearch == "1")
            #expect(backend.written.hasPrefix("(reverse-i-search)'': "))
            #expect(backend.written.contains("1': select 1;"))
            // The pushed Enter ends the line whatever it holds.
            #expect(backend.keys == [10])
            #expect(session.perform("sqlsh-enter") == .newline)
            return (nil, true)
        }
    }

    @Test func suggestionIsTakenWholeOrByWord() throws {
        let (shell, session, backend) = try makeSession()
        shell.settings.colour = true
        backend.entries = ["select name from users;"]
        _ = session.readLine(prompt: "sqlsh> ") {
            backend.insert("select")
            #expect(session.perform("sqlsh-forward-word") == .refresh)
            #expect(backend.buffer.string == "select name")
            #expect(session.perform("sqlsh-end") == .refresh)
            #expect(backend.buffer.string == "select name from users;")
            return (nil, true)
        }
    }

    @Test func editedTextIsQueuedLineByLine() throws {
        let (shell, session, _) = try makeSession()
        withExtendedLifetime(shell) {
            #expect(session.insertInput("select\n1;") == shell.settings.prompt + "select\n" + shell.settings.continuationPrompt + "1;\n")
            #expect(session.nextQueuedLine() == Array("select".utf8))
            #expect(session.nextQueuedLine() == Array("1;".utf8))
            #expect(session.nextQueuedLine() == nil)
        }
    }

    @Test func resizeRedrawsTheLineFromItsFirstRow() throws {
        let (shell, session, backend) = try makeSession()
        defer { withExtendedLifetime(shell) {} }
        _ = session.readLine(prompt: "sqlsh> ") {
            backend.insert("select 1")
            session.willReadKey()
            session.redrawIfResized()
            backend.written = ""
            backend.width = 30
            session.redrawIfResized()
            #expect(backend.written.hasPrefix("\r" + ControlSequence.eraseBelow + "sqlsh> "))
            return (nil, true)
        }
    }
}
