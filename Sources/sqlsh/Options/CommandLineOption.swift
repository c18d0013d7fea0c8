import SQLshShell

/// One command-line option, as `-help` lists it. Every option is also accepted with two
/// dashes (`--csv`).
struct CommandLineOption {
    /// The name with one dash: `-separator`.
    let name: String
    /// The argument placeholders shown by `-help`: `SEP`, `SIZE N`; empty when none.
    let arguments: String
    /// The description shown by `-help`.
    let summary: String
    /// Whether `-help` lists it (sqlite3 accepts a few undocumented options too).
    let documented: Bool

    init(_ name: String, _ summary: String, documented: Bool = true) {
        self.init(name, "", summary, documented: documented)
    }

    /// The option that selects an output mode, as its ``OutputModeDefinition`` defines it.
    init(mode: OutputMode) {
        let option = mode.definition.option
        self.init(option?.name ?? "-" + mode.rawValue, option?.summary ?? "", documented: option != nil)
    }

    init(_ name: String, _ arguments: String, _ summary: String, documented: Bool = true) {
        self.name = name
        self.arguments = arguments
        self.summary = summary
        self.documented = documented
    }

    /// Every option sqlsh accepts, in `-help` order. The wording follows sqlite3 3.40.1's. The
    /// output-mode options are defined with their modes (``OutputModeDefinition``).
    static let all: [CommandLineOption] = [
        CommandLineOption("-A", "ARGS...", "run \".archive ARGS\" and exit"),
        CommandLineOption("-append", "append the database to the end of the file"),
        CommandLineOption(mode: .ascii),
        CommandLineOption("-bail", "stop after hitting an error"),
        CommandLineOption("-batch", "force batch I/O"),
        CommandLineOption(mode: .box),
        CommandLineOption(mode: .column),
        CommandLineOption("-cmd", "COMMAND", "run \"COMMAND\" before reading stdin"),
        CommandLineOption(mode: .csv),
        CommandLineOption("-deserialize", "open the database using sqlite3_deserialize()"),
        CommandLineOption("-echo", "print inputs before execution"),
        CommandLineOption("-init", "FILENAME", "read/process named file"),
        CommandLineOption("-[no]header", "turn headers on or off"),
        CommandLineOption("-help", "show this message"),
        CommandLineOption(mode: .html),
        CommandLineOption("-interactive", "force interactive I/O"),
        CommandLineOption(mode: .json),
        CommandLineOption(mode: .line),
        CommandLineOption(mode: .list),
        CommandLineOption("-load", "PATH", "load a sqlsh plugin (repeatable)"),
        CommandLineOption("-lookaside", "SIZE N", "accepted for compatibility; ignored"),
        CommandLineOption(mode: .markdown),
        CommandLineOption("-maxsize", "N", "maximum size for a --deserialize database"),
        CommandLineOption("-memtrace", "trace all memory allocations and deallocations"),
        CommandLineOption("-mmap", "N", "default mmap size set to N"),
        CommandLineOption("-newline", "SEP", "set output row separator. Default: '\\n'"),
        CommandLineOption("-nofollow", "refuse to open symbolic links to database files"),
        CommandLineOption("-nofunctions", "start with the function catalog switched off"),
        CommandLineOption("-nonce", "STRING", "set the safe-mode escape nonce"),
        CommandLineOption("-nullvalue", "TEXT", "set text string for NULL values. Default ''"),
        CommandLineOption("-pagecache", "SIZE N", "accepted for compatibility; ignored"),
        CommandLineOption(mode: .quote),
        CommandLineOption("-readonly", "open the database read-only"),
        CommandLineOption("-safe", "enable safe-mode"),
        CommandLineOption("-separator", "SEP", "set output column separator. Default: '|'"),
        CommandLineOption("-stats", "print memory stats before each finalize"),
        CommandLineOption(mode: .table),
        CommandLineOption(mode: .tabs),
        CommandLineOption("-version", "show sqlsh and SQLite versions"),
        CommandLineOption("-vfs", "NAME", "use NAME as the default VFS"),
        CommandLineOption("-zip", "open the file as a ZIP Archive"),
        CommandLineOption("-backslash", "evaluate C escapes in SQL before running it", documented: false),
        CommandLineOption("-eqp", "show the query plan of each statement (.eqp on)", documented: false),
        CommandLineOption("-eqpfull", "show the query plan and bytecode (.eqp full)", documented: false),
        CommandLineOption("-heap", "SIZE", "accepted for compatibility; ignored", documented: false),
        CommandLineOption("-threadsafe", "N", "accepted for compatibility; ignored", documented: false),
    ]

    /// The `-help` text after `OPTIONS include:`.
    static var helpText: String {
        var text = ""
        for option in all where option.documented {
            var head = option.name
            if !option.arguments.isEmpty { head += " " + option.arguments }
            text += "   " + head + String(repeating: " ", count: max(1, 21 - head.count)) + option.summary + "\n"
        }
        return text
    }
}
