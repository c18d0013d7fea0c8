import CSQLite
import SQLshCore

/// Runs a parsed `.archive` command as sqlite3 3.40.1's `arDotCommand` does: by SQL over the
/// `sqlar` table of an SQLite Archive (with `sqlar_compress`/`sqlar_uncompress` and `fsdir`/
/// `writefile`) or over the `zipfile` virtual table of a ZIP archive. The SQL is the stock
/// shell's, so `--dryrun` prints the same statements.
final class ArchiveRunner {
    private let shell: Shell
    private var options: ArchiveOptions
    /// The connection the archive is in: the shell's, or one opened on `--file`.
    private var db: OpaquePointer
    /// Keeps a connection opened on `--file` alive until the command ends.
    private var ownConnection: Connection?
    /// Whether the archive is a ZIP file.
    private var isZip = false
    /// The table (or table-valued call) listed and extracted from; "" for a ZIP given by
    /// `--file` when creating, updating or removing, as in sqlite3 (where its SQL then fails).
    private var source = ""

    init(shell: Shell, options: ArchiveOptions) {
        self.shell = shell
        self.options = options
        self.db = shell.connection.handle
    }

    /// The result code sqlite3's command returns (0 when it worked).
    func run() -> Int32 {
        let kind: DatabaseFileKind
        if let file = options.file {
            kind = DatabaseFileKind.deduce(path: file, defaultZip: true)
        } else {
            kind = shell.databaseKind
        }
        if kind == .zip {
            if options.command == .extract || options.command == .list {
                source = options.file.map { "zipfile(" + Self.quoted($0) + ")" } ?? "zip"
            }
            isZip = true
        } else if let file = options.file {
            let writing = [.create, .insert, .remove, .update].contains(options.command)
            let usesAppendVFS = options.append || kind == .appendVFS
            if options.dryRun {
                shell.out.write("-- open database '\(file)'\(usesAppendVFS ? " using 'apndvfs'" : "")\n")
            }
            let flags: OpenFlags = writing ? [.readWrite, .create] : .readOnly
            if usesAppendVFS { AppendVFS.register() }
            let connection: Connection
            do {
                connection = try Connection(path: file, flags: flags, vfs: usesAppendVFS ? AppendVFS.name : nil)
            } catch let error as SQLiteError {
                shell.err.write("cannot open file: \(file) (\(error.message))\n")
                return error.code & 0xff
            } catch {
                shell.err.write("cannot open file: \(file) (\(error))\n")
                return SQLITE_ERROR
            }
            sqlite3_extended_result_codes(connection.handle, 0)
            try? shell.catalog.register(on: connection)
            ownConnection = connection
            db = connection.handle
        }
        registerFunctions(on: ownConnection ?? shell.connection)
        if source.isEmpty && !isZip && options.command != .help {
            if options.command != .create
                && sqlite3_table_column_metadata(db, nil, "sqlar", "name", nil, nil, nil, nil, nil) != SQLITE_OK {
                shell.err.write("database does not contain an 'sqlar' table\n")
                return SQLITE_ERROR
            }
            source = "sqlar"
        }
        switch options.command {
        case .create: return createOrUpdate(update: false, onlyIfChanged: false)
        case .insert: return createOrUpdate(update: true, onlyIfChanged: false)
        case .update, nil: return createOrUpdate(update: true, onlyIfChanged: true)  // nil: as sqlite3
        case .extract: return extract()
        case .list: return list()
        case .remove: return remove()
        case .help:
            _ = HelpText.show(pattern: "archive", to: shell.out)
            return SQLITE_OK
        }
    }

    // MARK: helpers

    /// A string literal, as sqlite3_mprintf's %Q writes it.
    static func quoted(_ text: String) -> String {
        "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "''") + "'"
    }

