import SQLshCatalog
@_spi(RawSQLite) import SQLshCore

/// Files as tables: CSV, TSV, JSON and NDJSON files, gzip-compressed or not, queried in
/// place, as DuckDB does. Its one entry point is ``install(on:catalog:)``.
///
/// What a connection it is installed on can do:
/// - `select * from 'data.csv'`: a file named in FROM becomes the temp table
///   `temp."data.csv"` (``isDataFileName(_:)`` says which names are files);
/// - `select * from read_csv('data.csv', header=true)`, `read_json(...)`,
///   `read_ndjson(...)` (and their `_auto` names): each call becomes a temp table named
///   after its canonical text;
/// - `CREATE VIRTUAL TABLE t USING read_csv('data.csv')`, and ``createTable(_:schema:overFile:options:on:)``
///   for `sqlsh data.csv`, `.open data.csv` and `.import --infer`.
///
/// How it sits on the layers below: the core gives a statement that fails to prepare to the
/// subsystem's rewriter (``Connection/rewriteFailedStatements(_:)``), with the table the
/// schema lacks already read from SQLite's message (``FailedStatement/missingTable``: schema,
/// name, byte range); the subsystem makes the table and asks for another try. Before each
/// statement (``Connection/beforePreparing(_:)``) it drops the tables whose file changed
/// since, so that they are made again. Its functions are the catalog's `files` pack, so
/// `.functions`, `.enable` and `.disable` see them; a disabled reader makes no table.
///
/// Adding a format (the Parquet reader, say):
/// 1. list its extensions in `DataFileNames.extensions` (the one list: the shell's completion,
///    `.open` and command-line detection read it through ``isDataFileName(_:)``);
/// 2. add its case to `FileFormat`, and its reader to `FileCall.readers` and a
///    `FileTableModule` (`read_parquet`), with its entry in the pack (`FilesPack`);
/// 3. find its columns in `FileTable.init` (as `CSVInference`/`JSONInference` do) and give
///    its rows with a `FileCursor` subclass (as `CSVCursor`/`JSONCursor` do) in `makeCursor()`.
///
/// ```swift
/// let catalog = Catalog.builtIn()
/// let db = try Connection()
/// try catalog.register(on: db)
/// try FileTablesSubsystem.install(on: db, catalog: catalog)
/// let count = try db.scalar("select count(*) from 'events.ndjson.gz'")
/// ```
public enum FileTablesSubsystem {
    /// Installs files as tables on a connection the catalog registered on
    /// (``Catalog/register(on:)``, called first): adds the `files` pack to the catalog (once;
    /// after `vsv`, where `.functions` lists it) with its modules registered on this
    /// connection, and installs the statement rewriter that makes the tables and the check
    /// that drops them when their file changed.
    ///
    /// Readers the catalog has disabled (`.disable read_csv`) make no table.
    ///
    /// ```swift
    /// try catalog.register(on: db)
    /// try FileTablesSubsystem.install(on: db, catalog: catalog)
    /// ```
    /// - Throws: SQLite's error when a module cannot be registered.
    public static func install(on connection: Connection, catalog: Catalog) throws {
        if addPack(to: catalog) {
            try catalog.registerUpFront(ofPack: FilesPack.name, on: connection)
        }
        // The connection keeps the catalog alive, as its on-demand registration does.
        connection.rewriteFailedStatements { connection, failed in
            FileTableRewriter.rewrite(failed, on: connection, isEnabled: { catalog.isEnabled($0) })
        }
        connection.beforePreparing { FileTables.dropStale(on: $0) }
    }

    /// Adds the `files` pack (`read_csv`, `read_json`, `read_ndjson`) to a catalog, listed
    /// after `vsv`, without a connection (``install(on:catalog:)`` does it too): for what
    /// lists the shell's functions, such as the manual's FUNCTIONS section.
    ///
    /// ```swift
    /// let catalog = Catalog.builtIn()
    /// FileTablesSubsystem.addPack(to: catalog)
    /// catalog.function(named: "read_csv")?.pack  // "files"
    /// ```
    /// - Returns: whether it was added (false: the catalog had it).
    @discardableResult
    public static func addPack(to catalog: Catalog) -> Bool {
        catalog.addPack(named: FilesPack.name, upFront: { FilesPack.upFront }, after: "vsv", later: { FilesPack.pack })
    }

    /// Stops making tables for files on a connection (the tables made stay).
    ///
    /// ```swift
    /// FileTablesSubsystem.uninstall(from: db)
    /// ```
    public static func uninstall(from connection: Connection) {
        connection.stopRewritingFailedStatements()
        connection.beforePreparing(nil)
    }
}
