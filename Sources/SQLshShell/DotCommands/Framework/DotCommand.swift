/// A dot-command: one type per command, each in its own file, with its name, usage and help.
///
/// `.help` is generated from these properties, so a command documents itself:
///
/// ```swift
/// struct BailCommand: DotCommand {
///     static let name = "bail"
///     static let usage = ".bail on|off"
///     static let summary = "Stop after hitting an error.  Default OFF"
///     static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
///         guard arguments.count == 2 else { throw ShellError("Usage: .bail on|off") }
///         shell.settings.bail = try booleanValue(arguments[1])
///         return .success
///     }
/// }
/// ```
public protocol DotCommand: SendableMetatype {
    /// The command's full name, without the dot: `headers`.
    static var name: String { get }
    /// Other full names for the same command: `indices` for `indexes`.
    static var aliases: [String] { get }
    /// The shortest prefix accepted as an abbreviation, for a command sqlite3 does not have
    /// (the full name by default). sqlite3's commands take sqlite3's rules, stated once with
    /// its command order in ``SQLite3CommandOrder``: they do not declare this.
    static var minimumPrefix: Int { get }
    /// The usage line shown by `.help`: `.headers on|off`.
    static var usage: String { get }
    /// The one-line description shown by `.help`.
    static var summary: String { get }
    /// More lines shown by `.help -all` and `.help NAME` (options, notes); may be empty.
    static var details: String { get }
    /// What sqlsh adds to a command sqlite3 also has (an option of its own), after the
    /// details: in the manual page, and in `.help` typed at the prompt only (scripts get
    /// sqlite3's help text byte for byte). Empty by default.
    static var sqlshDetails: String { get }
    /// Whether `-safe` mode refuses the command.
    static var isUnsafe: Bool { get }
    /// Whether `-safe` mode's refusal names the command as typed (`.sh`), as sqlite3 does for
    /// some commands, rather than by its full name.
    static var isRefusedAsTyped: Bool { get }
    /// Whether `.help` lists the command (sqlite3 3.40.1 leaves `.version` out).
    static var isListedInHelp: Bool { get }
    /// Runs the command. `arguments[0]` is the command name as typed, the rest its arguments
    /// after sqlite3's quoting rules. Messages go to `shell.err`, output to `shell.out`.
    /// Throwing a ``ShellError`` prints its message and counts as a failure.
    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome
}

extension DotCommand {
    public static var aliases: [String] { [] }
    public static var minimumPrefix: Int { name.count }
    public static var details: String { "" }
    public static var sqlshDetails: String { "" }
    public static var isUnsafe: Bool { false }
    public static var isRefusedAsTyped: Bool { false }
    public static var isListedInHelp: Bool { true }
}

/// What running a dot-command (or a line of input) did.
public enum CommandOutcome: Equatable {
    /// It worked.
    case success
    /// It failed; the message was already printed.
    case failure
    /// The shell should stop with this exit status (`.exit`, `.quit`).
    case exit(Int32)
}
