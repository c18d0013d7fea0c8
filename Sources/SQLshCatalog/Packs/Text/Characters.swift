import SQLshCore

/// Character stepping for the Postgres-style text functions, counting characters exactly as
/// SQLite's `length()` and `substr()` do: a lead byte with the continuation bytes after it is one
/// character, and any other byte (an invalid one included) is one character.
enum Characters {
    // Forced inlining in this file: Benchmarks/catalog.sh (reverse, text_substring): every character.
    /// The byte index after `count` characters from `start` (or the end).
    @inline(__always)
    static func advance(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, by count: Int) -> Int {
        var i = start
        var remaining = count
        let n = bytes.count
        while remaining > 0, i < n {
            let byte = bytes[i]
            i += 1
            if byte >= 0xC0 {
                while i < n, bytes[i] & 0xC0 == 0x80 { i += 1 }
            }
            remaining -= 1
        }
        return i
    }

    /// The byte index after `count` characters from `start`, skipping runs of ASCII eight
    /// bytes at a time: for long offsets into long texts (`text_substring(s, 100000)`).
    @inline(__always)
    static func skip(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, by count: Int) -> Int {
        var i = start
        var remaining = count
        let n = bytes.count
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while remaining >= 8, i + 8 <= n,
                  raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                i += 8
                remaining -= 8
            }
        }
        return advance(bytes, from: i, by: remaining)
    }

    /// The byte length of the character at `i` (counted as `advance` counts it).
    @inline(__always)
    static func length(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Int {
        advance(bytes, from: i, by: 1) - i
    }
}

/// An integer argument of sqlean's text functions: an integer, or a value SQLite reads as one
/// (an integral real such as 2.0, a numeric text such as '2', which sqlean rejects); anything
/// else fails with `message`, sqlean's own ("start parameter should be integer").
func integerArgument(_ value: Argument, _ message: StaticString) throws -> Int64 {
    switch value.numericType {
    case .integer:
        return value.int64
    case .real:
        let d = value.double
        if d == d.rounded(.towardZero), abs(d) < 9.2e18 { return Int64(d) }
    default:
        break
    }
    throw TextError("\(message)")
}

/// Whether any argument is NULL (the Postgres-style functions then give NULL).
@inline(__always)
func anyNull(_ arguments: Arguments) -> Bool {
    for i in 0..<arguments.count where arguments[i].isNull { return true }
    return false
}

/// An error of a text function, reported as the statement's error message.
struct TextError: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}

/// A text pack entry that is another name for one of its functions (sqlean's `text_*` names
/// and Postgres names): same behaviour, its own switch.
func alias(_ name: String, of entry: CatalogFunction, implementation: @escaping @Sendable () -> [SQLFunction]) -> CatalogFunction {
    CatalogFunction(
        arity: entry.statedArity, arguments: entry.arguments,
        summary: entry.summary + " (same as \(entry.name))",
        details: "\(name) is another name for \(entry.name). " + entry.details,
        example: entry.example.replacingBytes(entry.name + "(", with: name + "("),
        functions: implementation)
}
