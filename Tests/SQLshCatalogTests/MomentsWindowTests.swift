import SQLshCatalog
import SQLshCore
import Testing
import TestSupport

/// Variance and standard deviation over sliding window frames equal the plain aggregate of
/// the same rows, bit for bit, whatever passed through the frame before.
@Suite struct MomentsWindowTests {
    let db: Connection
    init() throws { db = try catalogConnection() }

    static let functions = ["variance", "var_pop", "stddev", "stddev_pop"]

    @Test func aHugeValueLeavingTheFrameLeavesNoTrace() throws {
        try db.execute("create table t(i integer primary key, x)")
        try db.execute("insert into t(x) values (9223372036854775807), (1), (2), (3), (4), (1e16), (0), (5), (10)")
        let window = try column(db, """
            select variance(x) over (order by i rows between 1 preceding and current row) from t order by i
            """)
        // Frames after the huge values: (1,2) (2,3) (3,4) ... (0,5) (5,10).
        #expect(window[2] == .real(0.5))
        #expect(window[3] == .real(0.5))
        #expect(window[4] == .real(0.5))
        #expect(window[7] == .real(12.5))
        #expect(window[8] == .real(12.5))
    }

    @Test func randomFramesMatchThePlainAggregate() throws {
        var random = SplitMix64(seed: 0x5EED)
        // Small integers, reals, values around 1e16 and the largest integer, and NULLs.
        func draw() -> String {
            switch random.next() % 8 {
            case 0: return "9223372036854775807"
            case 1: return "-9223372036854775808"
            case 2: return "1e16"
            case 3: return "\(Double(Int64(bitPattern: random.next()) % 1_000_000) / 1000)"
            case 4: return "null"
            case 5: return "\(1e16 + Double(random.next() % 100))"
            default: return "\(Int(random.next() % 21) - 10)"
            }
        }
        for round in 0..<40 {
            try db.execute("drop table if exists t; create table t(i integer primary key, x)")
            let rowCount = 5 + Int(random.next() % 20)
            let values = (0..<rowCount).map { _ in "(\(draw()))" }.joined(separator: ", ")
            try db.execute("insert into t(x) values \(values)")
            let preceding = Int(random.next() % 5), following = Int(random.next() % 3)
            for function in Self.functions {
                let window = try column(db, """
                    select \(function)(x) over (order by i rows between \(preceding) preceding and \(following) following)
                    from t order by i
                    """)
                let plain = try column(db, """
                    select (select \(function)(x) from t as f where f.i between t.i - \(preceding) and t.i + \(following))
                    from t order by i
                    """)
                #expect(window == plain, "round \(round), \(function), rows \(preceding) preceding \(following) following: \(values)")
            }
        }
    }

    @Test func exactSumsKeepSmallDifferencesBetweenHugeValues() throws {
        #expect(try value(db, "select var_pop(column1) from (values (1e16), (1e16 + 2), (1e16 + 4))") == .real(8.0 / 3.0))
        #expect(try value(db, "select variance(column1) from (values (1e16), (1e16), (1e16))") == .real(0))
        #expect(try value(db, "select variance(column1) from (values (1e200), (0))") == .real(.infinity))
    }
}
