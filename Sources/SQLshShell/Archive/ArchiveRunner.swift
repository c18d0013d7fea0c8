import SQLshCore
import SQLshFiles

/// Runs a parsed `.archive` command as sqlite3 3.40.1's `arDotCommand` does: by SQL over the
/// `sqlar` table of an SQLite Archive (with `sqlar_compress`/`sqlar_uncompress` and `fsdir`/
/// `writefile`) or over the `zipfile` virtual table of a ZIP archive. The SQL is the stock
/// shell's, so `--dryrun` prints the same statements.
final class ArchiveRunner {
    private let shell: Shell
    private var options: ArchiveOptions
    /// The connection the archive is in: the shell's, or one opened on `--file` (kept alive
    /// until the command ends).
    private var connection: Connection
    /// Whether the archive is a ZIP file.
    private var isZip = false
    /// The table (or table-valued call) listed and extracted from; "" for a ZIP given by
    /// `--file` when creating, updating or removing, as in sqlite3 (where its SQL then fails).
    private var source = ""

    init(shell: Shell, options: ArchiveOptions) {
        self.shell = shell
        self.options = options
        self.connection = shell.connection
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
                return ResultCode.error.rawValue
            }
            // As the shell's own connection: primary result codes, which the messages quote.
            connection.setExtendedResultCodes(false)
            try? shell.catalog.register(on: connection)
            try? FileTablesSubsystem.install(on: connection, catalog: shell.catalog)
            self.connection = connection
        }
        registerFunctions()
        if source.isEmpty && !isZip && options.command != .help {
            if options.command != .create
                && (try? connection.columnMetadata(table: "sqlar", column: "name")) == nil {
                shell.err.write("database does not contain an 'sqlar' table\n")
                return ResultCode.error.rawValue
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
            return ResultCode.ok.rawValue
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

    /// The catalog functions the command's SQL calls (registered now, as sqlite3 has them
    /// from the start), unless switched off with `.disable`; and `shell_putsnl`.
    private func registerFunctions() {
        for name in ["lsmode", "writefile", "sqlar_compress", "sqlar_uncompress"] where shell.catalog.isEnabled(name) {
            try? shell.catalog.function(named: name)?.register(connection)
        }
        try? connection.add(putsFunction(writingTo: PutsBox(shell.out)))
    }

    /// `shell_putsnl(X)`: prints X and a newline (the verbose output of create and update),
    /// and returns X.
    private func putsFunction(writingTo box: PutsBox) -> SQLFunction {
        SQLFunction("shell_putsnl", argumentCount: 1, writingResult: { arguments, result in
            box.out.write(arguments[0].textBytes)
            box.out.write(byte: 10)
            result.set(arguments[0])
        })
    }

    /// The result code sqlite3's C API returns for `error`: the primary code, since the
    /// archive's connection runs with extended result codes off.
    private static func code(of error: any Error) -> Int32 {
        (error as? SQLiteError).map { $0.code & 0xFF } ?? ResultCode.error.rawValue
    }

    /// The message of `error`, as `sqlite3_errmsg` gives it.
    private static func message(of error: any Error) -> String {
        (error as? SQLiteError)?.message ?? "\(error)"
    }

    /// Runs `sql`, or prints it under `--dryrun`; an error is printed to standard output as
    /// "ERROR: ...", as sqlite3 does.
    @discardableResult
    private func execute(_ sql: String) -> Int32 {
        if options.dryRun {
            shell.out.write(verbatim: sql + "\n")
            return ResultCode.ok.rawValue
        }
        do {
            try connection.execute(sql)
            return ResultCode.ok.rawValue
        } catch {
            printError(error)
            return Self.code(of: error)
        }
    }

    /// Prints a failure of SQL the command ran to standard output ("ERROR: MESSAGE").
    private func printError(_ error: any Error) {
        shell.out.flush()
        shell.standardOutput.write("ERROR: \(Self.message(of: error))\n")
    }

    /// Runs `sql` (a savepoint's bookkeeping) without reporting a failure: its code only.
    @discardableResult
    private func executeQuietly(_ sql: String) -> Int32 {
        do {
            try connection.execute(sql)
            return ResultCode.ok.rawValue
        } catch {
            return Self.code(of: error)
        }
    }

    /// Prepares the first statement of `sql` ("sql error: MESSAGE (CODE)" on failure).
    private func prepare(_ sql: String, _ rc: inout Int32) -> Statement? {
        guard rc == ResultCode.ok.rawValue else { return nil }
        do {
            return try connection.prepareFirst(sql)
        } catch {
            rc = Self.code(of: error)
            shell.err.write("sql error: \(Self.message(of: error)) (\(rc))\n")
            return nil
        }
    }

    /// Steps a statement: true for a row. A failure is kept in `failure` for ``reset(_:_:_:)``
    /// or ``finalize(_:_:_:)`` to report, as sqlite3's command learns it from
    /// `sqlite3_reset`/`sqlite3_finalize`.
    private func step(_ statement: Statement, _ failure: inout (any Error)?) -> Bool {
        do {
            return try statement.step()
        } catch {
            failure = error
            return false
        }
    }

    /// Resets a statement, reporting a failure the steps met ("SQL error: MESSAGE").
    private func reset(_ statement: Statement?, _ rc: inout Int32, _ failure: inout (any Error)?) {
        guard let statement else { return }
        statement.reset()
        report(&failure, into: &rc)
    }

    /// Ends with a statement, reporting a failure the steps met since the last reset.
    private func finalize(_ statement: Statement?, _ rc: inout Int32, _ failure: inout (any Error)?) {
        guard statement != nil else { return }
        report(&failure, into: &rc)
    }

    /// Reports a step's failure ("SQL error: MESSAGE") unless an earlier one was, and clears it.
    private func report(_ failure: inout (any Error)?, into rc: inout Int32) {
        if rc == ResultCode.ok.rawValue, let error = failure {
            shell.err.write("SQL error: \(Self.message(of: error))\n")
            rc = Self.code(of: error)
        }
        failure = nil
    }

    /// A column's text up to its first NUL byte, or "(null)", as sqlite3 prints it with `%s`.
    private func text(_ statement: Statement, _ column: Int) -> String {
        guard let bytes = statement.textBytesOrNil(at: column) else { return "(null)" }
        let end = bytes.firstIndex(of: 0) ?? bytes.endIndex
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<end]), as: UTF8.self)
    }

    /// Checks that every name given is in the archive ("not found in archive: NAME"); final
    /// slashes are dropped from the names, as sqlite3 does.
    private func checkEntries() -> Int32 {
        guard !options.names.isEmpty else { return ResultCode.ok.rawValue }
        var rc = ResultCode.ok.rawValue
        let select = options.glob ? "SELECT name FROM \(source) WHERE glob($name,name)" : "SELECT name FROM \(source) WHERE name=$name"
        let statement = prepare(select, &rc)
        var failure: (any Error)?
        if let statement {
            for i in options.names.indices where rc == ResultCode.ok.rawValue {
                var name = options.names[i]
                while name.hasSuffix("/") { name.removeLast() }
                options.names[i] = name
                try? statement.bind(name, named: "$name")
                let found = step(statement, &failure)
                reset(statement, &rc, &failure)
                if rc == ResultCode.ok.rawValue && !found {
                    shell.err.write("not found in archive: \(name)\n")
                    rc = ResultCode.error.rawValue
                }
            }
        }
        finalize(statement, &rc, &failure)
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
        let statement = prepare("SELECT \(columns) FROM \(source) WHERE \(rc == ResultCode.ok.rawValue ? whereClause : "")", &rc)
        var failure: (any Error)?
        if let statement {
            if options.dryRun {
                shell.out.write(verbatim: statement.sql + "\n")
            } else {
                while rc == ResultCode.ok.rawValue && step(statement, &failure) {
                    if options.verbose {
                        let size = String(statement.int32(at: 1))
                        let padded = String(repeating: " ", count: max(0, 10 - size.utf8.count)) + size
                        shell.out.write(verbatim: "\(text(statement, 0)) \(padded)  \(text(statement, 2))  \(text(statement, 3))\n")
                    } else {
                        shell.out.write(verbatim: text(statement, 0) + "\n")
                    }
                }
            }
        }
        finalize(statement, &rc, &failure)
        return rc
    }

    private func remove() -> Int32 {
        var rc = ResultCode.ok.rawValue
        var clause = ""
        if !options.names.isEmpty {
            rc = checkEntries()
            if rc == ResultCode.ok.rawValue { clause = whereClause }
        }
        guard rc == ResultCode.ok.rawValue else { return rc }
        let sql = "DELETE FROM \(source) WHERE \(clause);"
        if options.dryRun {
            shell.out.write(verbatim: sql + "\n")
            return ResultCode.ok.rawValue
        }
        rc = executeQuietly("SAVEPOINT ar;")
        var failure: (any Error)?
        if rc == ResultCode.ok.rawValue {
            do {
                try connection.execute(sql)
                rc = executeQuietly("RELEASE ar;")
            } catch {
                failure = error
                rc = Self.code(of: error)
                executeQuietly("ROLLBACK TO ar; RELEASE ar;")
            }
        }
        if let failure { printError(failure) }
        return rc
    }

    /// Extracts the members (those named, or all) under the target folder. A member that
    /// would be written outside it is refused (``ArchiveExtractionGuard``): the query run
    /// checks each member where sqlite3's skips `..` names silently, while `--dryrun` still
    /// shows sqlite3's query.
    private func extract() -> Int32 {
        var rc = checkEntries()
        let contents = isZip ? "data" : "sqlar_uncompress(data, sz)"
        let selection = "SELECT  ($dir || name), writefile(($dir || name), \(contents), mode, mtime) "
            + "FROM \(source) WHERE (\(rc == ResultCode.ok.rawValue ? whereClause : "")) AND (data IS NULL OR $dirOnly = 0)"
        let stockSQL = selection + " AND name NOT GLOB '*..[/\\]*'"
        let guardian = ArchiveExtractionGuard(err: shell.err)
        if !options.dryRun {
            do { try connection.add(guardian.sqlFunction) } catch {
                shell.err.write("sql error: \(Self.message(of: error))\n")
                return ResultCode.error.rawValue
            }
        }
        let directory = options.directory.map { $0 + "/" } ?? ""
        let sql = options.dryRun ? stockSQL : selection + " AND sqlsh_archive_member_ok($dir, name, mode)"
        let statement = prepare(sql, &rc)
        var failure: (any Error)?
        if let statement, rc == ResultCode.ok.rawValue {
            try? statement.bind(directory, named: "$dir")
            // Twice: first every member, then the directories again, whose times the first
            // pass changed by filling them.
            for pass in 0..<2 {
                try? statement.bind(Int64(pass), named: "$dirOnly")
                if options.dryRun {
                    shell.out.write(verbatim: statement.sql + "\n")
                } else {
                    while rc == ResultCode.ok.rawValue && step(statement, &failure) {
                        if pass == 0 && options.verbose { shell.out.write(verbatim: text(statement, 0) + "\n") }
                    }
                }
                reset(statement, &rc, &failure)
            }
        }
        finalize(statement, &rc, &failure)
        if rc == ResultCode.ok.rawValue && guardian.refusedCount > 0 { rc = ResultCode.error.rawValue }
        return rc
    }

    private func createOrUpdate(update: Bool, onlyIfChanged: Bool) -> Int32 {
        execute("PRAGMA page_size=512")
        var rc = execute("SAVEPOINT ar;")
        guard rc == ResultCode.ok.rawValue else { return rc }
        var table = "sqlar"
        var temporaryTable: String?
        if isZip {
            if let file = options.file {
                let random = SQLiteLibrary.random(UInt64.self)
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
            if rc == ResultCode.ok.rawValue {
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
        for file in options.names where rc == ResultCode.ok.rawValue {
            let source = "FROM fsdir(\(Self.quoted(file)),\(directory)) AS disk\n  WHERE lsmode(mode) NOT LIKE '?%'\(exists);"
            if isZip {
                rc = execute("REPLACE INTO \(table)(name,mode,mtime,data)\n  SELECT\n    \(name),\n    mode,\n    mtime,\n    data\n  " + source)
            } else {
                rc = execute("REPLACE INTO \(table)(name,mode,mtime,sz,data)\n  SELECT\n    \(name),\n    mode,\n    mtime,\n"
                    + "    CASE substr(lsmode(mode),1,1)\n      WHEN '-' THEN length(data)\n      WHEN 'd' THEN 0\n      ELSE -1 END,\n"
                    + "    sqlar_compress(data)\n  " + source)
            }
        }
        if rc != ResultCode.ok.rawValue {
            executeQuietly("ROLLBACK TO ar; RELEASE ar;")
        } else {
            rc = execute("RELEASE ar;")
            if let temporaryTable {
                execute("DROP TABLE \(temporaryTable)")
            }
        }
        return rc
    }
}

/// What `shell_putsnl` writes to. `@unchecked Sendable`: the function runs only inside the
/// command's own statements, on the shell's thread.
private final class PutsBox: @unchecked Sendable {
    let out: OutputWriter
    init(_ out: OutputWriter) { self.out = out }
}
