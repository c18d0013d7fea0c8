import SQLshCore
import SQLshLineEditor
import SQLshShell
import Testing

/// Issue 38: Ctrl-R, then Escape and a control key at once.
@Suite struct SearchEscapeTests {
    @Test func escapeThenCtrlCLeavesTheSearchAndCancels() throws {
        let shell = try Shell(connection: Connection(path: ":memory:"))
        let session = LineEditorSession(shell: shell)
        let backend = FakeBackend()
        session.backend = backend
        backend.owners = [shell, session]
        backend.entries = ["select 2;", "select 1;"]
        _ = session.readLine(prompt: "sqlsh> ") {
            backend.type("1\u{1B}\u{03}")
            #expect(session.perform("sqlsh-search") == .refresh)
            #expect(backend.buffer.string == "select 1;")
            // Ctrl-C is pushed alone (not Meta-Ctrl-C): it cancels the line the search left.
            #expect(backend.keys == [3])
            // An arrow key after Escape is still read whole.
            backend.keys = []
            backend.type("2\u{1B}[D")
            _ = session.perform("sqlsh-search")
            #expect(backend.keys == [0x1B, 0x5B, 0x44])
            return (nil, true)
        }
    }
}
