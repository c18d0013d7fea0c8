import Foundation
import Testing
import SQLshCore
import SQLshShell

/// The shell library never ends the process: where sqlite3 calls `exit()`, it throws
/// `ShellExit(status)` for the program running it to catch.
@Suite("Shell exit")
struct ShellExitTests {
    /// A shell writing to files in a fresh folder; returns it and a reader of its standard error.
    private func makeShell(safe: Bool = false) throws -> (Shell, () throws -> String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sqlsh-exit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let errPath = dir.appendingPathComponent("err").path
        let out = try OutputWriter(path: dir.appendingPathComponent("out").path), err = try OutputWriter(path: errPath)
        let shell = Shell(path: ":memory:", standardOutput: out, standardError: err)
        shell.settings.safeMode = safe
        return (shell, {
            shell.flushAll()
            return try String(contentsOfFile: errPath, encoding: .utf8)
        })
    }

    @Test(".exit N throws ShellExit(N); .exit and .exit 0 end the input normally")
    func exitCommand() throws {
        let (shell, _) = try makeShell()
        #expect(throws: ShellExit(status: 3)) { try shell.process(StringLineSource("select 1;\n.exit 3\nselect 2;\n")) }
        #expect(try shell.process(StringLineSource(".exit 0\nselect 2;\n")) == .success)
        #expect(try shell.runDotCommand(line: ".exit") == .exit(0))
    }

    @Test("a dot-command refused by safe mode throws ShellExit(1) after sqlite3's message")
    func safeModeCommand() throws {
        let (shell, err) = try makeShell(safe: true)
        #expect(throws: ShellExit(status: 1)) { try shell.process(StringLineSource(".shell true\n")) }
        #expect(try err() == "line 1: cannot run .shell in safe mode\n")
    }

    @Test("SQL refused by safe mode's authorizer throws ShellExit(1), with no other error printed")
    func safeModeSQL() throws {
        let (shell, err) = try makeShell(safe: true)
        #expect(throws: ShellExit(status: 1)) {
            try shell.process(StringLineSource("select 1;\nselect readfile('x');\nselect 2;\n"))
        }
        #expect(try err() == "line 2: cannot use the readfile() function in safe mode\n")
        #expect(shell.pendingExit == ShellExit(status: 1))
    }

    @Test("SQL from the command line refused by safe mode throws too")
    func safeModeArgumentSQL() throws {
        let (shell, _) = try makeShell(safe: true)
        #expect(throws: ShellExit(status: 1)) { try shell.runArgumentSQL("attach 'x.db' as x") }
    }
}
