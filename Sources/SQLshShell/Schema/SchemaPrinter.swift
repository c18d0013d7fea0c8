import SQLshCore

/// Prints CREATE statements as sqlite3's `.schema`, `.fullschema` and `.dump` do.
enum SchemaPrinter {
    /// sqlite3's `printSchemaLine`: closes an unterminated trailing comment so the `;` is
    /// not swallowed, and writes `CREATE TABLE IF NOT EXISTS` for quoted table names. `sql`
    /// keeps bytes that are not UTF-8 as ``RawText`` (``Statement/cText(at:)``): they are
    /// written back as they were.
    static func line(_ sql: String, tail: String, to out: OutputWriter) {
        var z = sql
        if tail.hasPrefix(";") && (sql.contains(elements: "/*") || sql.contains(elements: "--")) {
            for terminator in ["", "*/", "\n"] {
                let candidate = sql + terminator + ";"
                if SQLText.isComplete(candidate) {
                    z = sql + terminator
                    break
                }
            }
        }
        if SQLText.glob("CREATE TABLE ['\"]*", matches: z) {
            out.write("CREATE TABLE IF NOT EXISTS ")
            out.write(String(decoding: z.utf8.dropFirst(13), as: UTF8.self))
            out.write(tail)
        } else {
            out.write(z)
            out.write(tail)
        }
    }

    /// One statement as `.schema` prints it: as is, or pretty-printed with `--indent`.
    static func statement(_ sql: String, indent: Bool, to out: OutputWriter) {
        if indent { pretty(sql, to: out) } else { line(sql, tail: ";\n", to: out) }
    }

    /// sqlite3's MODE_Pretty: whitespace collapsed; statements of 79 bytes or more are split
    /// after the opening parenthesis and each top-level comma.
    static func pretty(_ sql: String, to out: OutputWriter) {
        if SQLText.like("CREATE VIEW%", matches: sql) || SQLText.like("CREATE TRIG%", matches: sql) {
            out.write(sql); out.write(";\n")
            return
        }
        let input = Array(sql.utf8)
        var z: [UInt8] = []
        var i = 0
        while i < input.count && isSpace(input[i]) { i += 1 }
        while i < input.count {
            let c = input[i]
            i += 1
            if isSpace(c) {
                if let last = z.last, last == 13 { z[z.count - 1] = 10 }
                if let last = z.last, isSpace(last) || last == UInt8(ascii: "(") { continue }
            } else if (c == UInt8(ascii: "(") || c == UInt8(ascii: ")")), let last = z.last, isSpace(last) {
                z.removeLast()
            }
            z.append(c)
        }
        while let last = z.last, isSpace(last) { z.removeLast() }
        guard z.count >= 79 else { line(String(decoding: z, as: UTF8.self), tail: ";\n", to: out); return }
        var piece: [UInt8] = []
        var cEnd: UInt8 = 0
        var nParen = 0
        var nLine = 0
        var k = 0
        while k < z.count {
            let c = z[k]
            // As in sqlite3, the chain is tested even inside quotes.
            if c == cEnd {
                cEnd = 0
            } else if c == 34 || c == 39 || c == 96 {
                cEnd = c
            } else if c == UInt8(ascii: "[") {
                cEnd = UInt8(ascii: "]")
            } else if c == UInt8(ascii: "-") && k + 1 < z.count && z[k + 1] == UInt8(ascii: "-") {
                cEnd = 10
            } else if c == UInt8(ascii: "(") {
                nParen += 1
            } else if c == UInt8(ascii: ")") {
                nParen -= 1
                if nLine > 0 && nParen == 0 && !piece.isEmpty {
                    line(String(decoding: piece, as: UTF8.self), tail: "\n", to: out)
                    piece.removeAll()
                }
            }
            piece.append(c)
            if nParen == 1 && cEnd == 0
                && (c == UInt8(ascii: "(") || c == 10 || (c == UInt8(ascii: ",") && !whitespaceToEndOfLine(z, from: k + 1))) {
                if c == 10 { piece.removeLast() }
                line(String(decoding: piece, as: UTF8.self), tail: "\n  ", to: out)
                piece.removeAll()
                nLine += 1
                while k + 1 < z.count && isSpace(z[k + 1]) { k += 1 }
            }
            k += 1
        }
        line(String(decoding: piece, as: UTF8.self), tail: ";\n", to: out)
    }

    /// sqlite3's `wsToEol`.
    private static func whitespaceToEndOfLine(_ z: [UInt8], from start: Int) -> Bool {
        var i = start
        while i < z.count {
            if z[i] == 10 { return true }
            if isSpace(z[i]) { i += 1; continue }
            if z[i] == UInt8(ascii: "-") && i + 1 < z.count && z[i + 1] == UInt8(ascii: "-") { return true }
            return false
        }
        return true
    }

    /// sqlite3's `shellFakeSchema`: `schema.name(col1,col2,...)` for a view or table-valued
    /// function, or nil when it has no columns.
    static func fakeSchema(_ connection: Connection, schema: String?, name: String) -> String? {
        let sql = "PRAGMA " + SQLQuoting.quoted(schema ?? "main", "\"") + ".table_info=" + SQLQuoting.literal(name)
        guard let rows = try? SchemaQuery.rows(connection, sql), !rows.isEmpty else { return nil }
        var s = ""
        if let schema {
            s += SQLQuoting.needsQuoting(schema) && schema.lowercased() != "temp" ? SQLQuoting.quoted(schema, "\"") : schema
            s += "."
        }
        s += SQLQuoting.identifier(name)
        var divider = "("
        for row in rows {
            let column = row.count > 1 ? row[1] ?? "" : ""
            s += divider + SQLQuoting.identifier(column)
            divider = ","
        }
        return s + ")"
    }

    /// sqlite3's `shell_add_schema(sql, schema, name)`: the schema name put after
    /// `CREATE TABLE`/`INDEX`/... for attached databases, and the column list of views.
    static func addSchema(_ connection: Connection, sql: String, schema: String?, name: String?) -> String {
        guard sql.hasPrefix("CREATE ") else { return sql }
        let bytes = Array(sql.utf8)
        for prefix in ["TABLE", "INDEX", "UNIQUE INDEX", "VIEW", "TRIGGER", "VIRTUAL TABLE"] {
            let n = prefix.utf8.count
            guard bytes.count > n + 7, Array(bytes[7..<7 + n]) == Array(prefix.utf8), bytes[n + 7] == 32 else { continue }
            var result: String?
            if let schema {
                let head = String(decoding: bytes[0..<n + 7], as: UTF8.self)
                let rest = String(decoding: bytes[(n + 8)...], as: UTF8.self)
                if SQLQuoting.needsQuoting(schema) && schema.lowercased() != "temp" {
                    result = head + " " + SQLQuoting.quoted(schema, "\"") + "." + rest
                } else {
                    result = head + " " + schema + "." + rest
                }
            }
            if let name, prefix.hasPrefix("V"), let fake = fakeSchema(connection, schema: schema, name: name) {
                result = (result ?? sql) + "\n/* " + fake + " */"
            }
            if let result { return result }
        }
        return sql
    }
}
