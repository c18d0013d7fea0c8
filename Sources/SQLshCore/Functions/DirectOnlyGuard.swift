internal import CSQLite

/// The second check of a direct-only function (``FunctionOptions/directOnly``), made at each
/// call: the function must be named by the SQL text of a statement running on the connection.
///
/// SQLite refuses a direct-only function in views and triggers when it compiles them, but
/// SQLite 3.40 compiles a CHECK constraint's calls without that check: a database could make
/// `insert into t values(1)` call `writefile()` through a CHECK constraint of `t`, even under
/// an authorizer, which never sees those calls. A call that no running statement names comes
/// from the schema, and fails with `unsafe use of NAME()`.
///
/// A function that runs SQL text (`eval('select writefile(...)')`) prepares a statement that
/// names the function, so what a user asks for in so many words still runs.
enum DirectOnlyGuard {
    /// Whether the call through `ctx` of the direct-only function `name` may run; when not, the
    /// call's error is set.
    static func permits(_ ctx: OpaquePointer, _ name: String) -> Bool {
        guard let db = sqlite3_context_db_handle(ctx) else { return false }
        var statement = sqlite3_next_stmt(db, nil)
        while let current = statement {
            if sqlite3_stmt_busy(current) != 0, let sql = sqlite3_sql(current), SQLCallScan.calls(sql, name) {
                return true
            }
            statement = sqlite3_next_stmt(db, current)
        }
        sqlite3_result_error(ctx, "unsafe use of \(name)(): no running statement calls it (a CHECK constraint of the schema)", -1)
        return false
    }
}

/// Finds calls of a function in SQL text: the name as an identifier (bare or quoted, ASCII
/// case ignored) followed by `(`, outside string literals and comments.
enum SQLCallScan {
    static func calls(_ sql: UnsafePointer<CChar>, _ name: String) -> Bool {
        var name = name
        var length = 0
        while sql[length] != 0 { length += 1 }
        return name.withUTF8 { wanted in
            sql.withMemoryRebound(to: UInt8.self, capacity: length + 1) { text in
                scan(UnsafeBufferPointer(start: text, count: length), wanted)
            }
        }
    }

    static func scan(_ text: UnsafeBufferPointer<UInt8>, _ wanted: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        let n = text.count
        while i < n {
            let c = text[i]
            switch c {
            case UInt8(ascii: "'"):
                i = skipQuoted(text, from: i, closing: c)
            case UInt8(ascii: "-") where i + 1 < n && text[i + 1] == UInt8(ascii: "-"):
                while i < n && text[i] != 10 { i += 1 }
            case UInt8(ascii: "/") where i + 1 < n && text[i + 1] == UInt8(ascii: "*"):
                i += 2
                while i + 1 < n && !(text[i] == UInt8(ascii: "*") && text[i + 1] == UInt8(ascii: "/")) { i += 1 }
                i += 2
            case UInt8(ascii: "\""), UInt8(ascii: "`"), UInt8(ascii: "["):
                let start = i + 1
                let end = skipQuoted(text, from: i, closing: c == UInt8(ascii: "[") ? UInt8(ascii: "]") : c)
                if matches(text, start..<max(start, end - 1), wanted), followedByParenthesis(text, from: end) { return true }
                i = end
            default:
                if isIdentifierByte(c) && !(c >= 0x30 && c <= 0x39) {
                    let start = i
                    while i < n && isIdentifierByte(text[i]) { i += 1 }
                    if matches(text, start..<i, wanted), followedByParenthesis(text, from: i) { return true }
                } else {
                    i += 1
                }
            }
        }
        return false
    }

    /// The index after a quoted token starting at `from` (a doubled closing quote is part of it).
    private static func skipQuoted(_ text: UnsafeBufferPointer<UInt8>, from: Int, closing: UInt8) -> Int {
        var i = from + 1
        while i < text.count {
            if text[i] == closing {
                if closing != UInt8(ascii: "]") && i + 1 < text.count && text[i + 1] == closing { i += 2; continue }
                return i + 1
            }
            i += 1
        }
        return i
    }

    private static func isIdentifierByte(_ c: UInt8) -> Bool {
        (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x5F || c == 0x24 || c >= 0x80
    }

    private static func matches(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ wanted: UnsafeBufferPointer<UInt8>) -> Bool {
        guard range.count == wanted.count else { return false }
        for (offset, index) in range.enumerated() {
            let a = text[index], b = wanted[offset]
            if a != b && (a | 0x20) != (b | 0x20) { return false }
            if a != b && !((a | 0x20) >= 0x61 && (a | 0x20) <= 0x7A) { return false }
        }
        return true
    }

    /// Whether `(` comes next, after spaces and comments.
    private static func followedByParenthesis(_ text: UnsafeBufferPointer<UInt8>, from: Int) -> Bool {
        var i = from
        while i < text.count {
            switch text[i] {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0C: i += 1
            case UInt8(ascii: "-") where i + 1 < text.count && text[i + 1] == UInt8(ascii: "-"):
                while i < text.count && text[i] != 10 { i += 1 }
            case UInt8(ascii: "/") where i + 1 < text.count && text[i + 1] == UInt8(ascii: "*"):
                i += 2
                while i + 1 < text.count && !(text[i] == UInt8(ascii: "*") && text[i + 1] == UInt8(ascii: "/")) { i += 1 }
                i += 2
            case UInt8(ascii: "("): return true
            default: return false
            }
        }
        return false
    }
}
