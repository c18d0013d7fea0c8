import SQLshCore

/// `generate_series(start[, stop[, step]])`, as SQLite 3.53's `ext/misc/series.c` behaves:
/// `stop` defaults to 4294967295, `step` to 1, a step of 0 gives no rows; a negative step counts down
/// from `start` to `stop` (`generate_series(10, 1, -3)` is 10, 7, 4, 1); the rowid is the
/// value; a NULL argument gives no rows. Constraints on `value` (`=`, `IS`, `<`, `<=`, `>`,
/// `>=`, also through the rowid) narrow the range before the scan,
/// so `WHERE value BETWEEN a AND b` costs only the rows it returns, and `ORDER BY value`
/// in either direction needs no sort.
struct GenerateSeries: TableValuedFunction {
    static let columns: [TableValuedColumn] = [
        .column("value"), .parameter("start"), .parameter("stop"), .parameter("step"),
    ]
    static var options: TableValuedOptions { .innocuous }

    func column(_ index: Int, into result: ResultContext) throws {
        switch index {
        case 1: result.set(range.originalStart)
        case 2: result.set(range.originalStop)
        case 3: result.set(range.originalStep)
        default: result.set(value)
        }
    }

    static func bestIndex(_ info: IndexInfo) throws {
        try SeriesPlan.choose(info)
    }

    private var range = SeriesRange()
    private var value: Int64 = 0
    private var isDone = true

    init() {}

    mutating func filter(_ arguments: FilterArguments) throws {
        range = SeriesRange()
        guard !arguments.contains(where: { $0.isNull }), range.setUp(plan: arguments.planNumber, arguments) else {
            range.base = 0
            isDone = true
            return
        }
        value = range.base
        isDone = false
    }

    var isAtEnd: Bool { isDone }

    mutating func next() throws {
        if value == range.term {
            isDone = true
        } else if range.isDescending {
            value = Int64(bitPattern: UInt64(bitPattern: value) &- range.step)
        } else {
            value = Int64(bitPattern: UInt64(bitPattern: value) &+ range.step)
        }
    }

    func rowid() throws -> Int64 { value }
}
