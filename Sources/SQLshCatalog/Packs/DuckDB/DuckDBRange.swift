import SQLshCore

/// `range(stop)` and `range(start, stop[, step])`, DuckDB's table function: the integers from
/// start (0 by default) up to but not including stop, by step (1 by default; a negative step
/// counts down, to above stop). One column, `range`, as DuckDB names it.
struct DuckDBRange: TableValuedFunction {
    static let columns: [TableValuedColumn] = [
        .column("range"), .parameter("start", required: true), .parameter("stop"), .parameter("step"),
    ]
    static var options: TableValuedOptions { .innocuous }

    private var value: Int64 = 0
    private var stop: Int64 = 0
    private var step: Int64 = 1
    private var row: Int64 = 1
    private var done = true
    /// The first argument, for the hidden column start.
    private var firstArgument: Int64 = 0

    init() {}

    static func integer(_ argument: Argument?) throws -> Int64? {
        guard let argument else { return nil }
        switch argument.numericType {
        case .null: return nil
        case .integer: return argument.int64
        case .real:
            let d = argument.double
            if d == d.rounded(.towardZero), d >= -9.2e18, d <= 9.2e18 { return Int64(d) }
        default: break
        }
        throw DuckDBError("range(): the arguments must be integers")
    }

    mutating func filter(_ arguments: FilterArguments) throws {
        row = 1
        done = true
        let first = arguments.parameter(1), second = arguments.parameter(2), third = arguments.parameter(3)
        if first?.isNull == true || second?.isNull == true || third?.isNull == true { return }
        firstArgument = try Self.integer(first) ?? 0
        if second == nil {
            value = 0
            stop = try Self.integer(first) ?? 0
            step = try Self.integer(third) ?? 1
        } else {
            value = try Self.integer(first) ?? 0
            stop = try Self.integer(second) ?? 0
            step = try Self.integer(third) ?? 1
        }
        guard step != 0 else { throw DuckDBError("range(): the step must not be 0") }
        done = step > 0 ? value >= stop : value <= stop
    }

    var isAtEnd: Bool { done }

    mutating func next() throws {
        let (next, overflow) = value.addingReportingOverflow(step)
        row &+= 1
        if overflow || (step > 0 ? next >= stop : next <= stop) {
            done = true
        } else {
            value = next
        }
    }

    func column(_ index: Int, into result: ResultContext) throws {
        switch index {
        case 0: result.set(value)
        case 3: result.set(step)
        case 2: result.set(stop)
        default: result.set(firstArgument)
        }
    }

    func rowid() throws -> Int64 { row }
}

enum DuckDBTables {
    static let range = CatalogFunction(
        name: "range", kind: .tableValued, arity: "1-3", arguments: "stop | start, stop[, step]", flags: [.innocuous],
        summary: "integers from start (0) up to but not including stop, by step, as rows",
        details: """
            DuckDB's table function range: range(stop) gives 0, 1, ..., stop - 1, and \
            range(start, stop[, step]) start, start + step, ... while below stop (above stop \
            for a negative step), in one column named range, as DuckDB does (unlike \
            generate_series, stop is not included). A step of 0 is an error, as are arguments \
            that are not integers; a NULL argument gives no rows; the series stops before it \
            would pass the 64-bit limits. The hidden columns start, stop and step hold the \
            arguments (for range(stop), stop is in start).
            """,
        example: "select group_concat(range) from range(1, 10, 3);  -- '1,4,7'",
        register: { try $0.addTableValuedFunction("range", DuckDBRange.self) },
        unregister: { try $0.removeTableValuedFunction(named: "range") })
}
