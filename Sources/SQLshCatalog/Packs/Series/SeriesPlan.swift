import SQLshCore

/// The plan of a `generate_series` scan, as SQLite 3.53's series.c numbers it: which
/// constraints were handed to `filter` (in this order: start, stop, step, the lower or exact
/// bound on value, the upper bound on value) and the order of the output. series.c's LIMIT
/// and OFFSET bits (0x20, 0x40) are never set: those are left to the engine (see
/// ``choose(_:)``).
enum SeriesPlan {
    static let start: Int32 = 0x0001
    static let stop: Int32 = 0x0002
    static let step: Int32 = 0x0004
    static let descending: Int32 = 0x0008
    static let ascending: Int32 = 0x0010
    static let valueEqual: Int32 = 0x0080
    static let valueAtLeast: Int32 = 0x0100
    static let valueAbove: Int32 = 0x0200
    static let valueAtMost: Int32 = 0x1000
    static let valueBelow: Int32 = 0x2000
    /// Any bound on value from below (or exact).
    static let lowerBounds: Int32 = valueEqual | valueAtLeast | valueAbove
    /// Any bound on value from above (or exact).
    static let upperBounds: Int32 = valueEqual | valueAtMost | valueBelow

    /// The hidden column `start`; `stop` and `step` follow it.
    private static let startColumn: Int32 = 1
    /// `SQLITE_INDEX_CONSTRAINT_IS`.
    private static let isOperator = IndexInfo.ConstraintOperator(rawValue: 72)

    /// Chooses the plan for the constraints and ORDER BY the planner offers.
    static func choose(_ info: IndexInfo) throws {
        var plan: Int32 = 0
        var startSeen = false
        var unusableMask: Int32 = 0
        // start, stop, step, value (=, >=, >), value (<=, <)
        var chosen = [Int](repeating: -1, count: 5)
        for i in 0..<info.constraintCount {
            let constraint = info.constraint(i)
            let op = constraint.op
            // LIMIT and OFFSET are left to the engine: SQLite 3.40.1 also offers them to a
            // table alone in one arm of a UNION ALL, where the OFFSET is the whole query's
            // (3.53's series.c uses them; its engine no longer offers them there).
            if op == .limit || op == .offset { continue }
            if constraint.column < startColumn {
                guard constraint.isUsable else { continue }
                switch op {
                case .equal, isOperator:
                    plan = (plan | valueEqual) & ~(valueAtLeast | valueAbove | valueAtMost | valueBelow)
                    chosen[3] = i
                    chosen[4] = -1
                    startSeen = true
                case .greaterOrEqual, .greaterThan:
                    guard plan & valueEqual == 0 else { break }
                    plan = op == .greaterOrEqual ? (plan | valueAtLeast) & ~valueAbove : (plan | valueAbove) & ~valueAtLeast
                    chosen[3] = i
                    startSeen = true
                case .lessOrEqual, .lessThan:
                    guard plan & valueEqual == 0 else { break }
                    plan = op == .lessOrEqual ? (plan | valueAtMost) & ~valueBelow : (plan | valueBelow) & ~valueAtMost
                    chosen[4] = i
                default:
                    break
                }
                continue
            }
            let column = Int(constraint.column - startColumn)
            guard column <= 2 else { continue }
            let mask = Int32(1) << Int32(column)
            if column == 0 && op == .equal { startSeen = true }
            if !constraint.isUsable {
                unusableMask |= mask
            } else if op == .equal {
                plan |= mask
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
        if unusableMask & ~plan != 0 { throw TableValuedPlanError.unusablePlan }
        if plan & (start | stop) == start | stop {
            info.estimatedCost = plan & step != 0 ? 1 : 2
            info.estimatedRows = 1000
            if let first = info.orderBy.first, first.column == 0 {
                plan |= first.descending ? descending : ascending
                info.orderByConsumed = true
            }
        } else {
            info.estimatedRows = 2147483647
        }
        info.planNumber = plan
    }
}
