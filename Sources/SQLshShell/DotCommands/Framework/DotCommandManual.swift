extension DotCommandRegistry {
    /// The manual page's DOT-COMMANDS section in mdoc, generated from the same metadata as
    /// `.help`: per command its usage, summary and (as a literal display) its details.
    public static func manSection() -> String {
        var lines = [
            ".Sh DOT-COMMANDS",
            "A line that starts with a dot, when no SQL statement is pending, is a dot-command.",
            "Its name may be abbreviated as",
            ".Xr sqlite3 1",
            "allows:",
            ".Ic .h",
            "is",
            ".Ic .headers",
            "and",
            ".Ic .d",
            "is",
            ".Ic .dump .",
            "Arguments are separated by spaces; quote them with",
            ".Sq \\(aq",
            "or",
            ".Sq \\(dq",
            "(C escapes are resolved inside double quotes).",
            "In",
            ".Fl safe",
            "mode, the commands marked",
            ".Em unsafe",
            "stop the shell with exit status 1.",
            ".Bl -tag -width Ds",
        ]
        for command in all {
            lines.append(".It Ic " + quotedArgument(command.usage))
            var summary = escape(command.summary)
            if !summary.hasSuffix(".") { summary += "." }
            // mdoc wants each sentence on a line of its own.
            for sentence in sentences(summary) { lines.append(textLine(sentence)) }
            if command.isUnsafe { lines.append("Unsafe.") }
            if !command.aliases.isEmpty {
                lines.append("Also " + command.aliases.map { "\\&." + $0 }.joined(separator: ", ") + ".")
            }
            let details = command.details + (command.sqlshDetails.isEmpty ? "" : (command.details.isEmpty ? "" : "\n") + command.sqlshDetails)
            if !details.isEmpty {
                lines.append(".Bd -literal -offset indent")
                for line in details.split(separator: "\n", omittingEmptySubsequences: false) {
                    lines.append(textLine(escape(String(line))))
                }
                lines.append(".Ed")
            }
        }
        lines.append(".El")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The sentences of a text: split after a period followed by spaces.
    private static func sentences(_ text: String) -> [String] {
        var result: [String] = []
        var current = ""
        var previous: Character = " "
        for c in text {
            if c == " " && previous == "." {
                if !current.isEmpty { result.append(current) }
                current = ""
            } else if !(c == " " && current.isEmpty) {
                current.append(c)
            }
            previous = c == " " && current.isEmpty ? "." : c
        }
        if !current.isEmpty { result.append(current) }
        return result
    }

    /// Backslashes spelled `\e` (mdoc's escape character).
    private static func escape(_ text: String) -> String {
        var result = ""
        for c in text { result += c == "\\" ? "\\e" : String(c) }
        return result
    }

    /// A text line that cannot be taken for a macro.
    private static func textLine(_ text: String) -> String {
        text.hasPrefix(".") || text.hasPrefix("'") ? "\\&" + text : text
    }

    /// A macro argument in double quotes.
    private static func quotedArgument(_ text: String) -> String {
        var result = "\""
        for c in escape(text) { result += c == "\"" ? "\\(dq" : String(c) }
        return result + "\""
    }
}
