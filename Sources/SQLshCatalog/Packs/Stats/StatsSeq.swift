import SQLshCore

/// sqlean's `stats_seq(start[, stop[, step]])`, as sqlean's copy of the stock shell's
/// `ext/misc/series.c` of SQLite 3.40.1 behaves, quirks included (generate_series itself is
/// SQLite 3.53's, ``GenerateSeries``): `stop` defaults to 4294967295, `step` to 1 and 0 counts as
/// 1; a negative step counts down from the last value of the ascending series (so
/// `generate_series(1,10,-2)` is 9, 7, 5, 3, 1) and the `step` column shows its absolute value;
/// a NULL argument gives no rows (except the stock quirk `generate_series(1,NULL,-2)`, which
/// gives the single row 1); arithmetic wraps around at the 64-bit limits.
struct StatsSeq: TableValuedFunction {
    static let columns: [TableValuedColumn] = [
        .column("value"), .parameter("start"), .parameter("stop"), .parameter("step"),
    ]
    static var options: TableValuedOptions { .innocuous }

    private static let startColumn: Int32 = 1

    /// The plan bits of series.c: 1 start, 2 stop, 4 step, 8 descending, 16 ascending.
    static func bestIndex(_ info: IndexInfo) throws {
        var planNumber: Int32 = 0
        var startSeen = false
        var unusableMask: Int32 = 0
        var chosen: [Int] = [-1, -1, -1]
        for i in 0..<info.constraintCount {
            let constraint = info.constraint(i)
            guard constraint.column >= startColumn, constraint.column <= startColumn + 2 else { continue }
            let column = Int(constraint.column - startColumn)
            let mask = Int32(1) << Int32(column)
            if column == 0 { startSeen = true }
            if !constraint.isUsable {
                unusableMask |= mask
            } else if constraint.op == .equal {
                planNumber |= mask
                chosen[column] = i
            }
        }
        var argument: Int32 = 0
        for i in chosen where i >= 0 {
            argument += 1
            info.use(constraint: i, asArgument: argument, omit: true)
        }
        if !startSeen {
            throw SQLiteError(message: "first argument to \"generate_series()\" missing or unusable")
        }
        if unusableMask & ~planNumber != 0 { throw TableValuedPlanError.unusablePlan }
        if planNumber & 3 == 3 {
            info.estimatedCost = planNumber & 4 != 0 ? 1 : 2
            info.estimatedRows = 1000
            if let first = info.orderBy.first, first.column == 0 {
                planNumber |= first.descending ? 8 : 16
                info.orderByConsumed = true
            }
        } else {
            info.estimatedRows = 2147483647
        }
        info.planNumber = planNumber
    }

    private var isDescending = false
    private var row: Int64 = 0
    private var value: Int64 = 0
    private var minimum: Int64 = 0
    private var maximum: Int64 = 0
    private var step: Int64 = 0

    init() {}

    mutating func filter(_ arguments: FilterArguments) throws {
        var plan = arguments.planNumber
        var index = 0
        func next() -> Int64 {
            defer { index += 1 }
            return index < arguments.count ? arguments[index].int64 : 0
        }
        minimum = plan & 1 != 0 ? next() : 0
        maximum = plan & 2 != 0 ? next() : 0xffff_ffff
        if plan & 4 != 0 {
            step = next()
            if step == 0 {
                step = 1
            } else if step < 0 {
                step = 0 &- step
                if plan & 16 == 0 { plan |= 8 }
            }
        } else {
            step = 1
        }
        if arguments.contains(where: { $0.isNull }) {
            minimum = 1
            maximum = 0
        }
        if plan & 8 != 0 {
            isDescending = true
            value = maximum
            if step > 0 { value = value &- (maximum &- minimum) % step }
        } else {
            isDescending = false
            value = minimum
        }
        row = 1
    }

    var isAtEnd: Bool { isDescending ? value < minimum : value > maximum }

    mutating func next() throws {
        value = isDescending ? value &- step : value &+ step
        row &+= 1
    }

    func column(_ index: Int, into result: ResultContext) throws {
        switch index {
        case 1: result.set(minimum)
        case 2: result.set(maximum)
        case 3: result.set(step)
        default: result.set(value)
        }
    }

    func rowid() throws -> Int64 { row }
}
