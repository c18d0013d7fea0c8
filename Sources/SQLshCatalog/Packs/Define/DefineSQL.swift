import CSQLite
import SQLshCore

/// Small helpers running SQL on a raw handle, for the define pack (which runs inside SQL
/// functions and virtual tables, where only the handle is at hand).
enum DefineSQL {
    /// Prepares the first statement of `sql`, registering catalog functions (and other defined
    /// functions) that it names on the way, as a statement typed at the prompt would.
    /// - Returns: the statement (nil for whitespace or comments only) and the text after it.
    /// - Throws: SQLite's error message.
    static func prepare(_ db: OpaquePointer, _ sql: UnsafePointer<CChar>, length: Int32 = -1)
        throws -> (statement: OpaquePointer?, tail: UnsafePointer<CChar>?) {
        var statement: OpaquePointer?
        var tail: UnsafePointer<CChar>?
        var tried: Set<String> = []
        while true {
            let rc = sqlite3_prepare_v2(db, sql, length, &statement, &tail)
            if rc == SQLITE_OK { return (statement, tail) }
            sqlite3_finalize(statement)
            statement = nil
            // Read before on-demand registration, which may run SQL of its own.
            let error = SQLiteError(code: rc, message: String(cString: sqlite3_errmsg(db)))
            if !Connection.registerMissing(on: db, after: rc, tried: &tried) { throw error }
        }
    }

    /// Prepares exactly one statement: text after it other than spaces and comments is an error.
    static func prepareSingle(_ db: OpaquePointer, _ sql: String, what: String) throws -> OpaquePointer {
        try sql.withCString { text in
            let (statement, tail) = try prepare(db, text)
            guard let statement else { throw SQLiteError(message: "\(what) is empty") }
            if let tail, !isBlank(tail, db) {
                sqlite3_finalize(statement)
                throw SQLiteError(message: "\(what) must be a single statement")
            }
            return statement
        }
    }

    /// Whether SQL text holds only spaces and comments (SQLite prepares it to nothing).
    private static func isBlank(_ text: UnsafePointer<CChar>, _ db: OpaquePointer) -> Bool {
        if text.pointee == 0 { return true }
        var statement: OpaquePointer?
        let rc = sqlite3_prepare_v2(db, text, -1, &statement, nil)
        defer { sqlite3_finalize(statement) }
        return rc == SQLITE_OK && statement == nil
    }

    /// Runs SQL that returns no rows, with values bound to `?1`, `?2`, ...
    static func run(_ db: OpaquePointer, _ sql: String, _ values: [String] = []) throws {
        let statement = try prepareSingle(db, sql, what: "statement")
        defer { sqlite3_finalize(statement) }
        for (index, value) in values.enumerated() {
            sqlite3_bind_text(statement, Int32(index + 1), value, -1, sqlsh_sqlite_transient())
        }
        var rc: Int32
        repeat { rc = sqlite3_step(statement) } while rc == SQLITE_ROW
        guard rc == SQLITE_DONE else { throw SQLiteError(code: rc, message: String(cString: sqlite3_errmsg(db))) }
    }

    /// The first column of each row of a query, as text (NULL as nil).
    static func texts(_ db: OpaquePointer, _ sql: String, _ values: [String] = []) throws -> [String?] {
        let statement = try prepareSingle(db, sql, what: "statement")
        defer { sqlite3_finalize(statement) }
        for (index, value) in values.enumerated() {
            sqlite3_bind_text(statement, Int32(index + 1), value, -1, sqlsh_sqlite_transient())
        }
        var result: [String?] = []
        var rc: Int32
        while true {
            rc = sqlite3_step(statement)
            guard rc == SQLITE_ROW else { break }
            result.append(sqlite3_column_text(statement, 0).map { String(cString: $0) })
        }
        guard rc == SQLITE_DONE else { throw SQLiteError(code: rc, message: String(cString: sqlite3_errmsg(db))) }
        return result
    }

    /// Whether the main database has a table or view of this name.
    static func mainTableExists(_ db: OpaquePointer, _ name: String) -> Bool {
        sqlite3_table_column_metadata(db, "main", name, nil, nil, nil, nil, nil, nil) == SQLITE_OK
    }

    /// A name quoted as an SQL identifier.
    static func quoted(_ name: String) -> String {
        var text = "\""
        for character in name { text += character == "\"" ? "\"\"" : String(character) }
        return text + "\""
    }
}
