import SQLshCore

/// Whether a ``LengthExtreme`` keeps the longest or the shortest length.
protocol LengthDirection: SendableMetatype {
    static func better(_ a: Int, than b: Int) -> Bool
}
enum Longest: LengthDirection { static func better(_ a: Int, than b: Int) -> Bool { a > b } }
enum Shortest: LengthDirection { static func better(_ a: Int, than b: Int) -> Bool { a < b } }

/// `maxLength(x)` / `minLength(x)`: the greatest or smallest length, counting characters as
/// SQLite's `length()` does.
// The direction is a generic parameter without constraints and the conformance a conditional
// one: instantiating the type at start-up then checks no requirement, each of which would
// scan every protocol conformance record of the program (about 40 µs per function).
struct LengthExtreme<Direction> {
    /// How many rows of the frame have each length (for inverse).
    var counts: [Int: Int] = [:]
    var best: Int?

    private static func length(_ arguments: Arguments) -> Int? {
        let value = arguments[0]
        switch value.storageType {
        case .null: return nil
        case .blob: return value.blobBytes.count
        default: return UTF8Bytes.characterCount(value.textBytes)
        }
    }

}

extension LengthExtreme: Aggregate, WindowAggregate where Direction: LengthDirection {
    mutating func step(_ arguments: Arguments) throws {
        guard let length = Self.length(arguments) else { return }
        counts[length, default: 0] += 1
        if let best, !Direction.better(length, than: best) { return }
        best = length
    }

    mutating func inverse(_ arguments: Arguments) throws {
        guard let length = Self.length(arguments), let count = counts[length] else { return }
        if count > 1 {
            counts[length] = count - 1
            return
        }
        counts[length] = nil
        if length == best {
            best = counts.keys.reduce(nil as Int?) { current, key in
                if let current, !Direction.better(key, than: current) { return current }
                return key
            }
        }
    }

    func finalize() throws -> (any SQLValueConvertible)? { best }

    static func entry(_ name: String, _ adjective: String) -> CatalogFunction {
        CatalogFunction(
            arguments: "text",
            summary: "the \(adjective) length of the values, in characters",
            details: """
                \(name)(x): the \(adjective) length of the values, counted as length() counts: \
                characters (Unicode code points) for text and numbers (their text form), bytes \
                for blobs; an invalid UTF-8 byte counts as one character and, unlike length(), an \
                embedded NUL does not end the text. NULLs are ignored; NULL when there are no \
                values. Works as an aggregate and as a window function (sliding frames too).
                """,
            example: "select \(name)(column1) from (values ('a'), ('héllo'), ('abc'));  -- \(adjective == "greatest" ? 5 : 1)"
        ) {
            [SQLFunction(name, argumentCount: 1, options: .pure, aggregate: LengthExtreme<Direction>.self)]
        }
    }
}

enum LengthFunctions {
    static let maxLength = LengthExtreme<Longest>.entry("maxLength", "greatest")
    static let minLength = LengthExtreme<Shortest>.entry("minLength", "smallest")
}
