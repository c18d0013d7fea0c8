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
        // SQL that can call no function has nothing to refuse. The check installs an
        // authorizer for the compilation, and installing one makes SQLite compile every
        // prepared statement of the connection again before its next run: define()'s kept
        // statements, the calling statement's defined functions. For `define('f', '?1 + 1')`
        // that cost about 70,000 instructions a definition.
        if callsNoFunction(sql) { return try prepareSingle(db, sql, what: what) }
        return try db.compilingUntrustedSQL { try prepareSingle(db, sql, what: what) }
    }

    /// Whether SQL is `select` followed by nothing but parameters (`?`, `?NNN`, `:name`,
    /// `@name`, `$name`), decimal numbers, string literals and operators that are not
    /// functions: then it calls no function. Conservative: anything else (a word, a
    /// parenthesis, a quoted name, `->`, a comment) answers false, and the SQL gets the full
    /// check. (Calls need a word: a name before `(`, or an operator word such as LIKE, GLOB,
    /// REGEXP or MATCH, or `->`/`->>`.)
    static func callsNoFunction(_ sql: String) -> Bool {
        var sql = sql
        return sql.withUTF8 { text in
            let n = text.count
            guard n > 7 else { return false }
            for (offset, letter) in "select ".utf8.enumerated() where text[offset] | (letter == 0x20 ? 0 : 0x20) != letter {
                return false
            }
            func isNameByte(_ c: UInt8) -> Bool {
                (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x5F || c >= 0x80
            }
            var i = 7
            while i < n {
                let c = text[i]
                switch c {
                case 0x20, 0x09, 0x0A, 0x0D, 0x0C:
                    i += 1
                case 0x30...0x39, UInt8(ascii: "."):
                    while i < n && ((text[i] >= 0x30 && text[i] <= 0x39) || text[i] == UInt8(ascii: ".")) { i += 1 }
                    if i < n && isNameByte(text[i]) { return false }  // 1e5, 0x1F, or a word after it
                case UInt8(ascii: "?"):
                    i += 1
                    while i < n && text[i] >= 0x30 && text[i] <= 0x39 { i += 1 }
                case UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "$"):
                    i += 1
                    guard i < n && isNameByte(text[i]) else { return false }
                    while i < n && isNameByte(text[i]) { i += 1 }
                case UInt8(ascii: "'"):
                    i += 1
                    while true {
                        guard i < n else { return false }
                        if text[i] == UInt8(ascii: "'") {
                            if i + 1 < n && text[i + 1] == UInt8(ascii: "'") { i += 2; continue }
                            i += 1
                            break
                        }
                        i += 1
                    }
                case UInt8(ascii: "-"):
                    if i + 1 < n && (text[i + 1] == UInt8(ascii: ">") || text[i + 1] == UInt8(ascii: "-")) { return false }
                    i += 1
                case UInt8(ascii: "/"):
                    if i + 1 < n && text[i + 1] == UInt8(ascii: "*") { return false }
                    i += 1
                case UInt8(ascii: "+"), UInt8(ascii: "*"), UInt8(ascii: "%"), UInt8(ascii: "<"), UInt8(ascii: ">"),
                     UInt8(ascii: "="), UInt8(ascii: "!"), UInt8(ascii: "&"), UInt8(ascii: "|"), UInt8(ascii: "~"),
                     UInt8(ascii: ","):
                    i += 1
                default:
                    return false
                }
            }
            return true
        }
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

    /// Runs a kept statement that returns no rows with texts bound to `?1`, `?2`, ..., and
    /// leaves it reset, ready for the next run (also when it fails), which binds every
    /// parameter again. The texts are bound as bytes: binding them as `[SQLValueConvertible?]`
    /// (``run(_:_:_:)``) cast the array and boxed each value, about 14,000 instructions a
    /// definition.
    static func runKept(_ statement: Statement, _ values: [String]) throws {
        defer { statement.reset() }
        for index in values.indices {
            var value = values[index]
            try value.withUTF8 { try statement.bindText(utf8: $0, at: index + 1) }
        }
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
