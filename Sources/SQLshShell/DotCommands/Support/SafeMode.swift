/// sqlite3's `failIfSafeMode` for checks made inside a command (`.open FILE`).
enum SafeMode {
    /// Prints `line N: MESSAGE` and asks the shell to exit with status 1.
    static func fail(_ shell: Shell, _ message: String) -> CommandOutcome {
        shell.out.flush()
        shell.err.write("line 1: \(message)\n")
        return .exit(1)
    }
}
