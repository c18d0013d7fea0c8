import SQLshCatalog

/// `.enable NAME|PACK ...`: switches catalog functions on, on every open connection.
struct EnableCommand: DotCommand {
    static let name = "enable"
    static let usage = ".enable NAME|PACK ..."
    static let summary = "Switch catalog functions or packs on"
    static let details = """
           A NAME is a function, else a pack, else a pattern (regexp* is the whole
           regexp pack). The state also applies to databases opened later.
        """

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        try switchFunctions(on: true, arguments, shell: shell, usage: usage)
    }
}

/// Shared by `.enable` and `.disable`.
func switchFunctions(on: Bool, _ arguments: [String], shell: Shell, usage: String) throws -> CommandOutcome {
    guard arguments.count >= 2 else { throw ShellError("Usage: \(usage)") }
    let names = Array(arguments.dropFirst())
    let changed: [CatalogFunction]
    do {
        changed = on ? try shell.catalog.enable(names) : try shell.catalog.disable(names)
    } catch let error as CatalogError {
        throw ShellError("Error: \(error)")
    }
    // What was switched is said to a person at the prompt; scripts (sqlite3 has no such
    // command, so their output is ours to define) stay quiet, as for other settings.
    if shell.isTypedByPerson {
        shell.out.write(switchReport(on: on, changed: changed, names: names) + "\n")
    }
    return .success
}

/// `disabled 6 functions: regexp, regexpi, ...` (at most 12 names, then `and N more`), or
/// `regexp is already disabled` when nothing changed.
func switchReport(on: Bool, changed: [CatalogFunction], names: [String]) -> String {
    let verb = on ? "enabled" : "disabled"
    guard !changed.isEmpty else {
        return names.count == 1 ? "\(names[0]) is already \(verb)" : "\(names.joined(separator: ", ")) are already \(verb)"
    }
    let shown = changed.prefix(12).map(\.name).joined(separator: ", ")
    let more = changed.count > 12 ? " and \(changed.count - 12) more" : ""
    return "\(verb) \(changed.count) function\(changed.count == 1 ? "" : "s"): \(shown)\(more)"
}
