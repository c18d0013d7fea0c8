import SQLshCore
import SQLshCatalog
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLshFiles

/// `.import FILE TABLE`: loads CSV (or ASCII-separated) data into a table, creating it with
/// TEXT columns named by the first row when it does not exist. All rows go in one
/// transaction (a savepoint, so an open transaction of the user's is kept). Bad quoting is
/// warned about and the rows kept, as in sqlite3 (an unterminated quoted field runs to the end
/// of the file); a row whose INSERT fails stops the import with its line number and leaves the
/// database as it was (sqlite3 goes on and keeps the other rows).
struct ImportCommand: DotCommand {
    static let name = "import"
    static let usage = ".import FILE TABLE"
    static let summary = "Import data from FILE into TABLE"
    static let details = #"""
       Options:
         --ascii               Use \037 and \036 as column and row separators
         --csv                 Use , and \n as column and row separators
         --skip N              Skip the first N rows of input
         --schema S            Target table to be S.TABLE
         -v                    "Verbose" - increase auxiliary output
       Notes:
         *  If TABLE does not exist, it is created.  The first row of input
            determines the column names.
         *  If neither --csv or --ascii are used, the input mode is derived
            from the ".mode" output mode
         *  If FILE begins with "|" then it is a command that generates the
            input text.
    """#
    static let sqlshDetails = #"""
       sqlsh also:
         --infer               Create TABLE with typed columns (INTEGER, REAL, TEXT...)
                               found from the data, reading FILE as read_csv() does
                               (read_json() for \#(FileTablesSubsystem.listedExtensions(prefix: ".", conjunction: "and", json: true)) files)
    """#
    static let isUnsafe = true

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        var file: String?, table: String?, schema: String?
        var verbose = 0, skip: Int64 = 0, infer = false
        var useOutputMode = true
        var ascii = shell.settings.mode == .ascii
        var columnSeparator: UInt8 = 0, rowSeparator: UInt8 = 0
        var i = 1
        func usage(_ message: String) -> CommandOutcome {
            shell.out.write(message)
            _ = HelpText.show(pattern: "import", to: shell.out)
            return .failure
        }
        while i < arguments.count {
            var z = Substring(arguments[i])
            if z.hasPrefix("--") { z = z.dropFirst() }
            if !z.hasPrefix("-") {
                if file == nil { file = String(z) }
                else if table == nil { table = String(z) }
                else { return usage("ERROR: extra argument: \"\(z)\".  Usage:\n") }
            } else if z == "-v" {
                verbose += 1
            } else if z == "-infer" {
                infer = true
            } else if z == "-schema" && i < arguments.count - 1 {
                i += 1
                schema = arguments[i]
            } else if z == "-skip" && i < arguments.count - 1 {
                i += 1
                skip = DotCommandArguments.integerValue(arguments[i])
            } else if z == "-ascii" {
                (columnSeparator, rowSeparator, ascii, useOutputMode) = (0x1F, 0x1E, true, false)
            } else if z == "-csv" {
                (columnSeparator, rowSeparator, ascii, useOutputMode) = (44, 10, false, false)
            } else {
                return usage("ERROR: unknown option: \"\(z)\".  Usage:\n")
            }
            i += 1
        }
        guard let file, let table else {
            return usage("ERROR: missing \(file == nil ? "FILE" : "TABLE") argument. Usage:\n")
        }
        if infer {
            return try InferredImport(shell: shell, verbose: verbose).run(file: file, table: table, schema: schema, skip: skip)
        }
        if useOutputMode {
            let column = Array(shell.settings.columnSeparator.utf8)
            guard !column.isEmpty else { throw ShellError("Error: non-null column separator required for import") }
            guard column.count == 1 else { throw ShellError("Error: multi-character column separators not allowed for import") }
            var row = Array(shell.settings.rowSeparator.utf8)
            guard !row.isEmpty else { throw ShellError("Error: non-null row separator required for import") }
            if row == [13, 10] && shell.settings.mode == .csv {
                // As sqlite3 does, the CSV output row separator becomes the input one, for good.
                shell.settings.rowSeparator = "\n"
                row = [10]
            }
            guard row.count == 1 else { throw ShellError("Error: multi-character row separators not allowed for import") }
            (columnSeparator, rowSeparator) = (column[0], row[0])
        }
        let source = try InputFile(file)
        defer { source.close() }
        let reader = ImportReader(fd: source.fd, name: source.displayName, columnSeparator: columnSeparator,
                                  rowSeparator: rowSeparator, ascii: ascii, err: shell.err)
        if verbose >= 2 || (verbose >= 1 && useOutputMode) {
            shell.out.write("Column separator \(cString([columnSeparator])), row separator \(cString([rowSeparator]))\n")
        }
        // Stops at the end of the file however many rows --skip asks for.
        while skip > 0 && reader.terminator != ImportReader.endOfFile {
            skip -= 1
            while reader.readField() && reader.terminator == Int32(columnSeparator) {}
        }
        let job = ImportJob(shell: shell, reader: reader, verbose: verbose)
        return try job.run(table: table, schema: schema)
    }

    /// sqlite3's `output_c_string`.
    static func cString(_ bytes: [UInt8]) -> String {
        var s = "\""
        for b in bytes {
            switch b {
            case 92: s += "\\\\"
            case 34: s += "\\\""
            case 9: s += "\\t"
            case 10: s += "\\n"
            case 13: s += "\\r"
            case 32...126: s.append(Character(Unicode.Scalar(b)))
            default:
                let octal = String(b, radix: 8)
                s += "\\" + String(repeating: "0", count: max(0, 3 - octal.count)) + octal
            }
        }
        return s + "\""
    }
}

/// The file or command (`|cmd`) `.import` reads.
private final class InputFile {
    let fd: Int32
    let displayName: String
    private var pipe: UnsafeMutablePointer<FILE>?

    init(_ name: String) throws {
        if name.hasPrefix("|") {
            guard let p = String(name.dropFirst()).withRawCString({ popen($0, "r") }) else { throw ShellError("Error: cannot open \"\(name)\"") }
            pipe = p
            fd = fileno(p)
            displayName = "<pipe>"
        } else {
            fd = name.withRawCString { open($0, O_RDONLY | O_CLOEXEC) }
            guard fd >= 0 else { throw ShellError("Error: cannot open \"\(name)\"") }
            displayName = name
        }
    }

    func close() {
        if let pipe { pclose(pipe); self.pipe = nil } else if fd >= 0 { Glibc.close(fd) }
    }
}

/// One import into one table.
private struct ImportJob {
    let shell: Shell
    let reader: ImportReader
    let verbose: Int

    func run(table: String, schema: String?) throws -> CommandOutcome {
        let db = shell.connection
        let fullName = (schema.map { SQLQuoting.quoted($0, "\"") + "." } ?? "") + SQLQuoting.quoted(table, "\"")
        let columnSeparator = reader.columnSeparator
        let savepoint = "SAVEPOINT sqlsh_import"
        try? db.execute(savepoint)
        var finished = false
        defer { if !finished { try? db.execute("ROLLBACK TO sqlsh_import; RELEASE sqlsh_import") } }

        var columnCount: Int
        do {
            columnCount = try prepare("SELECT * FROM \(fullName)").columnCount
        } catch let error as SQLiteError where { if case .table? = error.missingName { true } else { false } }() {
            var names = ImportColumnNames()
            while reader.readField() {
                names.add(reader.field)
                if reader.terminator != columnSeparator { break }
            }
            guard let (columns, renamed) = try names.definitions() else {
                throw ShellError("\(reader.name): empty file")
            }
            if let renamed {
                shell.err.write("Columns renamed during .import \(reader.name) due to duplicates:\n\(renamed)\n")
            }
            let create = "CREATE TABLE \(fullName)\(columns)\n"
            if verbose >= 1 { shell.out.write(create + "\n") }
            do { let statement = try prepare(create); while try statement.step() {} } catch let error as SQLiteError {
                throw ShellError("\(create) failed:\n\(error.message)")
            }
            do { columnCount = try prepare("SELECT * FROM \(fullName)").columnCount } catch let error as SQLiteError {
                throw ShellError("Error: \(error.message)")
            }
        } catch let error as SQLiteError {
            throw ShellError("Error: \(error.message)")
        }
        guard columnCount > 0 else { finished = true; try? db.execute("RELEASE sqlsh_import"); return .success }
        let insertSQL = "INSERT INTO \(fullName) VALUES(?" + String(repeating: ",?", count: columnCount - 1) + ")"
        if verbose >= 2 { shell.out.write("Insert using: \(insertSQL)\n") }
        let insert: Statement
        do { insert = try prepare(insertSQL) } catch let error as SQLiteError {
            throw ShellError("Error: \(error.message)")
        }
        var rows = 0
        let isASCIIMode = shell.settings.mode == .ascii
        var reported = 0
        let interrupted = shell.interruptRequested
        repeat {
            // Ctrl-C at the prompt: stop at once (the savepoint is rolled back), rather than
            // report every remaining row as failed.
            if let interrupted, interrupted() {
                throw ShellError("\(reader.name):\(reader.line): import interrupted, nothing imported")
            }
            let startLine = reader.line
            var i = 0
            while i < columnCount {
                let got = reader.readField()
                if !got && i == 0 { break }
                if isASCIIMode && (!got || reader.field.first ?? 0 == 0) && i == 0 { break }
                bind(insert, i + 1, got)
                if i < columnCount - 1 && reader.terminator != columnSeparator {
                    shell.err.write("\(reader.name):\(startLine): expected \(columnCount) columns but found \(i + 1) - filling the rest with NULL\n")
                    i += 2
                    while i <= columnCount { try? insert.bind(nil, at: i); i += 1 }
                }
                i += 1
            }
            if reader.terminator == columnSeparator {
                repeat {
                    _ = reader.readField()
                    i += 1
                } while reader.terminator == columnSeparator
                shell.err.write("\(reader.name):\(startLine): expected \(columnCount) columns but found \(i) - extras ignored\n")
            }
            if i >= columnCount {
                do {
                    _ = try insert.step()
                    insert.reset()
                    rows += 1
                } catch {
                    insert.reset()
                    // Ctrl-C may land while a row's INSERT runs (SQLite then fails it with
                    // "interrupted"): it is the same interrupt as between rows.
                    if let interrupted, interrupted() {
                        throw ShellError("\(reader.name):\(reader.line): import interrupted, nothing imported")
                    }
                    // One failed row fails the whole import: the savepoint is rolled back (by
                    // the defer) rather than leaving part of the file in the table.
                    throw ShellError("\(reader.name):\(startLine): INSERT failed: \(db.errorMessage); nothing imported")
                }
            }
            if let progress = shell.progress, reader.bytesRead - reported >= 1 << 16 {
                reported = reader.bytesRead
                progress(Int64(reader.bytesRead), Int64(reader.fileSize))
            }
        } while reader.terminator != ImportReader.endOfFile
        shell.progress?(Int64(reader.bytesRead), Int64(reader.fileSize == 0 ? reader.bytesRead : reader.fileSize))
        finished = true
        try? db.execute("RELEASE sqlsh_import")
        if verbose > 0 {
            shell.out.write("Added \(rows) rows with 0 errors using \(reader.line - 1) lines of input\n")
        }
        return .success
    }

    /// Prepares one statement whose text may hold ``RawText`` escapes (a table name that is
    /// not UTF-8), with the bytes they stand for.
    private func prepare(_ sql: String) throws -> Statement {
        guard let statement = try shell.connection.prepareFirst(raw: sql) else {
            throw SQLiteError(message: "not an SQL statement")
        }
        return statement
    }

    /// Binds the current field as text (up to a NUL, as sqlite3 binds a C string).
    private func bind(_ insert: Statement, _ index: Int, _ got: Bool) {
        guard got else { try? insert.bind(nil, at: index); return }
        var field = reader.field
        if let base = field.baseAddress, let nul = memchr(base, 0, field.count) {
            field = UnsafeBufferPointer(start: base, count: UnsafeRawPointer(nul) - UnsafeRawPointer(base))
        }
        try? insert.bindText(utf8: field, at: index)
    }
}

/// `.import --infer FILE TABLE`: the file is read as `read_csv` (or `read_json`) reads it,
/// through a temp table of the files pack, and its rows go into TABLE, created with the
/// columns and types found (an existing TABLE gets the rows by position). One savepoint: a
/// failure leaves the database as it was.
private struct InferredImport {
    let shell: Shell
    let verbose: Int

    func run(file: String, table: String, schema: String?, skip: Int64) throws -> CommandOutcome {
        guard !file.hasPrefix("|") else { throw ShellError("Error: --infer reads a file, not a command's output") }
        let started = ResultFooter.now()
        let db = shell.connection
        let fullName = (schema.map { SQLQuoting.quoted($0, "\"") + "." } ?? "") + SQLQuoting.quoted(table, "\"")
        let source = "temp.sqlsh_import"
        try? db.execute("SAVEPOINT sqlsh_import")
        var finished = false
        defer {
            if !finished { try? db.execute("ROLLBACK TO sqlsh_import; RELEASE sqlsh_import") }
            try? db.execute("DROP TABLE IF EXISTS \(source)")
        }
        try? db.execute("DROP TABLE IF EXISTS \(source)")
        do {
            try FileTablesSubsystem.createTable("sqlsh_import", schema: "temp", overFile: file, options: skip > 0 ? "skip=\(skip)" : "", on: db)
        } catch let error as SQLiteError {
            throw ShellError("Error: \(error.message)")
        }
        let exists = (try? db.prepareFirst("SELECT * FROM \(fullName) LIMIT 0")) != nil
        if !exists {
            var columns: [String] = []
            let info = try db.prepare("SELECT name, type FROM pragma_table_info('sqlsh_import', 'temp')")
            while try info.step() {
                columns.append(SQLQuoting.quoted(info.string(at: 0) ?? "", "\"") + " " + (info.string(at: 1) ?? ""))
            }
            let create = "CREATE TABLE \(fullName)(" + columns.joined(separator: ", ") + ")"
            if verbose >= 1 { shell.out.write(create + "\n") }
            do { try db.execute(create) } catch let error as SQLiteError {
                throw ShellError("\(create) failed:\n\(error.message)")
            }
        }
        do {
            try db.execute("INSERT INTO \(fullName) SELECT * FROM \(source)")
        } catch let error as SQLiteError {
            throw ShellError("Error: \(error.message); nothing imported")
        }
        let rows = db.changes
        finished = true
        try? db.execute("RELEASE sqlsh_import")
        if verbose > 0 {
            shell.out.write("Added \(rows) rows\n")
        } else {
            shell.writeRowsWritten(rows, since: started)  // at the prompt only
        }
        return .success
    }
}
