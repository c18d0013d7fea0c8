import SQLshCore

/// `count` mode: no rows, only `N rows` (or `1 row`) on standard output after each statement
/// that returned rows.
final class CountRenderer: ResultRenderer {
    private let standardOutput: OutputWriter
    private let rows = RowCounter()

    init(shell: Shell) {
        standardOutput = shell.standardOutput
    }

    deinit { rows.deallocate() }

    func begin(_ statement: Statement) {}
    func row(_ statement: Statement) { rows.value += 1 }
    func end(_ statement: Statement) {
        standardOutput.write("\(rows.value) row\(rows.value == 1 ? "" : "s")\n")
    }
}
