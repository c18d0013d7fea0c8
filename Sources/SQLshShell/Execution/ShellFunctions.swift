import SQLshCore

/// The SQL functions sqlite3 3.40.1's shell registers on every connection for its own scripts
/// and for what `.dump` and `.schema` run: `shell_idquote`, `shell_escape_crnl`, `shell_int32`,
/// `shell_add_schema`, `shell_module_schema`, `shell_putsnl` and `usleep`, with its flags (none:
/// not deterministic, not innocuous, not direct-only) and its results byte for byte.
extension Shell {
    /// Registers them on `connection` (each connection the shell opens).
    func registerShellFunctions(on connection: Connection) {
        let functions: [SQLFunction] = [
            SQLFunction("shell_idquote", argumentCount: 1, writingResult: ShellFunctions.idQuote),
            SQLFunction("shell_escape_crnl", argumentCount: 1, writingResult: ShellFunctions.escapeCRNL),
            SQLFunction("shell_int32", argumentCount: 2, writingResult: ShellFunctions.int32),
            SQLFunction("shell_add_schema", argumentCount: 3, writingResult: ShellFunctions.addSchema),
            SQLFunction("shell_module_schema", argumentCount: 1, writingResult: ShellFunctions.moduleSchema),
            SQLFunction("shell_putsnl", argumentCount: 1, writingResult: { [weak self] arguments, result in
                // Written to the current output (`.output` applies), as sqlite3's `p->out`.
                let text = arguments[0].isNull ? Array("(null)".utf8) : Array(arguments[0].textBytes.prefix { $0 != 0 })
                self?.out.write(text + [10])
                result.set(arguments[0])
            }),
            SQLFunction("usleep", argumentCount: 1, writingResult: { [weak self] arguments, result in
                // sqlite3 sleeps N/1000 milliseconds and returns N; here Ctrl-C ends the sleep.
                let microseconds = arguments[0].int32
                var milliseconds = Int(microseconds / 1000)
                while milliseconds > 0 {
                    if self?.interruptRequested?() == true { break }
                    let slice = min(milliseconds, 50)
                    SQLiteLibrary.sleep(milliseconds: Int32(slice))
                    milliseconds -= slice
                }
                result.set(Int64(microseconds))
            }),
        ]
        for function in functions { try? connection.add(function) }
    }
}

/// The bodies of the shell's SQL functions that need no shell.
enum ShellFunctions {
    /// `shell_idquote(X)`: X as a quoted identifier, always in `"` (inner `"` doubled), up to a
    /// NUL byte; NULL for NULL.
    static func idQuote(_ arguments: Arguments, _ result: ResultContext) {
        guard !arguments[0].isNull else { return result.setNull() }
        var out: [UInt8] = [34]
        for byte in arguments[0].textBytes {
            if byte == 0 { break }
            out.append(byte)
            if byte == 34 { out.append(34) }
        }
        out.append(34)
        out.withUnsafeBufferPointer { result.setText(utf8: $0) }
    }

    /// `shell_escape_crnl(X)`: an SQL string literal (X starts with `'`) holding newlines or
    /// carriage returns, rewritten as `replace('...\n...','\n', char(10))` with a placeholder
    /// the literal does not contain (`\n`, else `\012`, else `(\n1)`, `(\n2)`, ...); anything
    /// else unchanged.
    static func escapeCRNL(_ arguments: Arguments, _ result: ResultContext) {
        let value = arguments[0]
        guard !value.isNull else { return result.setNull() }
        let text = Array(value.textBytes.prefix { $0 != 0 })
        guard text.first == UInt8(ascii: "'"), text.contains(10) || text.contains(13) else { return result.set(value) }
        let newline = text.contains(10) ? placeholder(for: text, "\\n", "\\012") : nil
        let carriageReturn = text.contains(13) ? placeholder(for: text, "\\r", "\\015") : nil
        var body: [UInt8] = []
        body.reserveCapacity(text.count + 16)
        for byte in text {
            if byte == 10, let newline { body += newline } else if byte == 13, let carriageReturn { body += carriageReturn } else { body.append(byte) }
        }
        var out: [UInt8]
        switch (newline, carriageReturn) {
        case let (n?, r?):
            out = Array("replace(replace(".utf8) + body + Array(",'".utf8) + n + Array("', char(10)),'".utf8) + r
                + Array("', char(13))".utf8)
        case let (n?, nil):
            out = Array("replace(".utf8) + body + Array(",'".utf8) + n + Array("', char(10))".utf8)
        case let (nil, r?):
            out = Array("replace(".utf8) + body + Array(",'".utf8) + r + Array("', char(13))".utf8)
        case (nil, nil):
            return result.set(value)
        }
        if out.count > Int(sqlite3LengthLimit(result)) { return result.setTooBig() }
        out.withUnsafeBufferPointer { result.setText(utf8: $0) }
    }

    /// sqlite3's `unused_string`: the first of `a`, `b`, `(a1)`, `(a2)`, ... not in `text`.
    private static func placeholder(for text: [UInt8], _ a: String, _ b: String) -> [UInt8] {
        if !contains(text, Array(a.utf8)) { return Array(a.utf8) }
        if !contains(text, Array(b.utf8)) { return Array(b.utf8) }
        var i = 0
        while true {
            let candidate = Array("(\(a)\(i))".utf8)
            if !contains(text, candidate) { return candidate }
            i += 1
        }
    }

