/// `.nonce STRING`: suspends safe mode for the next input line when STRING is the nonce given
/// with `-nonce`; any other string is reported and the shell exits with status 1,
/// as in sqlite3.
struct NonceCommand: DotCommand {
    static let name = "nonce"
    static let usage = ".nonce STRING"
    static let summary = "Suspend safe mode for one command if nonce matches"

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        guard arguments.count == 2 else { throw ShellError("Usage: .nonce NONCE") }
        guard let nonce = shell.nonce, nonce == arguments[1] else {
            shell.out.flush()
            shell.err.write("line \(shell.lineNumber): incorrect nonce: \"\(arguments[1])\"\n")
            try shell.terminate(1)
        }
        shell.safeModeSuspended = true
        shell.nonceLinePending = true
        return .success
    }
}