    /// The text of %q: quotes doubled, no surrounding quotes.
    private static func escaped(_ text: String) -> String {
        text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "''")
    }

    /// The catalog functions the command's SQL calls (registered now: the SQL runs through
    /// sqlite3_exec, which does not register functions on demand as the shell's statements
    /// do), unless switched off with `.disable`; and `shell_putsnl`.
    private func registerFunctions(on connection: Connection) {
        for name in ["lsmode", "writefile", "sqlar_compress", "sqlar_uncompress"] where shell.catalog.isEnabled(name) {
            try? shell.catalog.function(named: name)?.register(connection)
        }
        registerPutsFunction()
    }

    /// `shell_putsnl(X)`: prints X and a newline (the verbose output of create and update).
    private func registerPutsFunction() {
        let out = shell.out
        let box = Unmanaged.passRetained(PutsBox(out)).toOpaque()
        sqlite3_create_function_v2(db, "shell_putsnl", 1, SQLITE_UTF8, box, { context, _, argv in
            guard let context, let argv, let value = argv[0] else { return }
            let box = Unmanaged<PutsBox>.fromOpaque(sqlite3_user_data(context)).takeUnretainedValue()
            if let text = sqlite3_value_text(value) {
                box.out.write(UnsafeBufferPointer(start: text, count: Int(sqlite3_value_bytes(value))))
            }
            box.out.write(byte: 10)
            sqlite3_result_value(context, value)
        }, nil, nil, { p in p.map { Unmanaged<PutsBox>.fromOpaque($0).release() } })
    }

    /// Runs `sql`, or prints it under `--dryrun`; an error is printed to standard output as
    /// "ERROR: ...", as sqlite3 does.
    @discardableResult
    private func execute(_ sql: String) -> Int32 {
        if options.dryRun {
            shell.out.write(verbatim: sql + "\n")
            return SQLITE_OK
        }
        var message: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(db, sql, nil, nil, &message)
        if let message {
            shell.out.flush()
            shell.standardOutput.write("ERROR: \(String(cString: message))\n")
            sqlite3_free(message)
        }
        return rc
    }

    /// Prepares `sql` ("sql error: MESSAGE (CODE)" on failure).
    private func prepare(_ sql: String, _ rc: inout Int32) -> OpaquePointer? {
        guard rc == SQLITE_OK else { return nil }
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v2(db, sql, -1, &statement, nil)
        if code != SQLITE_OK {
            shell.err.write("sql error: \(String(cString: sqlite3_errmsg(db))) (\(sqlite3_errcode(db)))\n")
            rc = code
        }
        return statement
    }

    /// Resets a statement, reporting a failure the steps met ("SQL error: MESSAGE").
    private func reset(_ statement: OpaquePointer?, _ rc: inout Int32) {
        guard let statement else { return }
        let code = sqlite3_reset(statement)
        if rc == SQLITE_OK {
            if code != SQLITE_OK { shell.err.write("SQL error: \(String(cString: sqlite3_errmsg(db)))\n") }
            rc = code
        }
    }

    /// Finalizes a statement, reporting a failure the steps met.
    private func finalize(_ statement: OpaquePointer?, _ rc: inout Int32) {
        guard let statement else { return }
        let code = sqlite3_finalize(statement)
        if rc == SQLITE_OK {
            if code != SQLITE_OK { shell.err.write("SQL error: \(String(cString: sqlite3_errmsg(db)))\n") }
            rc = code
        }
    }

    private func text(_ statement: OpaquePointer, _ column: Int32) -> String {
        sqlite3_column_text(statement, column).map { String(cString: $0) } ?? "(null)"
    }

    /// Checks that every name given is in the archive ("not found in archive: NAME"); final
    /// slashes are dropped from the names, as sqlite3 does.
    private func checkEntries() -> Int32 {
        guard !options.names.isEmpty else { return SQLITE_OK }
        var rc = SQLITE_OK
        let select = options.glob ? "SELECT name FROM \(source) WHERE glob($name,name)" : "SELECT name FROM \(source) WHERE name=$name"
        let statement = prepare(select, &rc)
        if let statement {
            let parameter = sqlite3_bind_parameter_index(statement, "$name")
            for i in options.names.indices where rc == SQLITE_OK {
                var name = options.names[i]
                while name.hasSuffix("/") { name.removeLast() }
                options.names[i] = name
                sqlite3_bind_text(statement, parameter, name, -1, sqliteTransient)
                let found = sqlite3_step(statement) == SQLITE_ROW
                reset(statement, &rc)
                if rc == SQLITE_OK && !found {
                    shell.err.write("not found in archive: \(name)\n")
                    rc = SQLITE_ERROR
                }
            }
        }
        finalize(statement, &rc)
        return rc
    }

    /// The WHERE clause selecting the names given (and what is under them); "1" for all.
    private var whereClause: String {
        guard !options.names.isEmpty else { return "1" }
        let op = options.glob ? "GLOB" : "="
        return options.names.map { name in
            " name \(op) '\(Self.escaped(name))' OR substr(name,1,\(name.utf8.count + 1)) \(op) '\(Self.escaped(name))/'"
        }.joined(separator: " OR")
    }

    // MARK: the commands

    private func list() -> Int32 {
        var rc = checkEntries()
        let columns = options.verbose ? "lsmode(mode), sz, datetime(mtime, 'unixepoch'), name" : "name"
        let statement = prepare("SELECT \(columns) FROM \(source) WHERE \(rc == SQLITE_OK ? whereClause : "")", &rc)
        if let statement {
            if options.dryRun {
                shell.out.write(verbatim: String(cString: sqlite3_sql(statement)) + "\n")
            } else {
                while rc == SQLITE_OK && sqlite3_step(statement) == SQLITE_ROW {
                    if options.verbose {
                        let size = String(sqlite3_column_int(statement, 1))
                        let padded = String(repeating: " ", count: max(0, 10 - size.utf8.count)) + size
                        shell.out.write(verbatim: "\(text(statement, 0)) \(padded)  \(text(statement, 2))  \(text(statement, 3))\n")
                    } else {
                        shell.out.write(verbatim: text(statement, 0) + "\n")
                    }
                }
            }
        }
        finalize(statement, &rc)
        return rc
    }

    private func remove() -> Int32 {
        var rc = SQLITE_OK
        var clause = ""
        if !options.names.isEmpty {
            rc = checkEntries()
            if rc == SQLITE_OK { clause = whereClause }
        }
        guard rc == SQLITE_OK else { return rc }
        let sql = "DELETE FROM \(source) WHERE \(clause);"
        if options.dryRun {
            shell.out.write(verbatim: sql + "\n")
            return SQLITE_OK
        }
        rc = sqlite3_exec(db, "SAVEPOINT ar;", nil, nil, nil)
        var message: UnsafeMutablePointer<CChar>?
        if rc == SQLITE_OK {
            rc = sqlite3_exec(db, sql, nil, nil, &message)
            if rc != SQLITE_OK {
                sqlite3_exec(db, "ROLLBACK TO ar; RELEASE ar;", nil, nil, nil)
            } else {
                rc = sqlite3_exec(db, "RELEASE ar;", nil, nil, nil)
            }
        }
        if let message {
            shell.out.flush()
            shell.standardOutput.write("ERROR: \(String(cString: message))\n")
            sqlite3_free(message)
        }
        return rc
    }

    private func extract() -> Int32 {
        var rc = checkEntries()
        let contents = isZip ? "data" : "sqlar_uncompress(data, sz)"
        let sql = "SELECT  ($dir || name), writefile(($dir || name), \(contents), mode, mtime) "
            + "FROM \(source) WHERE (\(rc == SQLITE_OK ? whereClause : "")) AND (data IS NULL OR $dirOnly = 0)"
            + " AND name NOT GLOB '*..[/\\]*'"
        let directory = options.directory.map { $0 + "/" } ?? ""
        let statement = prepare(sql, &rc)
        if let statement, rc == SQLITE_OK {
            sqlite3_bind_text(statement, sqlite3_bind_parameter_index(statement, "$dir"), directory, -1, sqliteTransient)
            // Twice: first every member, then the directories again, whose times the first
            // pass changed by filling them.
            for pass in 0..<2 {
                sqlite3_bind_int(statement, sqlite3_bind_parameter_index(statement, "$dirOnly"), Int32(pass))
                if options.dryRun {
                    shell.out.write(verbatim: String(cString: sqlite3_sql(statement)) + "\n")
                } else {
                    while rc == SQLITE_OK && sqlite3_step(statement) == SQLITE_ROW {
                        if pass == 0 && options.verbose { shell.out.write(verbatim: text(statement, 0) + "\n") }
                    }
                }
                reset(statement, &rc)
            }
        }
        finalize(statement, &rc)
        return rc
    }

    private func createOrUpdate(update: Bool, onlyIfChanged: Bool) -> Int32 {
        execute("PRAGMA page_size=512")
        var rc = execute("SAVEPOINT ar;")
        guard rc == SQLITE_OK else { return rc }
        var table = "sqlar"
        var temporaryTable: String?
        if isZip {
            if let file = options.file {
                var random: UInt64 = 0
                sqlite3_randomness(8, &random)
                let hex = String(random, radix: 16)
                let name = "zip" + String(repeating: "0", count: 16 - hex.count) + hex
                temporaryTable = name
                table = name
                rc = execute("CREATE VIRTUAL TABLE temp.\(name) USING zipfile(\(Self.quoted(file)))")
            } else {
                table = "zip"
            }
        } else {
            if !update {
                rc = execute("DROP TABLE IF EXISTS sqlar")
            }
            if rc == SQLITE_OK {
                rc = execute("""
                    CREATE TABLE IF NOT EXISTS sqlar(
                      name TEXT PRIMARY KEY,  -- name of the file
                      mode INT,               -- access permissions
                      mtime INT,              -- last modification time
                      sz INT,                 -- original file size
                      data BLOB               -- compressed content
                    )
                    """)
            }
        }
        let exists = onlyIfChanged
            ? " AND NOT EXISTS(SELECT 1 FROM \(table) AS mem WHERE mem.name=disk.name AND mem.mtime=disk.mtime AND mem.mode=disk.mode)"
            : ""
        let name = options.verbose ? "shell_putsnl(name)" : "name"
        let directory = options.directory.map(Self.quoted) ?? "NULL"
        for file in options.names where rc == SQLITE_OK {
            let source = "FROM fsdir(\(Self.quoted(file)),\(directory)) AS disk\n  WHERE lsmode(mode) NOT LIKE '?%'\(exists);"
            if isZip {
                rc = execute("REPLACE INTO \(table)(name,mode,mtime,data)\n  SELECT\n    \(name),\n    mode,\n    mtime,\n    data\n  " + source)
            } else {
                rc = execute("REPLACE INTO \(table)(name,mode,mtime,sz,data)\n  SELECT\n    \(name),\n    mode,\n    mtime,\n"
                    + "    CASE substr(lsmode(mode),1,1)\n      WHEN '-' THEN length(data)\n      WHEN 'd' THEN 0\n      ELSE -1 END,\n"
                    + "    sqlar_compress(data)\n  " + source)
            }
        }
        if rc != SQLITE_OK {
            sqlite3_exec(db, "ROLLBACK TO ar; RELEASE ar;", nil, nil, nil)
        } else {
            rc = execute("RELEASE ar;")
            if let temporaryTable {
                execute("DROP TABLE \(temporaryTable)")
            }
        }
        return rc
    }
}

/// What `shell_putsnl` writes to.
private final class PutsBox {
    let out: OutputWriter
    init(_ out: OutputWriter) { self.out = out }
}

/// SQLITE_TRANSIENT: SQLite copies the bound text.
private let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
