import SQLshCore

/// Everything that defines one output mode, in one place: the name `.mode` takes, the line
/// `.help mode` shows, the separators it sets, its command-line option (`-csv`) and the
/// renderer that prints its rows. `.mode`, `.help`, `.show`, completion, the command-line
/// options and ``RendererFactory`` all read ``all``; nothing else lists the modes.
///
/// ```swift
/// OutputModeDefinition(.csv, summary: "Comma-separated values",
///                      separators: Separators(column: ",", row: "\r\n"),
///                      option: Option("-csv", separators: Separators(column: ",")),
///                      renderer: { DelimitedRenderer<CSVQuoting>(shell: $0, statement: $1) })
/// ```
public struct OutputModeDefinition: Sendable {
    /// Separators a mode sets; nil leaves the current one.
    public struct Separators: Sendable {
        public var column: String?
        public var row: String?

        public init(column: String? = nil, row: String? = nil) {
            self.column = column
            self.row = row
        }
    }

    /// A command-line option that selects the mode (`-csv`, also `--csv`). sqlite3's options
    /// set fewer separators than `.mode` for some modes (`-csv` keeps the row separator, `-list`
    /// keeps both), so they have their own.
    public struct Option: Sendable {
        /// The name with one dash: `-csv`.
        public let name: String
        /// The description `-help` shows.
        public let summary: String
        /// The separators the option sets.
        public let separators: Separators

        init(_ name: String, summary: String? = nil, separators: Separators = Separators()) {
            self.name = name
            self.summary = summary ?? "set output mode to '\(name.dropFirst())'"
            self.separators = separators
        }
    }

    /// The columnar options (`--wrap N`, `--wordwrap B`, `--quote`); a shorthand presets them
    /// (`qbox` is `box --wrap 60 --quote`), and options after it still change them.
    public struct ColumnarOptions: Sendable {
        public var wrapWidth: Int
        public var wordWrap: Bool
        public var quoteValues: Bool
    }

    /// The mode selected.
    public let mode: OutputMode
    /// The name `.help` and completion show: `line`.
    public let name: String
    /// The word a typed name abbreviates (sqlite3 takes `.mode lines` and `.mode columns`):
    /// the first definition in ``all`` whose spelling starts with the typed word wins.
    let spelling: String
    /// Whether only the whole name selects it (the `qbox` shorthand).
    let exactNameOnly: Bool
    /// The `.help mode` description; nil for a mode sqlite3 leaves undocumented (`count`, `off`).
    public let summary: String?
    /// Whether the mode is sqlsh's own (left out of sqlite3's "mode should be one of" list).
    let isSQLshOwn: Bool
    /// Whether `.mode` can select it (`explain` is only set by `.explain`).
    public let isSelectable: Bool
    /// The name `.mode` and `.show` print for the current mode (sqlite3's `modeDescr`, where
    /// `tabs` is `list`).
    public let shownName: String
    /// The separators `.mode NAME` sets.
    public let separators: Separators
    /// Whether `.mode NAME` turns headers on unless `.headers` or `-[no]header` chose.
    let turnsHeadersOn: Bool
    /// Whether the mode lays the whole result out in columns (and takes `--wrap`, `--wordwrap`
    /// and `--quote`).
    public let isColumnar: Bool
    /// Whether `.mode NAME TABLE` takes a table name (`insert`).
    let takesTable: Bool
    /// The columnar options the name presets, for a shorthand.
    let shorthand: ColumnarOptions?
    /// The command-line option, if any.
    public let option: Option?
    /// Makes the renderer for a statement (prepared, not yet stepped).
    let makeRenderer: @Sendable (Shell, Statement) -> any ResultRenderer

    init(_ mode: OutputMode, name: String? = nil, spelling: String? = nil, exactNameOnly: Bool = false,
         summary: String?, isSQLshOwn: Bool = false, isSelectable: Bool = true, shownName: String? = nil,
         separators: Separators = Separators(), turnsHeadersOn: Bool = false, isColumnar: Bool = false,
         takesTable: Bool = false, shorthand: ColumnarOptions? = nil, option: Option? = nil,
         renderer: @escaping @Sendable (Shell, Statement) -> any ResultRenderer) {
        self.mode = mode
        self.name = name ?? mode.rawValue
        self.spelling = spelling ?? self.name
        self.exactNameOnly = exactNameOnly
        self.summary = summary
        self.isSQLshOwn = isSQLshOwn
        self.isSelectable = isSelectable
        self.shownName = shownName ?? self.name
        self.separators = separators
        self.turnsHeadersOn = turnsHeadersOn
        self.isColumnar = isColumnar
        self.takesTable = takesTable
        self.shorthand = shorthand
        self.option = option
        self.makeRenderer = renderer
    }

