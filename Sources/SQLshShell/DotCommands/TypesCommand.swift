/// `.types ?on|off?`: whether `pretty` tables at the prompt show each column's type under its
/// header (the declared type, else the storage class of the values shown), as DuckDB does.
struct TypesCommand: OnOffSettingCommand {
    static let name = "types"
    static let usage = ".types ?on|off?"
    static let summary = "Show column types under the headers of pretty tables"
    static let details = """
           on        A dim row under the headers: the declared type where the column
                     has one, else the storage class of the values shown (integer,
                     real, text, blob; mixed for several; null when all are NULL)
           off       No type row
           Without an argument, shows the setting. On by default.
        """
    static var setting: ReferenceWritableKeyPath<Shell, Bool> { \.settings.columnTypes }
}
