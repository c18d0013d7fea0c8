import SQLshCore

// Text the shell prints about functions (`.functions`, `.describe`) and the man page's
// FUNCTIONS section, all made from the catalog's metadata.

extension CatalogFunction {
    /// How a call looks: `regexp_capture(text, pattern[, n])`, or with only the argument count
    /// when the entry names no arguments: `generate_series(1-3 arguments)`.
    public var signature: String {
        if kind == .collation { return "COLLATE \(name)" }
        if let arguments { return "\(name)(\(arguments))" }
        switch arity {
        case "0": return "\(name)()"
        case "1": return "\(name)(1 argument)"
        default: return "\(name)(\(arity) arguments)"
        }
    }

    /// The flags as words: `deterministic, innocuous`.
    public var flagWords: [String] {
        var words: [String] = []
        if flags.contains(.deterministic) { words.append("deterministic") }
        if flags.contains(.innocuous) { words.append("innocuous") }
        if flags.contains(.directOnly) { words.append("direct-only") }
        return words
    }

    /// The kind as a listing shows it.
    public var kindWord: String {
        switch kind {
        case .scalar: return "scalar"
        case .aggregate: return "aggregate"
        case .window: return "window"
        case .tableValued: return "table"
        case .collation: return "collation"
        }
    }
}

extension Catalog {
    /// One line per function matching `pattern` (see ``functions(matching:)``), in columns:
    /// name, pack, kind, arity, enabled or disabled, summary.
    public func listing(matching pattern: String?) -> [String] {
        let selected = functions(matching: pattern)
        let nameWidth = selected.map(\.name.count).max() ?? 0
        let packWidth = selected.map(\.pack.count).max() ?? 0
        let kindWidth = selected.map(\.kindWord.count).max() ?? 0
        let arityWidth = selected.map(\.arity.count).max() ?? 0
        return selected.map { function in
            [pad(function.name, nameWidth), pad(function.pack, packWidth), pad(function.kindWord, kindWidth),
             pad(function.arity, arityWidth), pad(isEnabled(function.name) ? "enabled" : "disabled", 8),
             function.summary].joined(separator: "  ")
        }
    }

    /// A function's full description: signature, pack, kind, flags, state, summary, details
    /// (wrapped) and example; nil when there is no such function.
    public func describe(_ name: String) -> String? {
        guard let function = function(named: name) else { return nil }
        let facts = [function.pack + " pack", function.kindWord == "table" ? "table-valued" : function.kindWord]
            + function.flagWords + [isEnabled(function.name) ? "enabled" : "disabled"]
        var text = "\(function.signature)  [\(facts.joined(separator: ", "))]\n"
        text += "  \(function.summary)\n\n"
        for line in wrap(function.details, width: 76) { text += "  \(line)\n" }
        text += "\n  Example:\n    \(function.example)\n"
        return text
    }

    /// The man page's FUNCTIONS section in mdoc: an introduction, then per pack a list of the
    /// functions with their signature and summary.
    public func manSection() -> String {
        var lines = [
            ".Sh FUNCTIONS",
            ".Nm",
            "registers a catalog of SQL functions on every connection it opens.",
            "List them with",
            ".Ic .functions ,",
            "read one's full description with",
            ".Ic .describe Ar name",
            "(or",
            ".Ic .help Ar name",
            "when no dot-command has that name),",
            "and switch them with",
            ".Ic .enable",
            "and",
            ".Ic .disable",
            "or the",
            ".Fl nofunctions",
            "option.",
        ]
        for pack in packs {
            lines.append(".Ss \(mdocEscape(pack.name)) pack")
            lines.append(mdocEscape(capitalized(pack.summary)) + ".")
            lines.append(".Bl -tag -width Ds")
            for function in functions where function.pack == pack.name {
                if function.kind == .collation {
                    lines.append(".It Cm COLLATE \(mdocEscape(function.name))")
                } else {
                    lines.append(".It Fn \(mdocEscape(function.name))" + mdocArguments(function))
                }
                var summary = capitalized(function.summary)
                switch function.kind {
                case .scalar: break
                case .aggregate: summary += " (aggregate)"
                case .window: summary += " (aggregate and window function)"
                case .tableValued: summary += " (table-valued)"
                case .collation: summary += " (collation)"
                }
                lines.append(mdocEscape(summary) + ".")
            }
            lines.append(".El")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// The arguments of a function as `Fn` macro arguments, one quoted argument per comma-separated
/// part (`Fn` puts the commas back): `"text" "pattern[" "n]"`.
private func mdocArguments(_ function: CatalogFunction) -> String {
    let arguments = function.arguments ?? (function.arity == "1" ? "1 argument" : function.arity + " arguments")
    if arguments.isEmpty { return "" }
    return arguments.split(separator: ",").map { part in
        " \"" + mdocEscape(part.dropping(prefix: " ").description).replacingBytes("\"", with: "\\(dq") + "\""
    }.joined()
}

private func mdocEscape(_ text: String) -> String {
    var out = text.replacingBytes("\\", with: "\\e")
    if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
    return out
}

private func capitalized(_ text: String) -> String {
    guard let first = text.first else { return text }
    return first.uppercased() + text.dropFirst()
}

private func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}

/// Greedy word wrapping.
func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var current = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
        if current.isEmpty {
            current = String(word)
        } else if current.count + 1 + word.count <= width {
            current += " " + word
        } else {
            lines.append(current)
            current = String(word)
        }
    }
    if !current.isEmpty { lines.append(current) }
    return lines
}
