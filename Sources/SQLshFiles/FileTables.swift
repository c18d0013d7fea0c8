@_spi(RawSQLite) import SQLshCore
import Synchronization

/// A table over files that the connection keeps track of (``FileTables/track(_:handle:name:)``).
protocol TrackedFileTable: AnyObject {
    var options: FileReadOptions { get }
    /// The files as they were when the table was made.
    var files: FileSet { get }
    /// The connection whose made-for-a-file tables list this table.
    var trackedHandle: UInt? { get set }
}

/// The file tables of each connection: which ones its own statements made (only those read
/// files), and which temp tables were made for a file named in a statement, with the file as
/// it was then (they are made again when it changes: ``dropStale(on:)``, which
/// ``FileTablesSubsystem/install(on:catalog:)`` runs before each statement).
enum FileTables {
    private struct Live: Sendable {
        var name: String
        /// The names the table was made with (files or patterns), and the files they were.
        var names: [String]
        var files: FileSet
    }

    /// The connection's temp tables made for files named in statements, by table object.
    private static let live = ConnectionLocal<[ObjectIdentifier: Live]>(initial: [:])

    /// How many tables ``track(_:handle:name:)`` keeps, over every connection of the process
    /// (a table of a closed connection may stay counted): while it is 0, ``dropStale(on:)``
    /// has nothing to look at and returns at once, without reading the connection's table.
    private static let trackedCount = Atomic<Int>(0)

    /// Keeps track of a temp table made for a file named in a statement.
    static func track(_ table: any TrackedFileTable, handle: OpaquePointer, name: String) {
        let entry = Live(name: name, names: table.options.fileNames, files: table.files)
        let id = ObjectIdentifier(table)
        table.trackedHandle = UInt(bitPattern: handle)
        let added = Connection(borrowing: handle).withLocal(live) { $0.updateValue(entry, forKey: id) == nil }
        if added { trackedCount.add(1, ordering: .relaxed) }
    }

    /// Forgets a table SQLite let go of.
    static func untrack(_ table: ObjectIdentifier, handle: UInt) {
        guard let handle = OpaquePointer(bitPattern: handle) else { return }
        var removed = false
        live.withExistingValue(onHandle: handle) { removed = $0.removeValue(forKey: table) != nil }
        if removed { trackedCount.subtract(1, ordering: .relaxed) }
    }

    /// Drops the temp tables made for files named in statements whose file changed since
    /// (or is gone): the next statement naming the file makes its table again, with the
    /// columns and types of the file as it is now. Costs nothing on a connection without
    /// such tables; runs before each statement (``Connection/beforePreparing(_:)``).
    static func dropStale(on connection: Connection) {
        if trackedCount.load(ordering: .relaxed) == 0 { return }
        let tables = connection.local(live)
        if tables.isEmpty { return }
        for table in tables.values where table.files.isStale(table.names) {
            try? connection.execute("DROP TABLE IF EXISTS temp.\(quotedName(table.name))")
        }
    }

    /// The names of the tables of a connection made for files named in its statements
    /// (for tests).
    static func trackedNames(on handle: OpaquePointer) -> [String] {
        Connection(borrowing: handle).local(live).values.map(\.name).sorted()
    }
}

extension FileTablesSubsystem {
    /// Whether a name is read as a file when a statement names it in FROM: it ends with one
    /// of ``dataFileExtensions``, perhaps followed by `.gz` (any case).
    ///
    /// ```swift
    /// FileTablesSubsystem.isDataFileName("logs/events.ndjson.gz")  // true
    /// ```
    public static func isDataFileName(_ name: String) -> Bool {
        DataFileNames.ext(ofName: name) != nil
    }

    /// The extensions of the data files read by name, lower case, without the dot, in
    /// order: `csv`, `tsv`, `json`, `ndjson`, `jsonl` (each may be followed by `.gz`).
    ///
    /// ```swift
    /// FileTablesSubsystem.dataFileExtensions.first  // "csv"
    /// ```
    public static var dataFileExtensions: [String] { DataFileNames.extensions.map(\.name) }

    /// ``dataFileExtensions`` as a help text lists them: `*.csv, *.tsv, *.json, *.ndjson or
    /// *.jsonl` (with `prefix` `*.`), or `.json, .ndjson and .jsonl` for the JSON ones.
    ///
    /// ```swift
    /// FileTablesSubsystem.listedExtensions(prefix: "*.", conjunction: "or")  // "*.csv, ..., *.ndjson or *.jsonl"
    /// ```
    public static func listedExtensions(prefix: String, conjunction: String, json: Bool = false) -> String {
        let names = DataFileNames.extensions.filter { ext in
            guard json else { return true }
            if case .json = ext.format { return true }
            return false
        }.map { prefix + $0.name }
        guard let last = names.last else { return "" }
        return names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " \(conjunction) " + last
    }

    /// Whether `name` is one of the readers (`read_csv`, `read_json_auto`...), ASCII
    /// case-insensitively.
    ///
    /// ```swift
    /// FileTablesSubsystem.isReader("READ_CSV")  // true
    /// ```
    public static func isReader(_ name: String) -> Bool {
        FileCall.readers[name.lowercased()] != nil
    }

    /// The module that reads a file of that name (`read_csv`, `read_json`, `read_ndjson`),
    /// nil for a name of no known kind.
    static func module(forFileName name: String) -> String? {
        FileReadOptions.format(ofName: name)?.format.module
    }

    /// The table name a file opened as a database gets: its name without folders and
    /// extensions (`data` for `dir/data.csv.gz`).
    ///
    /// ```swift
    /// FileTablesSubsystem.tableName(forFile: "dir/data.csv.gz")  // "data"
    /// ```
    public static func tableName(forFile path: String) -> String {
        var name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? path[...]
        if name.lowercased().hasSuffix("." + DataFileNames.compressed) { name = name.dropLast(DataFileNames.compressed.count + 1) }
        if let dot = name.lastIndex(of: "."), dot != name.startIndex { name = name[..<dot] }
        return name.isEmpty ? "data" : String(name)
    }

    /// Makes `main.NAME` (or `SCHEMA.NAME`), a table over the file at `path`, with the
    /// options of its kind (CSV for a name of no known kind) and `options` (`skip=1`): what
    /// `sqlsh data.csv`, `.open data.csv` and `.import --infer` read through.
    ///
    /// ```swift
    /// try FileTablesSubsystem.createTable("data", overFile: "data.csv", on: db)
    /// ```
    /// - Throws: the error of the file (cannot be opened, a malformed first rows).
    public static func createTable(_ name: String, schema: String = "main", overFile path: String, options: String = "",
                                   on connection: Connection) throws {
        let module = module(forFileName: path) ?? "read_csv"
        let arguments = OptionValue.quoted(path) + (options.isEmpty ? "" : ", " + options)
        try connection.execute("CREATE VIRTUAL TABLE \(quotedName(schema)).\(quotedName(name)) USING \(module)(\(arguments))")
    }
}