    /// Every output mode, in sqlite3 3.40.1's order of comparison (which decides what an
    /// abbreviation means: `.mode c` is `column`, `.mode t` is `tcl`, `.mode ta` is `tabs`).
    public static let all: [OutputModeDefinition] = [
        OutputModeDefinition(.line, spelling: "lines", summary: "One value per line",
                             separators: Separators(row: "\n"), option: Option("-line"),
                             renderer: { LineRenderer(shell: $0, statement: $1) }),
        OutputModeDefinition(.column, spelling: "columns", summary: "Output in columns.  (See .width)",
                             separators: Separators(row: "\n"), turnsHeadersOn: true, isColumnar: true,
                             option: Option("-column"),
                             renderer: { ColumnRenderer(shell: $0, statement: $1) }),
        OutputModeDefinition(.list, summary: "Values delimited by \"|\"",
                             separators: Separators(column: "|", row: "\n"), option: Option("-list"),
                             renderer: { DelimitedRenderer<NoQuoting>(shell: $0, statement: $1) }),
        OutputModeDefinition(.html, summary: "HTML <table> code",
                             option: Option("-html", summary: "set output mode to HTML"),
                             renderer: { HtmlRenderer(shell: $0, statement: $1) }),
        OutputModeDefinition(.tcl, summary: "TCL list elements", separators: Separators(column: " ", row: "\n"),
                             renderer: { DelimitedRenderer<TclQuoting>(shell: $0, statement: $1) }),
        OutputModeDefinition(.csv, summary: "Comma-separated values",
                             separators: Separators(column: ",", row: "\r\n"),
                             option: Option("-csv", separators: Separators(column: ",")),
                             renderer: { DelimitedRenderer<CSVQuoting>(shell: $0, statement: $1) }),
        OutputModeDefinition(.tabs, summary: "Tab-separated values", shownName: "list",
                             separators: Separators(column: "\t"),
                             option: Option("-tabs", separators: Separators(column: "\t", row: "\n")),
                             renderer: { DelimitedRenderer<NoQuoting>(shell: $0, statement: $1) }),
        OutputModeDefinition(.insert, summary: "SQL insert statements for TABLE", takesTable: true,
                             renderer: { InsertRenderer(shell: $0, statement: $1) }),
        OutputModeDefinition(.quote, summary: "Escape answers as for SQL",
                             separators: Separators(column: ",", row: "\n"),
                             option: Option("-quote", separators: Separators(column: ",", row: "\n")),
                             renderer: { DelimitedRenderer<SQLLiteralQuoting>(shell: $0, statement: $1) }),
        OutputModeDefinition(.ascii, summary: "Columns/rows delimited by 0x1F and 0x1E",
                             separators: Separators(column: "\u{1F}", row: "\u{1E}"),
                             option: Option("-ascii", separators: Separators(column: "\u{1F}", row: "\u{1E}")),
                             renderer: { DelimitedRenderer<NoQuoting>(shell: $0, statement: $1) }),
        OutputModeDefinition(.markdown, summary: "Markdown table format", isColumnar: true, option: Option("-markdown"),
                             renderer: { MarkdownRenderer(shell: $0, statement: $1) }),
        OutputModeDefinition(.table, summary: "ASCII-art table", isColumnar: true, option: Option("-table"),
                             renderer: { TableRenderer(shell: $0, statement: $1) }),
        OutputModeDefinition(.box, summary: "Tables using unicode box-drawing characters", isColumnar: true,
                             option: Option("-box"),
                             renderer: { BoxRenderer(shell: $0, statement: $1) }),
        OutputModeDefinition(.count, summary: nil, renderer: { shell, _ in CountRenderer(shell: shell) }),
        OutputModeDefinition(.off, summary: nil, renderer: { _, _ in OffRenderer() }),
        OutputModeDefinition(.json, summary: "Results in a JSON array", option: Option("-json"),
                             renderer: { JsonRenderer(shell: $0, statement: $1) }),
        OutputModeDefinition(.pretty, summary: "Box fitted to the terminal (the interactive default)", isSQLshOwn: true,
                             turnsHeadersOn: true,
                             renderer: { RendererFactory.prettyRenderer(for: $0, statement: $1, vertical: false) }),
        OutputModeDefinition(.box, name: "qbox", exactNameOnly: true, summary: "Shorthand for \"box --wrap 60 --quote\"",
                             isColumnar: true, shorthand: ColumnarOptions(wrapWidth: 60, wordWrap: false, quoteValues: true),
                             renderer: { BoxRenderer(shell: $0, statement: $1) }),
        OutputModeDefinition(.explain, summary: nil, isSelectable: false,
                             renderer: { DelimitedRenderer<NoQuoting>(shell: $0, statement: $1) }),
    ]

