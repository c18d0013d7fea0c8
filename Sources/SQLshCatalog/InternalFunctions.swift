import SQLshCore

/// Functions under internal names that sqlsh's own rewritten statements call: `summarize`'s
/// aggregates (see ``ColumnSummary``) and the field reader of their results. The catalog
/// registers one when a statement names it, whatever the packs' state (`.disable duckdb`,
/// `.disable stats`, `-nofunctions`), and lists it nowhere: no pack holds it, so no listing,
/// `.describe` or man page shows it.
public enum InternalFunctions {
    /// `summarize`'s distinct-count estimate of a text column (HyperLogLog, as
    /// `approx_count_distinct`).
    public static let approxUnique = "sqlsh_summarize_approx_unique"
    /// `summarize`'s statistics of a column of numbers, `sqlsh_summarize_numbers(v)`: a record
    /// of the distinct count, mean, standard deviation and quartiles of `v`'s integers and reals.
    public static let numberSummary = "sqlsh_summarize_numbers"
    /// `summarize`'s statistics of a column of ISO dates or times,
    /// `sqlsh_summarize_dates(v, julianday(v))`: as ``numberSummary`` over the Julian days
    /// (no standard deviation).
    public static let dateSummary = "sqlsh_summarize_dates"
    /// `sqlsh_summarize_field(record, i)`: field `i` of a summary record (0 the distinct count,
    /// 1 the mean, 2 the standard deviation, 3 to 5 the quartiles).
    public static let summaryField = "sqlsh_summarize_field"

    /// Registers the functions of an internal name (any case) on `connection`: true when
    /// registered, false when SQLite refused them, nil for other names.
    static func register(named name: String, on connection: Connection) -> Bool? {
        let name = name.lowercased()
        let function: SQLFunction, entry: DirectEntry?
        switch name {
        case approxUnique:
            function = SQLFunction(approxUnique, argumentCount: 1, options: .pure, aggregate: ApproxCountDistinct.self)
            entry = DirectEntry(approxUnique, argumentCount: 1, Callbacks.approxUnique)
        case numberSummary:
            function = SQLFunction(numberSummary, argumentCount: 1, options: .pure, aggregate: ColumnSummary<NumberColumn>.self)
            entry = DirectEntry(numberSummary, argumentCount: 1, Callbacks.numbers)
        case dateSummary:
            function = SQLFunction(dateSummary, argumentCount: 2, options: .pure, aggregate: ColumnSummary<DateColumn>.self)
            entry = DirectEntry(dateSummary, argumentCount: 2, Callbacks.dates)
        case summaryField:
            function = SQLFunction(summaryField, argumentCount: 2, options: .pure, SummaryRecord.fieldFunction)
            entry = nil
        default:
            return nil
        }
        do {
            if let entry {
                let signature = DeferredSignature(name, argumentCount: function.argumentCount, kind: .aggregate, options: .pure)
                try connection.add(deferred: [signature], direct: [entry]) { _ in function }
            } else {
                try connection.add(function)
            }
            return true
        } catch {
            return false
        }
    }
}

/// The C entries of `summarize`'s internal aggregates (SQLite calls them without a closure in
/// between, as the packs' aggregates).
private enum Callbacks {
    static let approxUnique = DirectEntry.AggregateCallbacks(
        step: { DirectCall.step(ApproxCountDistinct.self, $0, $1, $2) },
        final: { DirectCall.final(ApproxCountDistinct.self, $0) })
    static let numbers = DirectEntry.AggregateCallbacks(
        step: { DirectCall.step(ColumnSummary<NumberColumn>.self, $0, $1, $2) },
        final: { DirectCall.final(ColumnSummary<NumberColumn>.self, $0) })
    static let dates = DirectEntry.AggregateCallbacks(
        step: { DirectCall.step(ColumnSummary<DateColumn>.self, $0, $1, $2) },
        final: { DirectCall.final(ColumnSummary<DateColumn>.self, $0) })
}
