import SQLshCore

/// Writes column values as SQL literals the way sqlite3's insert mode does (`.dump`,
/// `.fullschema`): `NULL`, integers as text, reals via ``CellText/writeSQLReal(_:to:)``,
/// blobs as `X'..'`, text quoted, with newlines and carriage returns spelled `replace(...)`
/// unless `keepNewlines`. Values are read in place from SQLite; nothing is allocated per row.
struct SQLLiteralWriter {
    let out: OutputWriter
    var keepNewlines = false

    /// Writes `INSERT INTO table VALUES(...);` for the current row of `statement`.
    func writeInsert(into table: String, _ statement: Statement) {
        out.write("INSERT INTO ")
        out.write(table)
        writeValues(statement)
    }

    // Forced inlining in this file: Benchmarks/shell.sh (.dump, insert mode): every value written.
    /// Writes `INSERT INTO ` and `table` (bytes made once per table), then the row's values.
    @inline(__always)
    func writeInsert(into table: [UInt8], _ statement: Statement) {
        out.write("INSERT INTO ")
        out.write(table)
        writeValues(statement)
    }

    /// ` VALUES(v1,v2,...);` and a newline.
    @inline(__always)
    private func writeValues(_ statement: Statement) {
        let n = statement.columnCount
        var i = 0
        while i < n {
            out.write(i > 0 ? "," : " VALUES(")
            CellText.writeSQLLiteral(statement, i, keepNewlines: keepNewlines, to: out)
            i += 1
        }
        out.write(");\n")
    }


    /// `'...'` with `'` doubled (`output_quoted_string`).
    func writeQuoted(_ bytes: [UInt8]) {
        var text: [UInt8] = [39]
        for b in bytes {
            text.append(b)
            if b == 39 { text.append(39) }
        }
        text.append(39)
        out.write(text)
    }

    /// `output_quoted_escaped_string`: newlines and CRs become `\n`/`\r` inside
    /// `replace(...,'\n',char(10))`, using a marker that does not occur in the text.
    func writeQuotedEscaped(_ bytes: [UInt8]) {
        let hasNL = bytes.contains(10)
        let hasCR = bytes.contains(13)
        guard hasNL || hasCR else { writeQuoted(bytes); return }
        var text: [UInt8] = []
        let nl = hasNL ? Self.unusedMarker(bytes, "\\n", "\\012") : []
        let cr = hasCR ? Self.unusedMarker(bytes, "\\r", "\\015") : []
        if hasNL { text += Array("replace(".utf8) }
        if hasCR { text += Array("replace(".utf8) }
        text.append(39)
        for b in bytes {
            switch b {
            case 10: text += nl
            case 13: text += cr
            case 39: text += [39, 39]
            default: text.append(b)
            }
        }
        text.append(39)
        if hasCR { text += Array(",'".utf8) + cr + Array("',char(13))".utf8) }
        if hasNL { text += Array(",'".utf8) + nl + Array("',char(10))".utf8) }
        out.write(text)
    }

    /// sqlite3's `unused_string`: `a` or `b` when absent from the text, else `(aN)`.
    static func unusedMarker(_ bytes: [UInt8], _ a: String, _ b: String) -> [UInt8] {
        if !contains(bytes, Array(a.utf8)) { return Array(a.utf8) }
        if !contains(bytes, Array(b.utf8)) { return Array(b.utf8) }
        var i = 0
        while true {
            let candidate = Array("(\(a)\(i))".utf8)
            if !contains(bytes, candidate) { return candidate }
            i += 1
        }
    }

    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        var i = 0
        while i + needle.count <= haystack.count {
            if haystack[i] == needle[0] && Array(haystack[i..<i + needle.count]) == needle { return true }
            i += 1
        }
        return false
    }
}
