import SQLshCatalog

/// `.functions ?PATTERN?`: lists the function catalog, then SQLite's own functions (those of
/// the linked library, see ``SQLiteFunctions``).
///
/// On the screen (`pretty` mode) the list is a table fitted to the terminal, grouped by pack,
/// summaries cut with `…`; in other modes one plain line per function, for scripts.
struct FunctionsCommand: DotCommand {
    static let name = "functions"
    static let minimumPrefix = 4
    static let usage = ".functions ?PATTERN?"
    static let summary = "List functions: catalog and SQLite's own, with summaries"
    static let details = """
           PATTERN matches function or pack names: a glob (* and ?), or a LIKE
           pattern when it contains %. SQLite's own functions are in the packs
           sqlite/core, sqlite/aggregate, sqlite/window, sqlite/date, sqlite/math
           and sqlite/json (.functions json, .functions sqlite). Switch catalog
           functions with .enable and .disable; .describe NAME shows one in full.
        """

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        // At the prompt, a listing taller than the screen goes through the pager.
        try shell.pagedWhenLong { try list(arguments, shell: shell) }
    }

    private static func list(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        guard arguments.count <= 2 else { throw ShellError("Usage: \(usage)") }
        let pattern = arguments.count == 2 ? arguments[1] : nil
        let functions = shell.catalog.functions(matching: pattern)
        let own = SQLiteFunctions.available(on: shell.connection, catalog: shell.catalog)
            .filter { SQLiteFunctions.matches(pattern, $0.doc) }
        if functions.isEmpty && own.isEmpty {
            shell.err.write("No function or pack matches \"\(pattern ?? "")\" (.functions lists them all)\n")
            return .success
        }
        guard shell.settings.mode == .pretty else {
            for line in functions.isEmpty ? [] : shell.catalog.listing(matching: pattern) {
                shell.out.write(line)
                shell.out.write(byte: 10)
            }
            for line in listing(own) {
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
        for function in own {
            let first = function.doc.pack != previousPack
            if first && previousPack != nil { groupStarts.insert(rows.count) }
            previousPack = function.doc.pack
            rows.append([
                DisplayCell(text: first ? function.doc.pack : ""), DisplayCell(text: function.doc.name),
                DisplayCell(text: function.doc.kind.rawValue), DisplayCell(text: function.arity), DisplayCell(text: "on"),
                DisplayCell(text: function.doc.summary),
            ])
        }
        var settings = shell.settings
        settings.headers = true
        let onScreen = shell.out === shell.standardOutput || shell.outIsForScreen
        let width = onScreen && settings.terminalWidth > 0 ? settings.terminalWidth : Int.max
        InteractiveTableRenderer.renderTable(names: ["pack", "name", "kind", "args", "state", "summary"], rows: rows,
                                             gapBefore: nil, rulesBefore: groupStarts, settings: settings,
                                             width: width, to: shell.out)
        return .success
    }

    /// SQLite's functions as plain lines, in the catalog listing's columns: name, pack, kind,
    /// arity, `enabled`, summary.
    static func listing(_ functions: [SQLiteFunctions.Available]) -> [String] {
        func pad(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(0, width - text.count)) }
        let nameWidth = functions.map(\.doc.name.count).max() ?? 0
        let packWidth = functions.map(\.doc.pack.count).max() ?? 0
        let kindWidth = functions.map(\.doc.kind.rawValue.count).max() ?? 0
        let arityWidth = functions.map(\.arity.count).max() ?? 0
        return functions.map { function in
            [pad(function.doc.name, nameWidth), pad(function.doc.pack, packWidth), pad(function.doc.kind.rawValue, kindWidth),
             pad(function.arity, arityWidth), "enabled ", function.doc.summary].joined(separator: "  ")
        }
    }
}
