#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLshCore

/// `.clone NEWDB`: copies the schema and the rows of the main database into a new database
/// file, table by table, as sqlite3 3.40.1's `tryToClone` does: `NAME... done` on standard
/// output for each object (tables first, then indexes, views and triggers),
/// rows copied with `INSERT OR IGNORE`, errors reported and skipped.
struct CloneCommand: DotCommand {
    static let name = "clone"
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
        // As sqlite3_open: read-write, created when missing.
        let target: Connection
        do {
            target = try Connection(path: path, flags: [.readWrite, .create])
        } catch let error as SQLiteError {
            shell.err.write("Cannot create output database: \(error.message)\n")
            return .success
        }
        guard shell.isDatabaseOpen else {
            // sqlite3 has not opened its database yet and queries a null handle.
            for condition in ["type='table'", "type!='table'"] {
                shell.err.write("Error: (7) out of memory on [SELECT name, sql FROM sqlite_schema WHERE \(condition)]\n")
            }
            return .success
        }
        let source = shell.connection
        try? source.execute("PRAGMA writable_schema=ON;")
        try? target.execute("BEGIN EXCLUSIVE;")
        var cloner = Cloner(shell: shell, source: source, target: target)
        cloner.cloneSchema(where: "type='table'", copyingData: true)
        cloner.cloneSchema(where: "type!='table'", copyingData: false)
        try? target.execute("COMMIT;")
        try? source.execute("PRAGMA writable_schema=OFF;")
        return .success
    }
}

private struct Cloner {
    let shell: Shell
    let source: Connection
    let target: Connection
    /// Rows copied so far (a spinner turns every 10,000).
    var count = 0

    init(shell: Shell, source: Connection, target: Connection) {
        self.shell = shell
        self.source = source
        self.target = target
    }

    private var stdout: OutputWriter { shell.standardOutput }

    /// The first statement of `sql` on `db`, or nil after printing sqlite3's
    /// `Error<open>CODE<close> MESSAGE on [QUERY]` (its wording differs by place).
    private func prepare(_ sql: String, on db: Connection, reporting query: String,
                         _ open: String, _ close: String) -> Statement? {
        do {
            return try db.prepareFirst(sql)
        } catch {
            let error = error as? SQLiteError ?? SQLiteError(message: "\(error)")
            shell.err.write("Error\(open)\(error.code)\(close) \(error.message) on [\(query)]\n")
            return nil
        }
    }

    mutating func cloneSchema(where condition: String, copyingData: Bool) {
        let query = "SELECT name, sql FROM sqlite_schema WHERE \(condition)"
        guard let statement = prepare(query, on: source, reporting: query, ": (", ")") else { return }
        while (try? statement.step()) == true {
            guard statement.columnType(at: 0) != .null, statement.columnType(at: 1) != .null else { continue }
            let table = Self.cString(statement.textBytes(at: 0))
            let create = Self.cString(statement.textBytes(at: 1))
            stdout.write(table + "... ")
            do {
                try target.execute(create)
            } catch {
                shell.err.write("Error: \((error as? SQLiteError)?.message ?? "\(error)")\nSQL: [\(create)]\n")
            }
            if copyingData { cloneData(table) }
            stdout.write("done\n")
        }
    }

    /// Text up to its first NUL, as C reads it.
    private static func cString(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }

    private mutating func cloneData(_ table: String) {
        var query = "SELECT * FROM " + SQLQuoting.quoted(table, "\"")
        guard var select = prepare(query, on: source, reporting: query, " ", ":") else { return }
        let n = select.columnCount
        // sqlite3 quotes the name with "%s" here, not "%w".
        let insertSQL = "INSERT OR IGNORE INTO \"\(table)\" VALUES(?" + String(repeating: ",?", count: max(0, n - 1)) + ");"
        guard let insert = prepare(insertSQL, on: target, reporting: query, " ", ":") else { return }
        for pass in 0..<2 {
            // true: a row, false: done, nil: an error (a corrupt table).
            func next() -> Bool? { try? select.step() }
            var row = next()
            while row == true {
                for i in 0..<n {
                    switch select.columnType(at: i) {
                    case .integer: try? insert.bind(select.int64(at: i), at: i + 1)
                    case .real: try? insert.bind(select.double(at: i), at: i + 1)
                    // As sqlite3: text is bound up to a NUL, an empty blob becomes NULL.
                    case .text: try? insert.bindText(utf8: UnsafeBufferPointer(rebasing: select.textBytes(at: i).prefix { $0 != 0 }), at: i + 1)
                    case .blob:
                        let bytes = select.blobBytes(at: i)
                        if bytes.isEmpty { try? insert.bind(nil, at: i + 1) } else { try? insert.bindBlob(bytes, at: i + 1) }
                    case .null: try? insert.bind(nil, at: i + 1)
                    }
                }
                do {
                    _ = try insert.step()
                } catch {
                    let error = error as? SQLiteError ?? SQLiteError(message: "\(error)")
                    shell.err.write("Error \(error.code): \(error.message)\n")
                }
                insert.reset()
                count += 1
                if count % 10000 == 0 {
                    stdout.write(Array("|/-\\".utf8)[(count / 10000) % 4 ..< (count / 10000) % 4 + 1] + [8])
                }
                row = next()
            }
            if row == false || pass == 1 { break }
            // A corrupt table: try again from the end.
            query = "SELECT * FROM " + SQLQuoting.quoted(table, "\"") + " ORDER BY rowid DESC;"
            guard let backwards = try? source.prepareFirst(query) else {
                shell.err.write("Warning: cannot step \"\(table)\" backwards")
                break
            }
            select = backwards
        }
    }
}
