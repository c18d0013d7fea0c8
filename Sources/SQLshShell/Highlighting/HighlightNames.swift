/// The names the highlighter tells apart: SQL keywords, callable functions, the open
/// database's tables, views, columns and schemas, and the dot-commands.
public struct HighlightNames: Sendable {
    /// Keywords, upper case.
    public var keywords: Set<String>
    /// Function names (table-valued ones too), lower case.
    public var functions: Set<String>
    /// Table, view, column and schema names, lower case.
    public var identifiers: Set<String>
    /// Dot-command names and aliases, without the dot.
    public var dotCommands: Set<String>

    public init(keywords: Set<String> = [], functions: Set<String> = [], identifiers: Set<String> = [], dotCommands: Set<String> = []) {
        self.keywords = keywords
        self.functions = functions
        self.identifiers = identifiers
        self.dotCommands = dotCommands
    }

    /// The names of `data` (the live shell's, through ``ShellCompletionData``): a few small
    /// queries, so read once per prompt rather than per key. Columns are read for at most
    /// `tableLimit` tables.
    public static func from(_ data: CompletionData, tableLimit: Int = 500) -> HighlightNames {
        let tables = data.tableNames()
        var identifiers = Set(tables.map(asciiLowercased))
        for schema in data.schemaNames() { identifiers.insert(asciiLowercased(schema)) }
        for table in tables.prefix(tableLimit) {
            for column in data.columnNames(of: table) { identifiers.insert(asciiLowercased(column)) }
        }
        let modules = (data as? ShellCompletionData)?.moduleNames() ?? []
        return HighlightNames(keywords: Set(data.keywords()),
                              functions: Set((data.functionNames() + modules).map(asciiLowercased)),
                              identifiers: identifiers,
                              dotCommands: Set(data.dotCommandNames()))
    }

    /// Whether `typed` (without the dot) names a dot-command: a name, an alias, or an
    /// abbreviation of exactly one of them, as the shell accepts it.
    func isDotCommand(_ typed: String) -> Bool {
        if dotCommands.contains(typed) { return true }
        guard !typed.isEmpty else { return false }
        return DotCommandRegistry.command(named: typed) != nil
    }
}