    /// The definition `.mode` selects for a typed name (whole or abbreviated), or nil.
    public static func named(_ typed: String) -> OutputModeDefinition? {
        if let exact = all.first(where: { $0.exactNameOnly && $0.name == typed }) { return exact }
        return all.first { $0.isSelectable && !$0.exactNameOnly && $0.spelling.hasPrefix(typed) }
    }

    /// The columnar options a shorthand name (typed whole: `qbox`) presets, or nil.
    static func shorthand(named typed: String) -> ColumnarOptions? {
        all.first { $0.exactNameOnly && $0.name == typed }?.shorthand
    }

    /// The definition whose command-line option is `name` (one dash: `-csv`), or nil.
    public static func option(named name: String) -> OutputModeDefinition? {
        all.first { $0.option?.name == name }
    }

    /// The modes `.help mode` lists, in sqlite3 3.40.1's order: alphabetical, except that it
    /// lists `csv` before `column`.
    public static var documented: [OutputModeDefinition] {
        func key(_ name: String) -> String { name == "csv" ? "co" : name }
        return all.filter { $0.summary != nil }.sorted { key($0.name) < key($1.name) }
    }

    /// The `.mode` error for an unknown name: sqlite3's list of its own modes, alphabetical.
    static var unknownModeMessage: String {
        "Error: mode should be one of: " + documented.filter { !$0.isSQLshOwn }.map(\.name).sorted().joined(separator: " ")
    }

    /// The same error for a person at the prompt: every mode sqlsh has (`pretty`, the default,
    /// `count` and `off` too), and the closest name when one is near (`jsn`: json).
    static func unknownModeMessageAtThePrompt(for typed: String) -> String {
        let names = Array(Set(all.filter(\.isSelectable).map(\.name))).sorted()
        var message = "Error: mode should be one of: " + names.joined(separator: " ")
        if let name = EditDistance.closest(to: typed.lowercased(), among: names) { message += "\nDid you mean \(name)?" }
        return message
    }

    /// The `MODE is one of:` lines of `.help mode`.
    static var helpLines: String {
        documented.map { definition in
            let padding = String(repeating: " ", count: max(1, 12 - definition.name.count))
            return "     " + definition.name + padding + (definition.summary ?? "")
        }.joined(separator: "\n")
    }
}

extension OutputMode {
    /// The mode's definition (the first in ``OutputModeDefinition/all``: `box`, not `qbox`).
    public var definition: OutputModeDefinition {
        for definition in OutputModeDefinition.all where definition.mode == self { return definition }
        return OutputModeDefinition.all[0]  // unreachable: every case has a definition (tested)
    }
}

extension ShellSettings {
    /// Selects a mode as `.mode NAME` does: its separators, its headers default, and for a
    /// columnar mode the `--wrap`, `--wordwrap` and `--quote` options given (nil keeps them).
    mutating func select(_ definition: OutputModeDefinition, table: String? = nil,
                         columnar: OutputModeDefinition.ColumnarOptions? = nil) {
        mode = definition.mode
        if let column = definition.separators.column { columnSeparator = column }
        if let row = definition.separators.row { rowSeparator = row }
        if definition.turnsHeadersOn && !headersSet { headers = true }
        if definition.takesTable { insertTable = table ?? "table" }
        if definition.isColumnar, let columnar {
            wrapWidth = columnar.wrapWidth
            wordWrap = columnar.wordWrap
            quoteValues = columnar.quoteValues
        }
    }

    /// Selects a mode as its command-line option (`-csv`) does: the mode and the option's
    /// separators, nothing else.
    public mutating func select(option definition: OutputModeDefinition) {
        mode = definition.mode
        if let column = definition.option?.separators.column { columnSeparator = column }
        if let row = definition.option?.separators.row { rowSeparator = row }
    }
}
