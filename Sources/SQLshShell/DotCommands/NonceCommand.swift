/// `.nonce STRING`: in sqlite3, suspends safe mode for one command when STRING matches the
/// nonce given with its `-nonce` option. sqlsh has no such option, so, as sqlite3 without
/// one, every nonce is incorrect: the shell reports it and exits with status 1.
struct NonceCommand: DotCommand {
    static let name = "nonce"
    static let minimumPrefix = 5
    static let usage = ".nonce STRING"
    static let summary = "Suspend safe mode for one command if nonce matches"

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        guard arguments.count == 2 else { throw ShellError("Usage: .nonce NONCE") }
        shell.out.flush()
        shell.err.write("line \(shell.lineNumber): incorrect nonce: \"\(arguments[1])\"\n")
        shell.terminate(1)
    }
}
