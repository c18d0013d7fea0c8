import SQLshCore

/// Which of a ``ColumnSummary``'s arguments its numbers come from, and whether it gives a
/// standard deviation.
protocol ColumnSummaryKind: SendableMetatype {
    /// The argument whose integers and reals make the mean, deviation and quartiles.
    static var numberArgument: Int { get }
    /// Whether the record has a standard deviation (else NULL there).
    static var standardDeviation: Bool { get }
}

/// A column of numbers: `sqlsh_summarize_numbers(v)`, the integers and reals of `v` itself.
enum NumberColumn: ColumnSummaryKind {
    static var numberArgument: Int { 0 }
    static var standardDeviation: Bool { true }
}

/// A column of ISO dates or times: `sqlsh_summarize_dates(v, julianday(v))`.
enum DateColumn: ColumnSummaryKind {
    static var numberArgument: Int { 1 }
    static var standardDeviation: Bool { false }
}

/// `summarize`'s statistics of one column in one aggregate step per row (but min, max and
/// count, which SQLite's own functions give: they know the column's collation): the distinct
/// count of the values of the first argument (as `approx_count_distinct`), and of the
/// integers and reals of the ``ColumnSummaryKind/numberArgument`` the mean (as SQLite's
/// `avg`: a plain sum of Doubles divided by the count), the sample standard deviation (as
/// `stddev`, exact sums) and the quartiles (as `quantile_cont(x, '[0.25,0.5,0.75]')`, found by
/// selection at the end instead of a sort).
///
/// The result is a ``SummaryRecord`` blob, read by `sqlsh_summarize_field(record, i)`. An
/// infinite number is an error, as `quantile_cont` makes it.
struct ColumnSummary<Kind: ColumnSummaryKind>: Aggregate {
    var distinct = DistinctSketch()
    /// The numbers: their plain sum (SQLite's `avg`), exact moments and the values.
    var sum = 0.0
    var moments = Moments<SampleStandardDeviation>()
    var numbers: [Double] = []
    static var finalizesEmptyInput: Bool { true }

    /// The fractions of the quartiles.
    static var quartiles: [Double] { [0.25, 0.5, 0.75] }

    @inline(__always)
    mutating func step(_ arguments: Arguments) throws {
        distinct.add(arguments[0])
        let x = arguments[Kind.numberArgument]
        switch x.storageType {
        case .integer, .real:
            let d = x.double
            guard d.isFinite else { throw DuckDBError("quantile_cont(): Inf input") }
            sum += d
            if Kind.standardDeviation { moments.sums.accumulate(d, sign: 1) }
            numbers.append(d)
        case .null, .text, .blob:
            return
        }
    }

    func finalize() throws -> (any SQLValueConvertible)? {
        var record = SummaryRecord()
        record.set(.integer(distinct.estimate), at: SummaryRecord.approxUnique)
        guard !numbers.isEmpty else { return record.bytes }
        record.set(.real(sum / Double(numbers.count)), at: SummaryRecord.mean)
        if Kind.standardDeviation, let std = try moments.finalize() as? Double {
            record.set(.real(std), at: SummaryRecord.standardDeviation)
        }
        // quantile_cont: linear interpolation at (n - 1)·q of the sorted values.
        let n = numbers.count
        var ranks: [Int] = []
        for q in Self.quartiles {
            let rn = Double(n - 1) * q
            ranks += [Int(rn.rounded(.down)), Int(rn.rounded(.up))]
        }
        var values = numbers
        let ranked = OrderStatistics.values(at: ranks, of: &values)
        for (i, q) in Self.quartiles.enumerated() {
            let rn = Double(n - 1) * q
            let (lo, hi) = (ranked[2 * i], ranked[2 * i + 1])
            let v = ranks[2 * i] == ranks[2 * i + 1] ? lo : lo + (rn - Double(ranks[2 * i])) * (hi - lo)
            record.set(.real(v), at: SummaryRecord.firstQuartile + i)
        }
        return record.bytes
    }
}
