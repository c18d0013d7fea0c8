#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLshCatalog
import SQLshCore

/// sqlite3's own SQL functions from shell.c (3.40.1), byte for byte: `shell_idquote`,
/// `shell_escape_crnl`, `shell_int32`, `shell_add_schema`, `shell_module_schema`,
/// `shell_putsnl` and `usleep`. As in sqlite3 they are registered with no flags (not
/// deterministic, not innocuous, not direct-only), and read their text arguments as C strings
/// (up to a first NUL byte). Catalog functions of the shell's own pack (``ShellPack``).
enum ShellSQLFunctions {
    static var entries: [CatalogFunction] {
        [idquote, escapeCrnl, int32, addSchema, moduleSchema, putsnl, usleep]
    }

    /// The text of an argument as sqlite3's `sqlite3_value_text` gives it to C code: nil for
    /// NULL, else the bytes up to the first NUL.
    static func cText(_ argument: Argument) -> UnsafeBufferPointer<UInt8>? {
        if argument.isNull { return nil }
        let bytes = argument.utf8
        guard let nul = bytes.firstIndex(of: 0) else { return bytes }
        return UnsafeBufferPointer(rebasing: bytes[..<nul])
    }

    static let idquote = CatalogFunction(
        arguments: "name",
        summary: "the name as a double-quoted SQL identifier (sqlite3)",
        details: "shell_idquote(X): X in double quotes, each \" in it doubled (sqlite3's \"%w\"); NULL for NULL.",
        example: "select shell_idquote('a\"b c');  -- \"a\"\"b c\""
    ) {
        [SQLFunction("shell_idquote", argumentCount: 1, writingResult: { arguments, result in
            guard let name = cText(arguments[0]) else { return result.setNull() }
            var out: [UInt8] = [34]
            out.reserveCapacity(name.count + 2)
            for byte in name {
                out.append(byte)
                if byte == 34 { out.append(34) }
            }
            out.append(34)
            out.withUnsafeBufferPointer { result.setText(utf8: $0) }
        })]
    }

    static let escapeCrnl = CatalogFunction(
        arguments: "literal",
        summary: "a quoted SQL literal with its CR and LF turned into replace() calls (sqlite3)",
        details: """
            shell_escape_crnl(X): for text that starts with a single quote and holds a line feed \
            or carriage return, the expression replace('...\\n...','\\n', char(10)) (the \
            placeholder chosen so that it appears nowhere in X), as .dump writes it; any other \
            value unchanged.
            """,
        example: "select shell_escape_crnl('''a' || char(10) || 'b''');"
    ) {
        [SQLFunction("shell_escape_crnl", argumentCount: 1, writingResult: { arguments, result in
            guard let text = cText(arguments[0]), text.first == 39,
                  let escaped = escapedCRNL(text) else { return result.set(arguments[0]) }
            escaped.withUnsafeBufferPointer { result.setText(utf8: $0) }
        })]
    }

    /// sqlite3's `shellEscapeCrnl` on a text: nil when it holds no CR or LF.
    static func escapedCRNL(_ text: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        let hasNL = text.contains(10), hasCR = text.contains(13)
        guard hasNL || hasCR else { return nil }
        let nl = hasNL ? unusedString(text, "\\n", "\\012") : []
        let cr = hasCR ? unusedString(text, "\\r", "\\015") : []
        var out: [UInt8] = Array((hasNL && hasCR ? "replace(replace(" : "replace(").utf8)
        for byte in text {
            if byte == 10 { out += nl } else if byte == 13 { out += cr } else { out.append(byte) }
        }
        if hasNL { out += Array(",'".utf8) + nl + Array("', char(10))".utf8) }
        if hasCR { out += Array(",'".utf8) + cr + Array("', char(13))".utf8) }
        return out
    }

    /// sqlite3's `unused_string`: `a`, else `b`, else `(a0)`, `(a1)`, ... whichever first does
    /// not occur in `text`.
    static func unusedString(_ text: UnsafeBufferPointer<UInt8>, _ a: String, _ b: String) -> [UInt8] {
        let first = Array(a.utf8), second = Array(b.utf8)
        if !occurs(first, in: text) { return first }
        if !occurs(second, in: text) { return second }
        var i: UInt32 = 0
        while true {
            let candidate = Array("(\(a)\(i))".utf8)
            if !occurs(candidate, in: text) { return candidate }
            i &+= 1
        }
    }

    private static func occurs(_ needle: [UInt8], in text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard needle.count <= text.count else { return false }
        for start in 0...(text.count - needle.count) where text[start] == needle[0] {
            var k = 1
            while k < needle.count && text[start + k] == needle[k] { k += 1 }
            if k == needle.count { return true }
        }
        return false
    }

