/// The names completion chooses from. ``ShellCompletionData`` reads them from the live
/// connection and catalog each time (so tables created a moment ago complete at once); tests
/// can supply fixed lists.
public protocol CompletionData {
    /// SQL keywords, upper case.
    func keywords() -> [String]
    /// Tables and views of every attached schema (temp included), as spelt in the schema.
    func tableNames() -> [String]
    /// Attached schema names (`main`, `temp`, ...).
    func schemaNames() -> [String]
    /// Column names of a table or view (an empty list when there is no such table).
    func columnNames(of table: String) -> [String]
    /// Function names usable now: SQLite's own and the enabled catalog functions.
    func functionNames() -> [String]
    /// Names `.enable` and `.disable` take: catalog functions and packs.
    func catalogNames() -> [String]
    /// Dot-command names (without the dot) and their aliases.
    func dotCommandNames() -> [String]
    /// The canonical name of a dot-command as typed (abbreviations resolved), or nil.
    func dotCommand(named typed: String) -> String?
    /// The usage line of a dot-command (`.headers on|off`), or nil.
    func dotCommandUsage(_ name: String) -> String?
    /// Entries of a directory: name and whether it is a directory.
    func directoryEntries(_ path: String) -> [(name: String, isDirectory: Bool)]
    /// The home directory, for `~/`.
    func homeDirectory() -> String?
    /// Whether file names may be offered (not in safe mode, which refuses file commands and
    /// must not show the file system either).
    var allowsFileNames: Bool { get }
}

extension CompletionData {
    public var allowsFileNames: Bool { true }
}
