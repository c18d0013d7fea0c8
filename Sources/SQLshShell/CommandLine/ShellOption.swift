/// One command-line option, declared once: its name, its arguments, its `-help` line, and what
/// it does in each of the two passes over the command line (``CommandLineRun``), as
/// swift-argument-parser declares an option once.
///
/// ```swift
/// ShellOption("-nullvalue", "TEXT", "set text string for NULL values. Default ''") { run, values in
///     run.settings.nullValue = String(rawBytes: values[0])
/// }
/// ```
///
/// Every option is also accepted with two dashes (`--csv`).
public struct ShellOption: Sendable {
    /// The name with one dash: `-separator`.
    public let name: String
    /// Other names for the same option (`-archive` for `-A`).
    public let aliases: [String]
    /// The argument placeholders `-help` shows: `SEP`, `SIZE N`; empty when none.
    public let placeholders: String
    /// The `-help` description, in sqlite3 3.40.1's words where sqlite3 has the option.
    public let summary: String
    /// Whether `-help` lists it (sqlite3 accepts a few undocumented options too).
    public let documented: Bool
    /// How many arguments follow it.
    public let argumentCount: Int
    /// Whether a missing argument is no error in the first pass (sqlite3's `-maxsize`: the
    /// second pass then reports it as an unknown option).
    let argumentIsOptional: Bool
    /// Whether the rest of the command line belongs to it (`-A ARGS...`).
    var takesTheRest: Bool { placeholders.hasSuffix("...") }
    /// How many the second pass steps over: sqlite3 3.40.1 steps over two after `-nonce` and
    /// `-threadsafe`, which take one, so the argument after theirs is never read as an option.
    let secondPassSkip: Int
    /// What the first pass records, before the database opens.
    let early: (@Sendable (inout StartupOptions, [String]) -> Void)?
    /// What the second pass does, in command-line order, once the database (if its file
    /// exists) is open and the start-up file has run. The values are the arguments' bytes.
    let late: (@Sendable (CommandLineRun, [[UInt8]]) throws -> CommandLineRun.Step)?

    /// An option without arguments.
    init(_ name: String, _ summary: String, aliases: [String] = [], documented: Bool = true,
         early: (@Sendable (inout StartupOptions, [String]) -> Void)? = nil,
         late: (@Sendable (CommandLineRun, [[UInt8]]) throws -> CommandLineRun.Step)? = nil) {
        self.init(name, "", summary, aliases: aliases, documented: documented, early: early, late: late)
    }

    init(_ name: String, _ placeholders: String, _ summary: String, aliases: [String] = [], documented: Bool = true,
         secondPassSkip: Int? = nil, argumentIsOptional: Bool = false,
         early: (@Sendable (inout StartupOptions, [String]) -> Void)? = nil,
         late: (@Sendable (CommandLineRun, [[UInt8]]) throws -> CommandLineRun.Step)? = nil) {
        self.name = name
        self.aliases = aliases
        self.placeholders = placeholders
        self.summary = summary
        self.documented = documented
        let count = placeholders.split(separator: " ").filter { !$0.hasSuffix("...") }.count
        self.argumentCount = count
        self.secondPassSkip = secondPassSkip ?? count
        self.argumentIsOptional = argumentIsOptional
        self.early = early
        self.late = late
    }

    /// The option that selects an output mode (`-csv`), as its ``OutputModeDefinition`` defines it.
    init(mode: OutputMode) {
        let definition = mode.definition
        self.init(definition.option?.name ?? "-" + mode.rawValue, definition.option?.summary ?? "",
                  documented: definition.option != nil, late: { run, _ in
            run.settings.select(option: definition)
            return .next
        })
    }

    /// The option called `name` (or an alias of it), given with one dash. (`-[no]header` is
    /// only how `-help` shows `-header` and `-noheader`.)
    public static func named(_ name: String) -> ShellOption? {
        all.first { ($0.name == name && !name.contains("[")) || $0.aliases.contains(name) }
    }

    /// The `-help` text after `OPTIONS include:`.
    public static var helpText: String {
        var text = ""
        for option in all where option.documented {
            var head = option.name
            if !option.placeholders.isEmpty { head += " " + option.placeholders }
            text += "   " + head + String(repeating: " ", count: max(1, 21 - head.count)) + option.summary + "\n"
        }
        return text
    }
}
