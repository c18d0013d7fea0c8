import SQLshCore

/// Putting SQLite's own functions back after a catalog entry that replaced them is disabled.
///
/// Unregistering an application function (`sqlite3_create_function` with no callbacks) leaves
/// an empty entry that hides SQLite's built-in of the same name: the call then fails with
/// "wrong number of arguments to function upper()". So a catalog entry that replaces a
/// built-in (`upper`, `lower`, `like`, `soundex`, the `NOCASE` collation) unregisters itself by
/// registering an exact copy of SQLite 3.40.1's built-in instead: same results byte for byte,
/// same NULL handling. `like` is put back by SQLite itself (`PRAGMA case_sensitive_like = 0`
/// registers SQLite's own C function again, with its LIKE index optimisation).
enum SQLiteBuiltInRestoring {
    /// SQLite's `upper(X)`: ASCII letters only, byte by byte; NULL gives NULL.
    static func upper() -> SQLFunction {
        asciiCaseFunction("upper") { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }
    }

    /// SQLite's `lower(X)`: ASCII letters only, byte by byte; NULL gives NULL.
    static func lower() -> SQLFunction {
        asciiCaseFunction("lower") { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
    }

    private static func asciiCaseFunction(_ name: String, _ map: @escaping @Sendable (UInt8) -> UInt8) -> SQLFunction {
        let scratch = ByteScratch()
        return SQLFunction(name, argumentCount: 1, options: .pure) { arguments, result in
            let value = arguments[0]
            if value.isNull { return result.setNull() }
            let bytes = value.textBytes
            scratch.withBuffer { out in
                out.removeAll(keepingCapacity: true)
                out.reserveCapacity(bytes.count)
                for byte in bytes { out.append(map(byte)) }
                out.withUnsafeBufferPointer { result.setText(utf8: $0) }
            }
        }
    }

    /// SQLite's LIKE function, registered again by SQLite (case-insensitive for ASCII, with
    /// the LIKE optimisation).
    static func restoreLike(on connection: Connection) throws {
        try connection.execute("PRAGMA case_sensitive_like = 0")
    }

    /// SQLite's built-in `NOCASE` collation: ASCII letters compared case-insensitively over the
    /// shorter length, stopping at a NUL byte of the first string as `sqlite3StrNICmp` does,
    /// then the longer string last.
    static func nocaseCompare(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Int32 {
        func fold(_ c: UInt8) -> Int32 { Int32(c >= 0x41 && c <= 0x5A ? c + 0x20 : c) }
        let n = min(a.count, b.count)
        var i = 0
        while i < n {
            let x = a[i], y = b[i]
            if x == 0 || fold(x) != fold(y) { return fold(x) - fold(y) }
            i += 1
        }
        return Int32(clamping: a.count - b.count)
    }

    /// Whether this SQLite library has the core `soundex()` (compiled with SQLITE_SOUNDEX, as
    /// Debian's is).
    static var hasCoreSoundex: Bool { SQLiteLibrary.isCompileOptionUsed("SOUNDEX") }

    /// SQLite's `soundex(X)` (SQLITE_SOUNDEX): leading non-letters skipped, '?000' for NULL and
    /// letterless text, no H/W rule; the code of a byte is looked up by its low 7 bits.
    static func soundex() -> SQLFunction {
        SQLFunction("soundex", argumentCount: 1, options: .pure) { arguments, result in
            let value = arguments[0]
            let bytes: UnsafeBufferPointer<UInt8> = value.isNull ? UnsafeBufferPointer(start: nil, count: 0) : value.textBytes
            var code: (UInt8, UInt8, UInt8, UInt8) = (0x3F, 0x30, 0x30, 0x30)  // "?000"
            func isAlpha(_ c: UInt8) -> Bool { (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A }
            var i = 0
            // sqlite3_value_text ends at the first NUL.
            let n = bytes.firstIndex(of: 0) ?? bytes.count
            while i < n, !isAlpha(bytes[i]) { i += 1 }
            if i < n {
                var prev = coreSoundexDigit(bytes[i])
                code.0 = bytes[i] >= 0x61 && bytes[i] <= 0x7A ? bytes[i] - 0x20 : bytes[i]
                var j = 1
                while j < 4, i < n {
                    let digit = coreSoundexDigit(bytes[i])
                    if digit > 0 {
                        if digit != prev {
                            prev = digit
                            let d = UInt8(ascii: "0") + digit
                            if j == 1 { code.1 = d } else if j == 2 { code.2 = d } else { code.3 = d }
                            j += 1
                        }
                    } else {
                        prev = 0
                    }
                    i += 1
                }
            }
            withUnsafeBytes(of: code) { result.setText(utf8: $0.bindMemory(to: UInt8.self)) }
        }
    }

    /// The digit of SQLite's soundex table for a byte (by its low 7 bits), 0 for none.
    static func coreSoundexDigit(_ byte: UInt8) -> UInt8 {
        let c = byte & 0x7F
        guard (c | 0x20) >= 0x61, (c | 0x20) <= 0x7A else { return 0 }
        switch c | 0x20 {
        case UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "p"), UInt8(ascii: "v"): return 1
        case UInt8(ascii: "c"), UInt8(ascii: "g"), UInt8(ascii: "j"), UInt8(ascii: "k"), UInt8(ascii: "q"),
             UInt8(ascii: "s"), UInt8(ascii: "x"), UInt8(ascii: "z"): return 2
        case UInt8(ascii: "d"), UInt8(ascii: "t"): return 3
        case UInt8(ascii: "l"): return 4
        case UInt8(ascii: "m"), UInt8(ascii: "n"): return 5
        case UInt8(ascii: "r"): return 6
        default: return 0
        }
    }
}
