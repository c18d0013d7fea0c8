import SQLshCatalog

/// `.functions ?PATTERN?`: lists the function catalog.
///
/// On the screen (`pretty` mode) the list is a table fitted to the terminal, grouped by pack,
/// summaries cut with `…`; in other modes one plain line per function, for scripts.
struct FunctionsCommand: DotCommand {
    static let name = "functions"
    static let minimumPrefix = 4
    static let usage = ".functions ?PATTERN?"
    static let summary = "List catalog functions: name, pack, kind, arity, state"
    static let details = """
           PATTERN matches function or pack names: a glob (* and ?), or a LIKE
           pattern when it contains %. Switch functions with .enable and .disable;
           .describe NAME shows one in full.
        """

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        guard arguments.count <= 2 else { throw ShellError("Usage: \(usage)") }
        let pattern = arguments.count == 2 ? arguments[1] : nil
        let functions = shell.catalog.functions(matching: pattern)
        if functions.isEmpty {
            shell.err.write("No function or pack matches \"\(pattern ?? "")\" (.functions lists them all)\n")
            return .success
        }
        guard shell.settings.mode == .pretty else {
            for line in shell.catalog.listing(matching: pattern) {
                shell.out.write(line)
                shell.out.write(byte: 10)
            }
            return .success
        }
        var rows: [[DisplayCell]] = []
        var groupStarts: Set<Int> = []
        var previousPack: String?
        for function in functions {
            let first = function.pack != previousPack
            if first && previousPack != nil { groupStarts.insert(rows.count) }
            previousPack = function.pack
            rows.append([
                DisplayCell(text: first ? function.pack : ""),
                DisplayCell(text: function.name),
                DisplayCell(text: function.kindWord),
                DisplayCell(text: function.arity),
                DisplayCell(text: shell.catalog.isEnabled(function.name) ? "on" : "off"),
                DisplayCell(text: function.summary),
            ])
        }
        var settings = shell.settings
        settings.headers = true
        let width = shell.out === shell.standardOutput && settings.terminalWidth > 0 ? settings.terminalWidth : Int.max
        InteractiveTableRenderer.renderTable(names: ["pack", "name", "kind", "args", "state", "summary"], rows: rows,
                                             gapBefore: nil, rulesBefore: groupStarts, settings: settings,
                                             width: width, to: shell.out)
        return .success
    }
}
