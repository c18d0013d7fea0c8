import SQLshCore

/// Small helpers running SQL on a connection, for the define pack (which runs inside SQL
/// functions and virtual tables, on the borrowed connection that called them).
enum DefineSQL {
    /// Prepares exactly one statement (of the text before any NUL byte), registering catalog
    /// functions (and other defined functions) that it names on the way, as a statement typed
    /// at the prompt would: text after it other than spaces and comments is an error.
    static func prepareSingle(_ db: Connection, _ sql: String, what: String) throws -> Statement {
        var sql = sql
        return try sql.withUTF8 { bytes in
            let text = UnsafeBufferPointer(rebasing: bytes[..<(bytes.firstIndex(of: 0) ?? bytes.count)])
            let (statement, consumed) = try db.prepare(utf8: text)
            guard let statement else { throw SQLiteError(message: "\(what) is empty") }
            guard isBlank(UnsafeBufferPointer(rebasing: text[consumed...]), db) else {
                throw SQLiteError(message: "\(what) must be a single statement")
            }
            return statement
        }
    }

    /// Prepares the SQL of a definition (a function's body, a define table's query) as SQLite
    /// compiles a view: direct-only functions (those that write or read files, run SQL text)
    /// are refused with `unsafe use of NAME()`. A definition is stored in the database and runs
    /// again whenever someone opens it, so it gets no more trust than a view or a trigger.
    static func prepareDefinition(_ db: Connection, _ sql: String, what: String) throws -> Statement {
        try db.compilingUntrustedSQL { try prepareSingle(db, sql, what: what) }
    }

    /// Whether SQL text holds only spaces and comments (SQLite prepares it to nothing).
    private static func isBlank(_ text: UnsafeBufferPointer<UInt8>, _ db: Connection) -> Bool {
        if text.isEmpty { return true }
        return (try? db.prepare(utf8: text).statement == nil) ?? false
    }

    /// Runs SQL that returns no rows, with values bound to `?1`, `?2`, ...
    static func run(_ db: Connection, _ sql: String, _ values: [String] = []) throws {
        let statement = try prepareSingle(db, sql, what: "statement")
        try statement.bind(values)
        while try statement.step() {}
    }

    /// The first column of each row of a query, as text (NULL as nil).
    static func texts(_ db: Connection, _ sql: String, _ values: [String] = []) throws -> [String?] {
        let statement = try prepareSingle(db, sql, what: "statement")
        try statement.bind(values)
        var result: [String?] = []
        while try statement.step() { result.append(statement.string(at: 0)) }
        return result
    }

    /// Whether the main database has a table or view of this name.
    static func mainTableExists(_ db: Connection, _ name: String) -> Bool {
        db.tableExists(name, schema: "main")
    }

    /// A name quoted as an SQL identifier.
    static func quoted(_ name: String) -> String {
        var text = "\""
        for character in name { text += character == "\"" ? "\"\"" : String(character) }
        return text + "\""
    }
}
