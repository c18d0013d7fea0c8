import SQLshCatalog

/// The `shell` pack: the SQL functions that belong to the shell rather than to the catalog's
/// built-in packs: `edit()` and sqlite3's own shell functions (``ShellSQLFunctions``). Added to the shell's catalog when the shell starts, as a
/// plugin adds its packs, so `.functions`, `.describe`, `.enable` and `.disable` know them;
/// made only when the catalog is first read.
enum ShellPack {
    static let name = "shell"

    static func make() -> FunctionPack {
        FunctionPack(name: name, summary: "functions of the sqlsh shell itself", functions: [EditFunction.entry] + ShellSQLFunctions.entries)
    }

    /// Adds the pack to `catalog` unless it has it already (several shells may share one).
    static func add(to catalog: Catalog) {
        catalog.addPack(named: name, later: make)
    }
}