    private static func contains(_ text: [UInt8], _ part: [UInt8]) -> Bool {
        guard !part.isEmpty, text.count >= part.count else { return false }
        for start in 0...(text.count - part.count) where text[start] == part[0] {
            if Array(text[start..<(start + part.count)]) == part { return true }
        }
        return false
    }

    private static func sqlite3LengthLimit(_ result: ResultContext) -> Int32 {
        Connection(borrowing: result.connectionHandle).limit(.length).clampedToInt32
    }

    /// `shell_int32(BLOB, N)`: the N-th big-endian 32-bit unsigned integer of the bytes (text
    /// counts as its bytes); NULL when they are too short or N is negative.
    static func int32(_ arguments: Arguments, _ result: ResultContext) {
        let bytes = arguments[0].blobBytes
        let index = arguments[1].int64
        guard index >= 0, index < Int64(Int32.max), (Int(index) + 1) * 4 <= bytes.count else { return result.setNull() }
        let offset = Int(index) * 4
        var value: UInt32 = 0
        for k in 0..<4 { value = value << 8 | UInt32(bytes[offset + k]) }
        result.set(Int64(value))
    }

    /// `shell_add_schema(SQL, SCHEMA, NAME)`: a CREATE statement with the schema name put before
    /// the object's (quoted when it must be, `temp` never), and for a view the columns it has
    /// as a comment (`/* main.v(a,b) */`); anything else unchanged.
    static func addSchema(_ arguments: Arguments, _ result: ResultContext) {
        guard let sql = cText(arguments[0]) else { return result.set(arguments[0]) }
        let schema = cText(arguments[1]), name = cText(arguments[2])
        guard sql.starts(with: Array("CREATE ".utf8)) else { return result.set(arguments[0]) }
        for prefix in ["TABLE", "INDEX", "UNIQUE INDEX", "VIEW", "TRIGGER", "VIRTUAL TABLE"] {
            let p = Array(prefix.utf8), n = p.count
            guard sql.count > n + 7, Array(sql[7..<(7 + n)]) == p, sql[n + 7] == 32 else { continue }
            var out: [UInt8]?
            if let schema {
                let schemaText = String(decoding: schema, as: UTF8.self)
                let quoted = SQLQuoting.needsQuoting(schemaText) && schemaText.lowercased() != "temp"
                let written = quoted ? Array(SQLQuoting.quoted(schemaText, "\"").utf8) : schema
                out = Array(sql[..<(n + 7)]) + [32] + written + [UInt8(ascii: ".")] + Array(sql[(n + 8)...])
            }
            if let name, prefix == "VIEW",
               let fake = fakeSchema(result, schema: schema.map { String(decoding: $0, as: UTF8.self) },
                                     name: String(decoding: name, as: UTF8.self)) {
                out = (out ?? sql) + Array("\n/* \(fake) */".utf8)
            }
            if let out { return out.withUnsafeBufferPointer { result.setText(utf8: $0) } }
        }
        result.set(arguments[0])
    }

    /// `shell_module_schema(NAME)`: `/* NAME(col,...) */` for a table or eponymous virtual
    /// table with columns, else NULL.
    static func moduleSchema(_ arguments: Arguments, _ result: ResultContext) {
        guard let name = cText(arguments[0]),
              let fake = fakeSchema(result, schema: nil, name: String(decoding: name, as: UTF8.self)) else {
            return result.setNull()
        }
        result.set("/* \(fake) */")
    }

    /// sqlite3's `shellFakeSchema`: `schema.name(col,...)` from `PRAGMA table_info`, each
    /// name quoted as sqlite3 quotes it; nil when there are no columns.
    private static func fakeSchema(_ result: ResultContext, schema: String?, name: String) -> String? {
        let db = Connection(borrowing: result.connectionHandle)
        let pragma = "PRAGMA \"" + (schema ?? "main").replacingAll("\"", with: "\"\"") + "\".table_info("
            + SQLQuoting.literal(name) + ")"
        guard let statement = try? db.prepare(pragma) else { return nil }
        var text = ""
        if let schema {
            let quote = SQLQuoting.needsQuoting(schema) && schema.lowercased() != "temp"
            text += (quote ? SQLQuoting.quoted(schema, "\"") : schema) + "."
        }
        text += SQLQuoting.identifier(name)
        var columns = 0
        while (try? statement.step()) == true {
            text += columns == 0 ? "(" : ","
            text += SQLQuoting.identifier(statement.string(at: 1) ?? "")
            columns += 1
        }
        return columns == 0 ? nil : text + ")"
    }

    /// An argument's text up to its first NUL, as sqlite3 reads a C string; nil for NULL.
    private static func cText(_ argument: Argument) -> [UInt8]? {
        argument.isNull ? nil : Array(argument.textBytes.prefix { $0 != 0 })
    }
}

private extension Int {
    var clampedToInt32: Int32 { Int32(clamping: self) }
}
