import SQLshCore

// Aggregates that keep the values of their group (or window frame): arg_max/arg_min,
// first/last/any_value, array_agg/list and string_agg. Values are copied into a ValueLog,
// so that a window frame can drop its oldest row.

/// Which way an `arg_max`-style aggregate looks.
protocol ExtremeDirection: Sendable {
    /// 1 for the largest key, -1 for the smallest.
    static var sign: Int { get }
    static var name: StaticString { get }
}
enum LargestKey: ExtremeDirection {
    static var sign: Int { 1 }
    static var name: StaticString { "arg_max" }
}
enum SmallestKey: ExtremeDirection {
    static var sign: Int { -1 }
    static var name: StaticString { "arg_min" }
}

/// `arg_max(arg, key)` / `arg_min(arg, key)`: the `arg` of the row with the largest (smallest)
/// key; the first such row on ties. Rows where either is NULL are ignored, as DuckDB does.
struct ArgExtreme<Direction: ExtremeDirection>: WindowAggregate {
    var args = ValueLog()
    var keys = ValueLog()

    mutating func step(_ arguments: Arguments) throws {
        let arg = arguments[0], key = arguments[1]
        if arg.isNull || key.isNull { return }
        args.append(arg)
        keys.append(key)
    }

    mutating func inverse(_ arguments: Arguments) throws {
        if arguments[0].isNull || arguments[1].isNull { return }
        args.removeFirst()
        keys.removeFirst()
    }

    func finalize() throws -> (any SQLValueConvertible)? {
        guard !keys.isEmpty else { return nil }
        var best = 0
        for i in 1..<keys.count where keys.compare(keys[i], keys[best]) * Direction.sign > 0 { best = i }
        return args.value(args[best])
    }

    static func entry(_ name: String, summary: String, example: String) -> CatalogFunction {
        duckEntry(
            arguments: "arg, key", summary: summary,
            details: """
                \(name)(arg, key): the value of arg on the row whose key is the \
                \(Direction.sign > 0 ? "largest" : "smallest"), as DuckDB's \(name). On ties the \
                first such row (in the order rows reach the aggregate) wins. Rows where arg or key \
                is NULL are ignored; NULL when no row is left. Keys compare in SQLite's ORDER BY \
                order (numbers, then text byte by byte, then blobs). Works as an aggregate and \
                as a window function (sliding frames too).
                """,
            example: example,
            functions: { [SQLFunction(name, argumentCount: 2, options: .pure, aggregate: ArgExtreme<Direction>.self)] })
    }
}

enum ValueAggregates {
    static let argMax = ArgExtreme<LargestKey>.entry(
        "arg_max", summary: "the arg of the row with the largest key",
        example: "with t(name, score) as (values ('ann', 3), ('bob', 7), ('cy', 5)) select arg_max(name, score) from t;  -- 'bob'")
    static let argMin = ArgExtreme<SmallestKey>.entry(
        "arg_min", summary: "the arg of the row with the smallest key",
        example: "with t(name, score) as (values ('ann', 3), ('bob', 7), ('cy', 5)) select arg_min(name, score) from t;  -- 'ann'")
    static let maxBy = duckAlias("max_by", of: argMax) {
        [SQLFunction("max_by", argumentCount: 2, options: .pure, aggregate: ArgExtreme<LargestKey>.self)]
    }
    static let minBy = duckAlias("min_by", of: argMin) {
        [SQLFunction("min_by", argumentCount: 2, options: .pure, aggregate: ArgExtreme<SmallestKey>.self)]
    }

    static let first = duckEntry(
        arguments: "x", summary: "the first value of the group, NULL included",
        details: """
            first(x): the value of the first row that reaches the aggregate (in a window, the \
            first row of the frame), even when it is NULL, as DuckDB's first. Without ORDER BY \
            in a window or subquery the order is the one SQLite reads rows in. Works as an \
            aggregate and as a window function.
            """,
        example: "select first(column1) from (values (3), (1), (2));  -- 3",
        functions: { [SQLFunction("first", argumentCount: 1, options: .pure, aggregate: FirstValue.self)] })
    static let last = duckEntry(
        arguments: "x", summary: "the last value of the group, NULL included",
        details: """
            last(x): the value of the last row that reaches the aggregate (in a window, the \
            last row of the frame), even when it is NULL, as DuckDB's last. Works as an \
            aggregate and as a window function.
            """,
        example: "select last(column1) from (values (3), (1), (2));  -- 2",
        functions: { [SQLFunction("last", argumentCount: 1, options: .pure, aggregate: LastValue.self)] })
    static let anyValue = duckEntry(
        arguments: "x", summary: "the first non-NULL value of the group",
        details: """
            any_value(x): the first value of the group that is not NULL (DuckDB's any_value), \
            NULL when all are. Works as an aggregate and as a window function.
            """,
        example: "select any_value(column1) from (values (NULL), ('b'), ('a'));  -- 'b'",
        functions: { [SQLFunction("any_value", argumentCount: 1, options: .pure, aggregate: AnyValue.self)] })

