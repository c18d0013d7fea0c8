import Testing
import TestSupport

/// SQLshCore is the shell's one binding to SQLite: no file of SQLshShell calls the C API
/// (`sqlite3_*`) itself, except the few listed here with their reason. Mentions in comments
/// and string literals (sqlite3's own messages quote C function names) do not count.
@Suite struct RawSQLiteCallTests {
    /// Files allowed to call the C API, each with its reason (paths under Sources/SQLshShell).
    static let allowed: [String: String] = [
        // .expert's recording virtual table is a raw sqlite3_module: its tables take writes
        // (xUpdate) and carry the advisor as module data, which the core's VirtualTableModule
        // cannot express yet; it also needs sqlite3_vtab_collation.
        "Execution/IndexAdvisor.swift": "a raw sqlite3_module with writable tables and per-advisor data",
    ]

    @Test func noShellFileCallsSQLitesCAPI() throws {
        for problem in try RawSQLiteCalls.problems(inTarget: "SQLshShell", allowed: Self.allowed) {
            Issue.record(Comment(rawValue: problem))
        }
    }

    @Test func commentsAndStringsDoNotCount() {
        let text = """
            // sqlite3_open in a comment
            /* sqlite3_close
               sqlite3_exec */
            let message = "Error: sqlite3_close() returns \\(code)"
            let raw = sqlite3_step(handle) // a call
            """
        #expect(RawSQLiteCalls.calls(in: text) == ["sqlite3_step"])
    }
}
