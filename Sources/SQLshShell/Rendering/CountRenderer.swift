import SQLshCore

/// `count` mode: no rows, only `N rows` (or `1 row`) on standard output after each statement
/// that returned rows.
final class CountRenderer: ResultRenderer {
    private let standardOutput: OutputWriter
    private var rows = 0

    init(shell: Shell) {
        standardOutput = shell.standardOutput
    }

    func begin(_ statement: Statement) {}
    func row(_ statement: Statement) { rows += 1 }
    func end(_ statement: Statement) {
        standardOutput.write("\(rows) row\(rows == 1 ? "" : "s")\n")
    }
}
