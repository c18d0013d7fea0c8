import SQLshCore

/// A value as `mode` counts it: integers and reals with the same numeric value are one key.
enum ModeKey: Hashable {
    case number(Double)
    case integer(Int64)
    case text([UInt8])
    case blob([UInt8])

    init?(_ value: Argument) {
        switch value.storageType {
        case .null: return nil
        case .integer: self = .integer(value.int64)
        case .real:
            let d = value.double
            if d == d.rounded(.towardZero), d >= -9.2e18, d <= 9.2e18 { self = .integer(Int64(d)) } else { self = .number(d) }
        case .text: self = .text(Array(value.textBytes))
        case .blob: self = .blob(Array(value.blobBytes))
        }
    }

    /// SQLite's ORDER BY order: numbers, then text (BINARY), then blobs.
    static func < (a: ModeKey, b: ModeKey) -> Bool {
        switch (a, b) {
        case (.integer(let x), .integer(let y)): return x < y
        case (.integer(let x), .number(let y)): return Double(x) < y
        case (.number(let x), .integer(let y)): return x < Double(y)
        case (.number(let x), .number(let y)): return x < y
        case (.integer, _), (.number, _): return true
        case (.text, .integer), (.text, .number): return false
        case (.text(let x), .text(let y)): return x.lexicographicallyPrecedes(y)
        case (.text, .blob): return true
        case (.blob(let x), .blob(let y)): return x.lexicographicallyPrecedes(y)
        case (.blob, _): return false
        }
    }

    /// The key as a function result, text bytes unchanged.
    var result: any SQLValueConvertible {
        switch self {
        case .integer(let i): return i
        case .number(let d): return d
        case .text(let bytes): return TextBytes(bytes: bytes)
        case .blob(let bytes): return bytes
        }
    }
}

/// Text given back byte for byte (even when it is not valid UTF-8).
struct TextBytes: SQLValueConvertible {
    var bytes: [UInt8]
    var sqlValue: SQLValue { .text(String(decoding: bytes, as: UTF8.self)) }
    static func fromSQLValue(_ value: SQLValue) throws -> TextBytes {
        if case .text(let s) = value { return TextBytes(bytes: Array(s.utf8)) }
        throw StatsError("not text")
    }
    func setResult(_ result: ResultContext) { bytes.withUnsafeBufferPointer { result.setText(utf8: $0) } }
}

/// `mode(x)`: the most frequent value.
struct Mode: WindowAggregate {
    var counts: [ModeKey: Int] = [:]

    mutating func step(_ arguments: Arguments) throws {
        if let key = ModeKey(arguments[0]) { counts[key, default: 0] += 1 }
    }

    mutating func inverse(_ arguments: Arguments) throws {
        guard let key = ModeKey(arguments[0]), let count = counts[key] else { return }
        counts[key] = count > 1 ? count - 1 : nil
    }

    func finalize() throws -> (any SQLValueConvertible)? {
        var best: (key: ModeKey, count: Int)?
        for (key, count) in counts {
            if let current = best, count < current.count || (count == current.count && !(key < current.key)) { continue }
            best = (key, count)
        }
        return best?.key.result
    }

    static let entry = CatalogFunction(
        arguments: "x",
        summary: "the most frequent value",
        details: """
            mode(x): the value that occurs most often. NULLs are ignored; NULL when there are no \
            values. Values of any type are counted; an integer and a real with the same value \
            (1 and 1.0) are the same value and the result is the integer. When several values \
            are equally frequent, the smallest in SQLite's ORDER BY order wins (numbers before \
            text before blobs; text compared byte by byte). Works as an aggregate and as a \
            window function (sliding frames too).
            """,
        example: "select mode(column1) from (values ('b'), ('a'), ('b'), ('a'), ('c'));  -- 'a'"
    ) {
        [SQLFunction("mode", argumentCount: 1, options: .pure, aggregate: Mode.self)]
    }
}