    static let int32 = CatalogFunction(
        arguments: "blob, index",
        summary: "the index-th big-endian 32-bit unsigned integer of a blob (sqlite3)",
        details: """
            shell_int32(B, N): bytes 4N to 4N+3 of B read as a big-endian unsigned 32-bit \
            integer; NULL when N is negative or the blob is too short. N is read as sqlite3 \
            reads it, as a 32-bit integer (its low 32 bits).
            """,
        example: "select shell_int32(x'0000000100000002', 1);  -- 2"
    ) {
        [SQLFunction("shell_int32", argumentCount: 2, writingResult: { arguments, result in
            let blob = arguments[0].blob
            let index = Int(arguments[1].int32)
            // 64-bit arithmetic: sqlite3's 32-bit (index+1)*4 wraps and reads out of bounds.
            guard index >= 0, (index + 1) * 4 <= blob.count else { return result.setNull() }
            let at = index * 4
            let value = Int64(blob[at]) << 24 | Int64(blob[at + 1]) << 16 | Int64(blob[at + 2]) << 8 | Int64(blob[at + 3])
            result.set(value)
        })]
    }

    static let addSchema = CatalogFunction(
        arguments: "sql, schema, name",
        summary: "CREATE statement text with the schema name added (sqlite3, for .schema)",
        details: """
            shell_add_schema(SQL, SCHEMA, NAME): SQL that begins CREATE TABLE, INDEX, UNIQUE \
            INDEX, VIEW, TRIGGER or VIRTUAL TABLE with SCHEMA. put before the object's name \
            (quoted when needed); for a view or virtual table a /* name(columns) */ comment \
            follows. Any other value unchanged.
            """,
        example: "select shell_add_schema(sql, 'main', name) from sqlite_schema;"
    ) {
        [SQLFunction("shell_add_schema", argumentCount: 3, writingResult: { arguments, result in
            guard let sql = cText(arguments[0]) else { return result.set(arguments[0]) }
            let schema = cText(arguments[1]).map { String(decoding: $0, as: UTF8.self) }
            let name = cText(arguments[2]).map { String(decoding: $0, as: UTF8.self) }
            let text = String(decoding: sql, as: UTF8.self)
            let added = SchemaPrinter.addSchema(result.connection, sql: text, schema: schema, name: name)
            if added == text { return result.set(arguments[0]) }
            result.set(added)
        })]
    }

    static let moduleSchema = CatalogFunction(
        arguments: "name",
        summary: "/* name(columns) */ for a table, view or table-valued function (sqlite3)",
        details: "shell_module_schema(NAME): the columns PRAGMA table_info gives for NAME as a comment; NULL when it has none.",
        example: "select shell_module_schema('pragma_table_info');"
    ) {
        [SQLFunction("shell_module_schema", argumentCount: 1, writingResult: { arguments, result in
            guard let name = cText(arguments[0]),
                  let fake = SchemaPrinter.fakeSchema(result.connection, schema: nil, name: String(decoding: name, as: UTF8.self))
            else { return result.setNull() }
            result.set("/* " + fake + " */")
        })]
    }

    static let putsnl = CatalogFunction(
        arguments: "value",
        summary: "print a value and a newline on the shell's output, and return it (sqlite3)",
        details: "shell_putsnl(X): writes X's text (up to a NUL byte; (null) for NULL) and a newline to the current output (.output, .once), then returns X.",
        example: "select shell_putsnl('hello');"
    ) {
        [SQLFunction("shell_putsnl", argumentCount: 1, writingResult: { arguments, result in
            if let out = ShellFunctionOutput.current {
                if let text = cText(arguments[0]) { out.write(text) } else { out.write("(null)" as StaticString) }
                out.write(byte: 10)
            }
            result.set(arguments[0])
        })]
    }

    static let usleep = CatalogFunction(
        arguments: "microseconds",
        summary: "sleep, and return the argument (sqlite3)",
        details: """
            usleep(N): sleeps N microseconds in whole milliseconds, as sqlite3 does \
            (sqlite3_sleep(N/1000), so at most 2,147,483 ms, about 36 minutes; a negative N does \
            not sleep), and returns N read as a 32-bit integer. A signal (Ctrl-C) ends the \
            sleep at once, and the statement is then interrupted.
            """,
        example: "select usleep(100000);  -- 100000, after 0.1 s"
    ) {
        [SQLFunction("usleep", argumentCount: 1, writingResult: { arguments, result in
            let microseconds = arguments[0].int32
            let milliseconds = Int(microseconds / 1000)
            if milliseconds > 0 {
                var request = timespec(tv_sec: milliseconds / 1000, tv_nsec: (milliseconds % 1000) * 1_000_000)
                var remaining = timespec()
                // Ends early on a signal: SIGINT also interrupts the statement.
                _ = nanosleep(&request, &remaining)
            }
            result.set(Int64(microseconds))
        })]
    }
}

/// Where `shell_putsnl` writes: the output of the shell running a statement (sqlite3's
/// `p->out`), set around each statement the shell runs; nil outside.
enum ShellFunctionOutput {
    /// The current output. Only the thread that runs the shell's statements touches it.
    nonisolated(unsafe) static var current: OutputWriter?
}
