/// The `core353` pack: scalar functions that SQLite 3.41 to 3.53 added to its core (and the
/// shell's base64/base85), answering as SQLite 3.53 does, on the 3.40.1 engine sqlsh links.
enum Core353Pack {
    static let pack = FunctionPack(
        name: "core353",
        summary: "SQLite 3.41-3.53's newer core functions: unhex, unistr, unistr_quote, if, iif, timediff, json_pretty, base64, base85, is_base85",
        functions: [Unhex.entry, Unistr.entry, UnistrQuote.entry, IfFunction.entry, IfFunction.iif, TimeDiff.entry, JSONPretty.entry,
                    Base64.entry, Base85.entry, IsBase85.entry])
}

/// An error of a core353 function, reported as the statement's error message.
struct Core353Error: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}

/// Bytes of ASCII hex digits, as SQLite's `sqlite3Isxdigit` and `sqlite3HexToInt`.
enum HexDigit {
    static func value(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
