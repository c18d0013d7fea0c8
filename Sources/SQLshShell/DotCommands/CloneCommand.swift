import CSQLite
import Glibc

/// `.clone NEWDB`: copies the schema and the rows of the main database into a new database
/// file, table by table, as sqlite3 3.40.1's `tryToClone` does: `NAME... done` on standard
/// output for each object (tables first, then indexes, views and triggers),
/// rows copied with `INSERT OR IGNORE`, errors reported and skipped.
struct CloneCommand: DotCommand {
    static let name = "clone"
    static let minimumPrefix = 1
    static let usage = ".clone NEWDB"
    static let summary = "Clone data into NEWDB from the existing database"
    static let isUnsafe = true

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        guard arguments.count == 2 else { throw ShellError("Usage: .clone FILENAME") }
        let path = arguments[1]
        if path.withRawCString({ access($0, F_OK) }) == 0 {
            shell.err.write("File \"\(path)\" already exists.\n")
            return .success
        }
        var target: OpaquePointer?
        defer { sqlite3_close(target) }
        guard path.withRawCString({ sqlite3_open($0, &target) }) == SQLITE_OK, let target else {
            shell.err.write("Cannot create output database: \(String(cString: sqlite3_errmsg(target)))\n")
            return .success
        }
        guard shell.isDatabaseOpen else {
            // sqlite3 has not opened its database yet and queries a null handle.
            for condition in ["type='table'", "type!='table'"] {
                shell.err.write("Error: (7) out of memory on [SELECT name, sql FROM sqlite_schema WHERE \(condition)]\n")
            }
            return .success
        }
        let source = shell.connection.handle
        sqlite3_exec(source, "PRAGMA writable_schema=ON;", nil, nil, nil)
        sqlite3_exec(target, "BEGIN EXCLUSIVE;", nil, nil, nil)
        var cloner = Cloner(shell: shell, source: source, target: target)
        cloner.cloneSchema(where: "type='table'", copyingData: true)
        cloner.cloneSchema(where: "type!='table'", copyingData: false)
        sqlite3_exec(target, "COMMIT;", nil, nil, nil)
        sqlite3_exec(source, "PRAGMA writable_schema=OFF;", nil, nil, nil)
        return .success
    }
}

private struct Cloner {
    let shell: Shell
    let source: OpaquePointer
    let target: OpaquePointer
    /// Rows copied so far (a spinner turns every 10,000).
    var count = 0

    init(shell: Shell, source: OpaquePointer, target: OpaquePointer) {
        self.shell = shell
        self.source = source
        self.target = target
    }

    private var stdout: OutputWriter { shell.standardOutput }

    mutating func cloneSchema(where condition: String, copyingData: Bool) {
        let query = "SELECT name, sql FROM sqlite_schema WHERE \(condition)"
        var statement: OpaquePointer?
        defer { sqlite3_finalize(statement) }
        guard sqlite3_prepare_v2(source, query, -1, &statement, nil) == SQLITE_OK else {
            shell.err.write("Error: (\(sqlite3_extended_errcode(source))) \(String(cString: sqlite3_errmsg(source))) on [\(query)]\n")
            return
        }
        while sqlite3_step(statement) == SQLITE_ROW {
            guard let name = sqlite3_column_text(statement, 0), let sql = sqlite3_column_text(statement, 1) else { continue }
            let table = String(cString: name)
            let create = String(cString: sql)
            stdout.write(table + "... ")
            var message: UnsafeMutablePointer<CChar>?
            sqlite3_exec(target, create, nil, nil, &message)
            if let message {
                shell.err.write("Error: \(String(cString: message))\nSQL: [\(create)]\n")
                sqlite3_free(message)
            }
            if copyingData { cloneData(table) }
            stdout.write("done\n")
        }
    }

    private mutating func cloneData(_ table: String) {
        var query = "SELECT * FROM " + SQLQuoting.quoted(table, "\"")
        var select: OpaquePointer?, insert: OpaquePointer?
        defer { sqlite3_finalize(select); sqlite3_finalize(insert) }
        guard sqlite3_prepare_v2(source, query, -1, &select, nil) == SQLITE_OK else {
            shell.err.write("Error \(sqlite3_extended_errcode(source)): \(String(cString: sqlite3_errmsg(source))) on [\(query)]\n")
            return
        }
        let n = sqlite3_column_count(select)
        // sqlite3 quotes the name with "%s" here, not "%w".
        let insertSQL = "INSERT OR IGNORE INTO \"\(table)\" VALUES(?" + String(repeating: ",?", count: max(0, Int(n) - 1)) + ");"
        guard sqlite3_prepare_v2(target, insertSQL, -1, &insert, nil) == SQLITE_OK else {
            shell.err.write("Error \(sqlite3_extended_errcode(target)): \(String(cString: sqlite3_errmsg(target))) on [\(query)]\n")
            return
        }
        for pass in 0..<2 {
            var rc = sqlite3_step(select)
            while rc == SQLITE_ROW {
                for i in 0..<n {
                    switch sqlite3_column_type(select, i) {
                    case SQLITE_INTEGER: sqlite3_bind_int64(insert, i + 1, sqlite3_column_int64(select, i))
                    case SQLITE_FLOAT: sqlite3_bind_double(insert, i + 1, sqlite3_column_double(select, i))
                    case SQLITE_TEXT:
                        sqlite3_bind_text(insert, i + 1, sqlite3_column_text(select, i).map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) },
                                          -1, sqlsh_sqlite_transient())
                    case SQLITE_BLOB:
                        sqlite3_bind_blob(insert, i + 1, sqlite3_column_blob(select, i), sqlite3_column_bytes(select, i),
                                          sqlsh_sqlite_transient())
                    default: sqlite3_bind_null(insert, i + 1)
                    }
                }
                let step = sqlite3_step(insert)
                if step != SQLITE_OK && step != SQLITE_ROW && step != SQLITE_DONE {
                    shell.err.write("Error \(sqlite3_extended_errcode(target)): \(String(cString: sqlite3_errmsg(target)))\n")
                }
                sqlite3_reset(insert)
                count += 1
                if count % 10000 == 0 {
                    stdout.write(Array("|/-\\".utf8)[(count / 10000) % 4 ..< (count / 10000) % 4 + 1] + [8])
                }
                rc = sqlite3_step(select)
            }
            if rc == SQLITE_DONE || pass == 1 { break }
            // A corrupt table: try again from the end.
            sqlite3_finalize(select)
            select = nil
            query = "SELECT * FROM " + SQLQuoting.quoted(table, "\"") + " ORDER BY rowid DESC;"
            guard sqlite3_prepare_v2(source, query, -1, &select, nil) == SQLITE_OK else {
                shell.err.write("Warning: cannot step \"\(table)\" backwards")
                break
            }
        }
    }
}
