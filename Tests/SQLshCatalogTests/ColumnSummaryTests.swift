#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import SQLshCatalog
import SQLshCore
import Testing

/// `summarize`'s one-step-per-row aggregates (`sqlsh_summarize_numbers`, `_dates`) give the
/// same values as the functions they replace: `approx_count_distinct`, SQLite's `avg`,
/// `stddev` and `quantile_cont(x, '[0.25,0.5,0.75]')`.
@Suite struct ColumnSummaryTests {
    static let numbers = InternalFunctions.numberSummary
    static let dates = InternalFunctions.dateSummary
    static let field = InternalFunctions.summaryField

    /// The six fields of `sqlsh_summarize_numbers(a)` over `source`, and the reference values
    /// from the replaced functions over the same rows.
    func compare(_ db: Connection, _ source: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let record = "(select \(Self.numbers)(a) as r from \(source))"
        let got = try rows(db, "select " + (0..<6).map { "\(Self.field)(r, \($0))" }.joined(separator: ", ") + " from \(record)")[0]
        let x = "case when a >= -9e999 and a <= 9e999 then a end"
        let quartiles = "quantile_cont(\(x), '[0.25,0.5,0.75]')"
        let want = try rows(db, """
            select approx_count_distinct(a), avg(\(x)), stddev(\(x)), q ->> '$[0]', q ->> '$[1]', q ->> '$[2]' \
            from (select a, \(quartiles) over () as q from \(source)) union all select 0, null, null, null, null, null limit 1
            """)[0]
        #expect(got == want, "\(source)", sourceLocation: sourceLocation)
    }

    @Test func numbersAgreeWithTheReplacedFunctions() throws {
        let db = try catalogConnection()
        try db.execute("""
            create table t(a);
            insert into t select case value % 9 when 0 then 'text ' || (value % 50) when 1 then null
                when 2 then value * 1.25 when 3 then x'00ff' || value when 4 then -value * 7919 % 10007
                when 5 then 1e300 * value when 6 then -0.0 else value % 613 end from generate_series(1, 30000);
            create table ints(a integer); insert into ints values (9223372036854775807), (-9223372036854775808), (0), (3);
            create table reals(a real); insert into reals values (1e308), (1e308), (-1e308), (5e-324), (0.1), (0.2);
            create table one(a); insert into one values (42);
            create table texts(a); insert into texts values ('1'), ('b'), (null);
            create table blobs(a blob); insert into blobs values (x''), (x'01'), (2.5);
            create table empty(a int);
            create table nulls(a); insert into nulls values (null), (null);
            """)
        for source in ["t", "ints", "reals", "one", "texts", "blobs", "nulls", "(select * from t where rowid % 7 = 1)",
                       "(select * from t order by a desc)", "(select * from t where typeof(a) = 'integer')"] {
            try compare(db, source)
        }
        // No rows: the distinct count 0, the rest NULL.
        let empty = try rows(db, "select " + (0..<6).map { "\(Self.field)(r, \($0))" }.joined(separator: ", ")
                             + " from (select \(Self.numbers)(a) as r from empty)")[0]
        #expect(empty == [.integer(0), .null, .null, .null, .null, .null])
        let one = try rows(db, "select \(Self.field)(r, 1), \(Self.field)(r, 2), \(Self.field)(r, 4) from (select \(Self.numbers)(a) as r from one)")[0]
        #expect(one == [.real(42), .null, .real(42)])
    }

    @Test func datesTakeTheirNumbersFromTheSecondArgument() throws {
        let db = try catalogConnection()
        try db.execute("""
            create table d(a date);
            insert into d select date('2000-01-01', '+' || (value * 37 % 4000) || ' days') from generate_series(1, 5000);
            insert into d values (null), ('not a date'), (x'00');
            """)
        let got = try rows(db, "select " + (0..<6).map { "\(Self.field)(r, \($0))" }.joined(separator: ", ")
                           + " from (select \(Self.dates)(a, julianday(a)) as r from d)")[0]
        let want = try rows(db, """
            select approx_count_distinct(a), avg(julianday(a)), null, q ->> '$[0]', q ->> '$[1]', q ->> '$[2]' \
            from (select a, quantile_cont(julianday(a), '[0.25,0.5,0.75]') over () as q from d) limit 1
            """)[0]
        #expect(got == want)
    }

