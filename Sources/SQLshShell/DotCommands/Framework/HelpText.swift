import SQLshCore

/// The help text of all registered dot-commands, laid out as sqlite3's `azHelp[]` table:
/// one line per command (usage padded to 25 columns, then the summary), followed by its
/// detail lines. `.help` and the manual page are both generated from it.
enum HelpText {
    /// The lines of the help table, in `.help` order; with `extended`, each command's
    /// ``DotCommand/sqlshDetails`` after its details (`.help` at the prompt).
    static func lines(_ commands: [any DotCommand.Type] = DotCommandRegistry.all, extended: Bool = false) -> [String] {
        var lines: [String] = []
        for command in commands where command.isListedInHelp {
            lines.append(headline(command))
            if !command.details.isEmpty {
                lines += command.details.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            }
            if extended && !command.sqlshDetails.isEmpty {
                lines += command.sqlshDetails.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            }
        }
        return lines
    }

    /// `.usage` padded to 25 columns, then the summary.
    static func headline(_ command: any DotCommand.Type) -> String {
        var line = command.usage
        let width = line.utf8.count
        line += String(repeating: " ", count: width < 25 ? 25 - width : 1)
        return line + command.summary
    }

    /// sqlite3's `showHelp`: everything for `-all`; with a pattern, the commands whose name
    /// starts with it (details too when only one does), else every command whose text
    /// contains it. Returns the number of matches.
    static func show(pattern: String?, to out: OutputWriter, lines: [String] = lines()) -> Int {
        var n = 0
        if pattern == nil || pattern!.hasPrefix("0") || ["-a", "-all", "--all"].contains(pattern!) {
            let all = pattern != nil
            for line in lines where all || line.hasPrefix(".") {
                out.write(line); out.write(byte: 10)
                n += 1
            }
            return n
        }
        let pattern = pattern!
        let prefixGlob = "." + pattern + "*"
        var j = 0
        for (i, line) in lines.enumerated() where SQLText.glob(prefixGlob, matches: line) {
            out.write(line); out.write(byte: 10)
            j = i + 1
            n += 1
        }
        if n > 0 {
            if n == 1 {
                while j < lines.count - 1 && !lines[j].hasPrefix(".") {
                    out.write(lines[j]); out.write(byte: 10)
                    j += 1
                }
            }
            return n
        }
        let like = "%" + pattern + "%"
        var i = 0
        j = 0
        while i < lines.count {
            if lines[i].hasPrefix(".") { j = i }
            if SQLText.like(like, matches: lines[i]) {
                out.write(lines[j]); out.write(byte: 10)
                while j < lines.count - 1 && !lines[j + 1].hasPrefix(".") {
                    j += 1
                    out.write(lines[j]); out.write(byte: 10)
                }
                i = j
                n += 1
            }
            i += 1
        }
        return n
    }
}
