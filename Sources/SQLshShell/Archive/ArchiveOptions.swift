/// The parsed arguments of `.archive` (and of `-A` on the command line), as sqlite3 3.40.1's
/// `arParseCommand`: tar-style (`.ar cvf FILE ...`), short options (`-cvf FILE`, `-CDIR`),
/// long options and their unambiguous prefixes (`--cr`), `--` ending the options.
struct ArchiveOptions {
    enum Command { case create, extract, insert, list, remove, update, help }

    var command: Command?
    var verbose = false
    var dryRun = false
    var glob = false
    var append = false
    var file: String?
    var directory: String?
    /// The file (or member) names after the options.
    var names: [String] = []

    /// A parse failure: the message has been printed and the command fails.
    struct Failure: Error {}

    private enum Switch { case command(Command), verbose, file, append, directory, glob, dryRun }

    private static let switches: [(long: String, short: Character, value: Switch, takesArgument: Bool)] = [
        ("create", "c", .command(.create), false),
        ("extract", "x", .command(.extract), false),
        ("insert", "i", .command(.insert), false),
        ("list", "t", .command(.list), false),
        ("remove", "r", .command(.remove), false),
        ("update", "u", .command(.update), false),
        ("help", "h", .command(.help), false),
        ("verbose", "v", .verbose, false),
        ("file", "f", .file, true),
        ("append", "a", .append, true),
        ("directory", "C", .directory, true),
        ("glob", "g", .glob, false),
        ("dryrun", "n", .dryRun, false),
    ]

    /// Parses `arguments` (`arguments[0]` is the command name or `-A`). Errors are printed to
    /// `err` as sqlite3 prints them, with the usage text when no command is given.
    static func parse(_ arguments: [String], fromCommandLine: Bool, err: OutputWriter) throws -> ArchiveOptions {
        var options = ArchiveOptions()
        func fail(_ message: String) -> Failure {
            err.write("Error: \(message)\n")
            err.write(fromCommandLine ? "Use \"-A\" for more help\n" : "Use \".archive --help\" for more help\n")
            return Failure()
        }
        func apply(_ value: Switch, _ argument: String?) throws {
            switch value {
            case .command(let command):
                if options.command != nil { throw fail("multiple command options") }
                options.command = command
            case .verbose: options.verbose = true
            case .dryRun: options.dryRun = true
            case .glob: options.glob = true
            case .append:
                options.append = true
                options.file = argument
            case .file: options.file = argument
            case .directory: options.directory = argument
            }
        }
        guard arguments.count > 1 else {
            err.write("Wrong number of arguments.  Usage:\n")
            _ = HelpText.show(pattern: "archive", to: err)
            throw Failure()
        }
        let first = arguments[1]
        if !first.hasPrefix("-") {
            // tar style: every letter of the first word is a switch; their values follow it.
            var next = 2
            for letter in first {
                guard let entry = switches.first(where: { $0.short == letter }) else {
                    throw fail("unrecognized option: \(letter)")
                }
                var value: String?
                if entry.takesArgument {
                    guard next < arguments.count else { throw fail("option requires an argument: \(letter)") }
                    value = arguments[next]
                    next += 1
                }
                try apply(entry.value, value)
            }
            options.names = Array(arguments[next...])
        } else {
            var index = 1
            while index < arguments.count {
                let word = arguments[index]
                if !word.hasPrefix("-") {
                    options.names = Array(arguments[index...])
                    break
                }
                if word == "-" {
                    // sqlite3 reads no switch from a lone dash.
                } else if !word.hasPrefix("--") {
                    let letters = Array(word.dropFirst())
                    var i = 0
                    while i < letters.count {
                        let letter = letters[i]
                        guard let entry = switches.first(where: { $0.short == letter }) else {
                            throw fail("unrecognized option: \(letter)")
                        }
                        var value: String?
                        if entry.takesArgument {
                            if i < letters.count - 1 {
                                value = String(letters[(i + 1)...])
                                i = letters.count
                            } else {
                                guard index < arguments.count - 1 else { throw fail("option requires an argument: \(letter)") }
                                index += 1
                                value = arguments[index]
                            }
                        }
                        try apply(entry.value, value)
                        i += 1
                    }
                } else if word == "--" {
                    options.names = Array(arguments[(index + 1)...])
                    break
                } else {
                    let typed = word.dropFirst(2)
                    var match: (long: String, short: Character, value: Switch, takesArgument: Bool)?
                    for entry in switches where entry.long.hasPrefix(typed) {
                        if match != nil { throw fail("ambiguous option: \(word)") }
                        match = entry
                    }
                    guard let match else { throw fail("unrecognized option: \(word)") }
                    var value: String?
                    if match.takesArgument {
                        guard index < arguments.count - 1 else { throw fail("option requires an argument: \(word)") }
                        index += 1
                        value = arguments[index]
                    }
                    try apply(match.value, value)
                }
                index += 1
            }
        }
        // sqlite3 3.40.1 does not require a command: with none it updates (see ArchiveRunner).
        return options
    }
}
