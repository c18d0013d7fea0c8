@_spi(RawSQLite) import SQLshCore

/// What `-safe` mode refuses in SQL, as the stock sqlite3 shell does (ATTACH, the functions of
/// its list) and beyond (the catalog's functions, table-valued functions and modules that read
/// or write files): the one list. The shell's authorizer asks ``refusal(action:_:_:)`` and
/// prints the message; the dot-commands' refusals are the commands' own (`isUnsafe`).
public enum SafeMode {
    /// Lowercase names of the functions the stock shell refuses in safe mode (3.40.1's list), and
    /// the catalog's other functions that read or write files.
    public static let prohibitedFunctions: Set<String> = [
        "edit", "fts3_tokenizer", "load_extension", "readfile", "writefile", "zipfile", "zipfile_cds",
        // sqlean's file functions (the fileio pack): they read or write files too.
        "fileio_read", "fileio_write", "fileio_append", "fileio_mkdir", "mkdir", "fileio_symlink", "symlink",
        // sqlean's define pack: eval runs any SQL (ATTACH, VACUUM INTO); define is also the
        // module of define tables.
        "eval", "define",
    ]

    /// Whether a function name is refused in safe mode (ASCII case-insensitive).
    public static func isProhibited(_ name: String) -> Bool {
        prohibitedFunctions.contains(name.lowercased()) || prohibitedTableFunctions.contains(name.lowercased())
    }

    /// Lowercase names of the table-valued functions safe mode refuses (beyond sqlite3, which
    /// lets `fsdir` list and read any folder while it refuses `readfile`).
    public static let prohibitedTableFunctions: Set<String> = ["fsdir", "fileio_ls", "lsdir", "fileio_scan", "scanfile", "zipfile"]

    /// Lowercase names of the virtual table modules safe mode refuses: `vsv` reads any file,
    /// `define` tables run stored SQL, `zipfile` tables read and write any file.
    /// `read_csv` and the files pack's other modules read any file.
    public static let prohibitedModules: Set<String> = [
        "vsv", "define", "zipfile",
        "read_csv", "read_csv_auto", "read_json", "read_json_auto", "read_ndjson", "read_ndjson_auto",
        "read_parquet", "read_parquet_auto",
    ]

    /// Whether `CREATE VIRTUAL TABLE ... USING name` is refused.
    public static func isProhibitedModule(_ name: String) -> Bool {
        prohibitedModules.contains(name.lowercased())
    }

    /// Whether the connection belongs to a shell in safe mode: modules that read files when a
    /// table of the schema is first used (`vsv`) refuse then too, since the authorizer sees
    /// only the table's name. Per connection, not per process: a program (or a test run) may
    /// hold shells in and out of safe mode at once.
    private static let isSafe = ConnectionLocal<Bool>(initial: false)

    /// Marks a connection as belonging to a shell in safe mode (until it is deactivated or
    /// closes).
    public static func activate(on handle: OpaquePointer) {
        Connection(borrowing: handle).withLocal(isSafe) { $0 = true }
    }

    /// Forgets a connection's safe mode.
    public static func deactivate(on handle: OpaquePointer) {
        Connection(borrowing: handle).withLocal(isSafe) { $0 = false }
    }

    /// Whether a connection belongs to a shell in safe mode.
    public static func isActive(on handle: OpaquePointer) -> Bool {
        Connection(borrowing: handle).local(isSafe)
    }

    /// Throws `cannot use the NAME module in safe mode` when the connection belongs to a shell
    /// in safe mode. The modules safe mode refuses call it when a table of theirs is created
    /// or connected: a table already in the schema (a database from someone else) is refused
    /// on its first read, insert, update or delete, which the authorizer sees only as a table
    /// name.
    public static func refuseModule(_ name: String, on handle: OpaquePointer) throws {
        if isActive(on: handle) { throw SQLiteError(message: "cannot use the \(name) module in safe mode") }
    }

    /// Whether reading a table (as the authorizer names it) is a refused table-valued function.
    public static func isProhibitedTableFunction(_ name: String) -> Bool {
        prohibitedTableFunctions.contains(name.lowercased())
    }

    /// The stock shell's message for a refused function.
    public static func message(for name: String) -> String {
        "cannot use the \(name.lowercased())() function in safe mode"
    }

    /// What safe mode refuses of an authorizer request (`SQLITE_ATTACH`, `SQLITE_FUNCTION`,
    /// `SQLITE_CREATE_VTABLE`, `SQLITE_READ` of a table-valued function), as the message the
    /// shell prints after `line N: `; nil when it is allowed. `a1` and `a2` are the
    /// authorizer's first two strings; `isDataFileName` says whether a table's name is a
    /// data file's (`data.csv`: the files subsystem's `FileTablesSubsystem.isDataFileName`),
    /// for the message of a table made for a file named in FROM.
    ///
    /// ```swift
    /// SafeMode.refusal(action: .attach, nil, nil)  // "cannot run ATTACH in safe mode"
    /// ```
    public static func refusal(action: AuthorizerAction, _ a1: @autoclosure () -> String?, _ a2: @autoclosure () -> String?,
                               isDataFileName: (String) -> Bool = { _ in false }) -> String? {
        switch action {
        case .attach:
            return "cannot run ATTACH in safe mode"
        case .function:
            guard let name = a2() else { return nil }
            return isProhibited(name) ? message(for: name) : nil
        case .createVirtualTable:
            guard let module = a2() else { return nil }
            guard isProhibitedModule(module) else { return nil }
            // The files pack makes its tables for `read_csv(...)` calls and for files named in
            // FROM: the message names what the statement named.
            if let table = a1(), module.lowercased().hasPrefix("read_") {
                if table.lowercased().hasPrefix(module.lowercased() + "(") { return message(for: module) }
                if isDataFileName(table) { return "cannot read \(table) in safe mode" }
            }
            return "cannot use the \(module.lowercased()) module in safe mode"
        case .read:
            guard let table = a1() else { return nil }
            return isProhibitedTableFunction(table) ? message(for: table) : nil
        default:
            return nil
        }
    }
}

extension CatalogFunction {
    /// Whether `-safe` mode refuses this function (it reads or writes files).
    public var isRefusedInSafeMode: Bool { SafeMode.isProhibited(name) }
}
