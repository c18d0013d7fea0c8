/// sqlite3's `optionMatch` for dot-command options. (Integers and booleans are
/// ``DotCommandArguments/integerValue(_:)`` and ``DotCommandArguments/booleanValue(_:shell:)``.)
enum ShellValues {
    /// sqlite3's `optionMatch`: `-name` or `--name`.
    static func isOption(_ argument: String, _ name: String) -> Bool {
        argument == "-" + name || argument == "--" + name
    }
}
