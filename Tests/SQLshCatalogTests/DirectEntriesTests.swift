import Testing
@testable import SQLshCatalog
import SQLshCore
import TestSupport

/// The packs' C entries (``DirectEntry``) stand for their functions: each runs a signature its
/// pack registers, and answers as the function the pack makes for it does (values, types,
/// NULLs, errors and their messages).
struct DirectEntriesTests {
    /// Each entry runs one signature of its pack, and they come in the signatures' order (the
    /// registration compares a signature with the next entry only: one out of order is lost).
    @Test func everyEntryRunsOneSignatureOfItsPackInOrder() throws {
        var count = 0
        for (pack, entry) in BuiltInPacks.all.enumerated() {
            let signatures = BuiltInPacks.signatures[pack]
            var previous = -1
            for direct in entry.direct() {
                let matches = signatures.indices.filter {
                    let signature = signatures[$0]
                    return signature.name == direct.name && signature.argumentCount == direct.argumentCount
                        && signature.kind == direct.kind && !signature.options.contains(.directOnly)
                }
                #expect(matches.count == 1, "\(entry.name): \(direct.name)/\(direct.argumentCount ?? -1)")
                if let index = matches.first {
                    #expect(index > previous, "\(entry.name): \(direct.name) is out of the signatures' order")
                    previous = index
                }
                count += 1
            }
        }
        #expect(count >= StatsDirectEntries.all.count + DuckDBDirectEntries.all.count + MathEntries.all.count + TimeEntries.all.count)
    }

    /// A catalog connection whose functions with entries are registered again as the
    /// `SQLFunction`s their packs make (the path a made pack takes), replacing the entries.
    func functionConnection() throws -> Connection {
        let db = try catalogConnection()
        for (pack, entry) in BuiltInPacks.all.enumerated() {
            let direct = entry.direct()
            for (index, signature) in BuiltInPacks.signatures[pack].enumerated()
            where direct.contains(where: { $0.name == signature.name && $0.argumentCount == signature.argumentCount }) {
                try db.add(try #require(BuiltInSignature.make(pack: pack, index: index)))
            }
        }
        return db
    }

    /// The rows of a query with reals as their bits, or its error message.
    func answer(_ db: Connection, _ sql: String) -> String {
        do {
            return "\(try rows(db, sql).map { $0.map(\.bitDescription) })"
        } catch let error as SQLiteError {
            return "error \(error.code): \(error.message)"
        } catch {
            return "error \(error)"
        }
    }

    @Test func theScalarEntriesAnswerAsTheirFunctions() throws {
        let direct = try catalogConnection()
        let functions = try functionConnection()
        let values = ["null", "0", "1", "-1", "2", "0.5", "-0.5", "1e308", "-1e308", "9223372036854775807",
                      "-9223372036854775808", "'2.5'", "' 3 '", "'abc'", "''", "x'3132'", "4.7", "-4.5", "1e-320",
                      "9e999", "-9e999", "100", "'héllo wörld'", "x''", "zeroblob(13)",
                      "time_unix(1321631795, 666777888)", "time_date(-5000, 1, 1)", "time_date(2262, 4, 12)",
                      "time_date(2021, 1, 1)", "time_unix(-1, 999999999)"]
        let seconds = ["null", "0", "2", "-3", "0.5", "'1.5'", "'z'", "1e308", "time_unix(0)"]
        var scalars = 0
        for entry in BuiltInPacks.all.flatMap({ $0.direct() }) where entry.kind == .scalar {
            scalars += 1
            let count = entry.argumentCount ?? 1
            let calls: [String] = count == 1 ? values.map { "\(entry.name)(\($0))" }
                : values.flatMap { x in seconds.map { "\(entry.name)(\(x), \($0))" } }
            for call in calls {
                let query = "select \(call), typeof(\(call))"
                #expect(answer(direct, query) == answer(functions, query), "\(query)")
            }
        }
        #expect(scalars >= MathEntries.all.count + TimeEntries.all.count)
    }

    /// Every aggregate of the catalog has an entry (the C path is the only one its calls take
    /// until a listing or `.enable` makes its pack).
    @Test func everyAggregateHasAnEntry() {
        for (pack, entry) in BuiltInPacks.all.enumerated() {
            let direct = entry.direct()
            for signature in BuiltInPacks.signatures[pack]
            where signature.kind != .scalar && !signature.options.contains(.directOnly) {
                let found = direct.contains {
                    $0.name == signature.name && $0.argumentCount == signature.argumentCount && $0.kind == signature.kind
                }
                #expect(found, "\(entry.name): \(signature.name)/\(signature.argumentCount ?? -1)")
            }
        }
    }

    @Test func theAggregatesAnswerAsTheirFunctions() throws {
        let direct = try catalogConnection()
        let functions = try functionConnection()
        let tables = [
            "values (1, 2), (2, 3), (4, 1), (4, 4), (5, 9), (7, 2), (9, 0), (null, 1)",
            "values (null, null)",
            "values (2.5, 1)",
            "values ('12', 1), ('abc', 2), (x'3132', 3), (3, null), (-7.25, 5)",
            "values (9223372036854775807, 1), (-9223372036854775808, 2), (1e16, 3), (1, 4), (2, 5), (1e300, 6), (3, 7)",
            "values (1e-300, 1), (3e-320, 2), (0.0, 3), (-0.0, 4), (1e200, 5)",
            "values (0, 1), (0, 1), (1, 0), (-1, 1)",
            "select 1, 1 where 0",
        ]
        var random = SplitMix64(seed: 34)
        let randomValues = (0..<200).map { _ in
            "(\(Double(Int64(bitPattern: random.next()) % 2_000_000) / 1000), \(Int64(bitPattern: random.next()) % 100))"
        }
        let aggregates = BuiltInPacks.all.flatMap { $0.direct() }.filter { $0.kind != .scalar }
        for (round, table) in (tables + ["values " + randomValues.joined(separator: ", ")]).enumerated() {
            for db in [direct, functions] {
                try db.execute("drop table if exists t; create table t(i integer primary key, x, y); insert into t(x, y) \(table)")
            }
            for entry in aggregates {
                // Two-argument aggregates with a second column and with a constant (percentiles
                // and quantiles refuse a varying level: the error is compared too).
                let calls = entry.argumentCount == 2 ? ["\(entry.name)(x, y)", "\(entry.name)(x, 0.5)", "\(entry.name)(y, x)"]
                    : ["\(entry.name)(x)"]
                for call in calls {
                    for query in ["select \(call) from t",
                                  "select \(call) from t group by i % 3 order by i % 3",
                                  "select \(call) over (order by i rows between 2 preceding and current row) from t order by i",
                                  "select \(call) over (order by i) from t order by i"] {
                        #expect(answer(direct, query) == answer(functions, query), "round \(round): \(query)")
                    }
                }
            }
        }
        // Wrong argument counts are SQLite's errors, the same in both.
        #expect(answer(direct, "select stddev(1, 2)") == answer(functions, "select stddev(1, 2)"))
    }
}

private extension SQLValue {
    /// The value with a real's exact bits, so that results are compared bit for bit.
    var bitDescription: String {
        if case .real(let x) = self { return "real \(x.bitPattern)" }
        return "\(self)"
    }
}