    @Test func badInputIsAnError() throws {
        let db = try catalogConnection()
        #expect(errorMessage(db, "select \(Self.numbers)(column1) from (values (1), (9e999))") == "quantile_cont(): Inf input")
        #expect(errorMessage(db, "select \(Self.numbers)(column1) from (values (1), (-9e999))") == "quantile_cont(): Inf input")
        // Inf text is text: left out.
        #expect(errorMessage(db, "select \(Self.numbers)(column1) from (values ('Inf'), ('NaN'))") == nil)
        let bad = "\(Self.field)(): not a summary record and field number"
        #expect(errorMessage(db, "select \(Self.field)(x'00', 0)") == bad)
        #expect(errorMessage(db, "select \(Self.field)(null, null)") == bad)
        #expect(errorMessage(db, "select \(Self.field)(\(Self.numbers)(1), 6)") == bad)
        #expect(errorMessage(db, "select \(Self.field)(\(Self.numbers)(1), -1)") == bad)
        #expect(errorMessage(db, "select \(Self.field)(\(Self.numbers)(1), '1')") == bad)
        #expect(errorMessage(db, "select \(Self.numbers)()")?.hasPrefix("wrong number of arguments") == true)
        #expect(errorMessage(db, "select \(Self.dates)(1)")?.hasPrefix("wrong number of arguments") == true)
    }

    /// The sketch counts as the `Set` and HyperLogLog it replaced: exact up to 4,096 hashes,
    /// the same registers after.
    @Test func sketchMatchesASetThenHyperLogLog() {
        var generator = SystemRandomNumberGenerator()
        for count in [0, 1, 2, 100, 4096, 4097, 5000, 60000] {
            var sketch = DistinctSketch()
            var hashes: [UInt64] = [0]
            for _ in 0..<count { hashes.append(generator.next()) }
            var seen = Set<UInt64>()
            var registers: [UInt8] = []
            for i in 0..<(count * 2) {
                let h = hashes[i % max(count, 1)]
                sketch.add(hash: h)
                if registers.isEmpty {
                    seen.insert(h)
                    if seen.count > DistinctSketch.exactLimit {
                        registers = Array(repeating: 0, count: 1 << DistinctSketch.precision)
                        for e in seen { Self.addToRegisters(e, &registers) }
                    }
                } else {
                    Self.addToRegisters(h, &registers)
                }
            }
            #expect(sketch.estimate == (registers.isEmpty ? Int64(seen.count) : Self.estimate(registers)), "\(count)")
        }
    }

    static func addToRegisters(_ h: UInt64, _ registers: inout [UInt8]) {
        let p = UInt64(DistinctSketch.precision)
        let index = Int(h >> (64 - p))
        let rank = UInt8(((h << p) | (1 << (p - 1))).leadingZeroBitCount + 1)
        registers[index] = max(registers[index], rank)
    }

    static func estimate(_ registers: [UInt8]) -> Int64 {
        let m = Double(registers.count)
        let sum = registers.reduce(0.0) { $0 + 1 / Double(UInt64(1) << UInt64($1)) }
        let zeros = registers.filter { $0 == 0 }.count
        var e = 0.7213 / (1 + 1.079 / m) * m * m / sum
        if e <= 2.5 * m, zeros > 0 { e = m * log(m / Double(zeros)) }
        return Int64(e.rounded())
    }

    /// Selection gives the values a sort puts at the ranks, for orders a naive pivot hates.
    @Test func orderStatisticsMatchASort() {
        var generator = SystemRandomNumberGenerator()
        var inputs: [[Double]] = [[], [1], [2, 1], Array(repeating: 7, count: 1000)]
        for n in [3, 17, 100, 1001, 20000] {
            inputs.append((0..<n).map { Double($0) })
            inputs.append((0..<n).map { Double(n - $0) })
            inputs.append((0..<n).map { Double(min($0, n - $0)) })  // organ pipe
            inputs.append((0..<n).map { _ in Double(Int.random(in: 0..<5, using: &generator)) })
            inputs.append((0..<n).map { _ in Double.random(in: -1e6...1e6, using: &generator) })
            inputs.append((0..<n).map { $0 % 2 == 0 ? -0.0 : 0.0 })
        }
        for input in inputs {
            let sorted = input.sorted()
            let n = input.count
            let ranks = n == 0 ? [] : [n - 1, 0, n / 2, n / 4, n / 4 + 1, (3 * n) / 4, n / 2, n / 2 + 1].map { min($0, n - 1) }
            var values = input
            let got = OrderStatistics.values(at: ranks, of: &values)
            #expect(got == ranks.map { sorted[$0] }, "\(n) values")
            #expect(values.sorted() == sorted)
        }
    }
}