    static let listDetails = """
        (x): the values of the group, NULLs included, in the order rows reach the aggregate, \
        as a JSON array text (DuckDB gives a LIST): integers and reals as JSON numbers, text \
        as JSON strings, NULL as null. A blob, or text that is not valid UTF-8, is an error \
        (JSON has no form for it). NULL when the group has no rows. A result longer than \
        SQLite's length limit fails with "string or blob too big". Works as an aggregate and \
        as a window function. Read it back with json_each or ->>.
        """
    static let arrayAgg = duckEntry(
        arguments: "x", summary: "the values of the group as a JSON array",
        details: "array_agg" + listDetails,
        example: "select array_agg(column1) from (values (1), (NULL), ('a'));  -- '[1,null,\"a\"]'",
        functions: { [SQLFunction("array_agg", argumentCount: 1, options: .pure, aggregate: ListAggregate.self)] })
    static let list = duckAlias("list", of: arrayAgg) {
        [SQLFunction("list", argumentCount: 1, options: .pure, aggregate: ListAggregate.self)]
    }

    static let stringAgg = duckEntry(
        arguments: "x[, separator]", summary: "the non-NULL values joined with a separator (',' by default)",
        details: """
            string_agg(x[, separator]): the text of the non-NULL values of the group joined \
            with separator, ',' when not given: group_concat's semantics (each value after the \
            first is preceded by the separator of its own row; numbers as SQLite writes them \
            as text, blobs' bytes as they are), under DuckDB's and SQLite 3.44's name (SQLite \
            3.40 has no string_agg). NULL when no value is left. A result longer than SQLite's \
            length limit fails with "string or blob too big". Works as an aggregate and as a \
            window function.
            """,
        example: "select string_agg(column1, '-') from (values ('a'), (NULL), ('b'), ('c'));  -- 'a-b-c'",
        functions: {
            [SQLFunction("string_agg", argumentCount: 1, options: .pure, aggregate: StringAggregate.self),
             SQLFunction("string_agg", argumentCount: 2, options: .pure, aggregate: StringAggregate.self)]
        })
}

struct FirstValue: WindowAggregate {
    var values = ValueLog()
    mutating func step(_ arguments: Arguments) throws { values.append(arguments[0]) }
    mutating func inverse(_ arguments: Arguments) throws { values.removeFirst() }
    func finalize() throws -> (any SQLValueConvertible)? { values.isEmpty ? nil : values.value(values[0]) }
}

/// The last value of the group or frame, NULL included.
struct LastValue: WindowAggregate {
    var values = ValueLog()
    mutating func step(_ arguments: Arguments) throws { values.append(arguments[0]) }
    mutating func inverse(_ arguments: Arguments) throws { values.removeFirst() }
    func finalize() throws -> (any SQLValueConvertible)? { values.isEmpty ? nil : values.value(values[values.count - 1]) }
}

struct AnyValue: WindowAggregate {
    var values = ValueLog()
    mutating func step(_ arguments: Arguments) throws {
        if !arguments[0].isNull { values.append(arguments[0]) }
    }
    mutating func inverse(_ arguments: Arguments) throws {
        if !arguments[0].isNull { values.removeFirst() }
    }
    func finalize() throws -> (any SQLValueConvertible)? { values.isEmpty ? nil : values.value(values[0]) }
}

struct ListAggregate: WindowAggregate {
    var values = ValueLog()
    var limit = Int.max

    mutating func step(_ arguments: Arguments) throws {
        if values.isEmpty { limit = arguments.lengthLimit }
        values.append(arguments[0])
        if values.byteCount > limit { throw DuckDBError("string or blob too big") }
    }
    mutating func inverse(_ arguments: Arguments) throws { values.removeFirst() }

    func finalize() throws -> (any SQLValueConvertible)? {
        if values.isEmpty { return nil }
        var out: [UInt8] = [0x5B]
        out.reserveCapacity(values.byteCount + 8 * values.count + 2)
        for i in 0..<values.count {
            if i > 0 { out.append(0x2C) }
            try values.appendJSON(values[i], to: &out, function: "array_agg")
            if out.count > limit { throw DuckDBError("string or blob too big") }
        }
        out.append(0x5D)
        if out.count > limit { throw DuckDBError("string or blob too big") }
        return TextBytes(bytes: out)
    }
}

struct StringAggregate: WindowAggregate {
    var values = ValueLog()
    var separators = ValueLog()
    var limit = Int.max

    mutating func step(_ arguments: Arguments) throws {
        let value = arguments[0]
        if value.isNull { return }
        if values.isEmpty { limit = arguments.lengthLimit }
        values.appendText(value)
        if arguments.count > 1 {
            separators.appendText(arguments[1])
        } else {
            separators.append(commaSeparator)
        }
        if values.byteCount + separators.byteCount > limit { throw DuckDBError("string or blob too big") }
    }

    mutating func inverse(_ arguments: Arguments) throws {
        if arguments[0].isNull { return }
        values.removeFirst()
        separators.removeFirst()
    }

    func finalize() throws -> (any SQLValueConvertible)? {
        if values.isEmpty { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(values.byteCount + separators.byteCount)
        for i in 0..<values.count {
            if i > 0 {
                let separator = separators[i]
                if separator.type == .null {
                    out.append(0x2C)
                } else {
                    separators.withBytes(separator) { out.append(contentsOf: $0) }
                }
            }
            values.withBytes(values[i]) { out.append(contentsOf: $0) }
        }
        if out.count > limit { throw DuckDBError("string or blob too big") }
        return TextBytes(bytes: out)
    }
}

extension ValueLog {
    /// Appends the default separator of string_agg (recorded as NULL: a comma).
    mutating func append(_ marker: CommaSeparator) {
        appendNull()
    }
}

/// The default separator marker of ``StringAggregate``.
struct CommaSeparator {}
let commaSeparator = CommaSeparator()
