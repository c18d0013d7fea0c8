// sqlsh-function-bench: the per-call cost of sqlsh's SQL function API, against plain
// @convention(c) callbacks registered with the raw C API and against GRDB 7.10.0.
//
// Usage: sqlsh-function-bench [--functions-only | --records-only] [rows] [runs]
//        (defaults: 1000000 rows, best of 7 runs; the records part reads a tenth as many rows)
//
// Every figure is nanoseconds per row for a one-row query over the whole table, timed the same
// way for every implementation (raw sqlite3_step on the connection's handle). "Overhead" is
// the figure minus a baseline query that does the same work without the custom function
// (`sum(x)` for numbers, `sum(length(s))` for strings), so it is the cost of the call itself.
// Then rows decoded into a struct (Records.swift): sqlsh's Decodable records against GRDB's
// and against hand-written column reads, in µs per row.
import GRDB
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@_spi(RawSQLite) import SQLshCore

var arguments = CommandLine.arguments
// `--functions-only` and `--records-only` run one part (for before/after comparisons).
let functionsOnly = arguments.contains("--functions-only")
let recordsOnly = arguments.contains("--records-only")
arguments.removeAll { $0 == "--functions-only" || $0 == "--records-only" }
// `sqlsh-function-bench --profile SQL` runs one query 20 times on the sqlsh connection, for a
// profiler (perf record); the SQL may use any function of the table below.
var profileSQL: String?
if arguments.count > 2, arguments[1] == "--profile" {
    profileSQL = arguments[2]
    arguments.removeSubrange(1...2)
}
let rows = arguments.count > 1 ? Int(arguments[1]) ?? 1_000_000 : 1_000_000
let runs = arguments.count > 2 ? Int(arguments[2]) ?? 7 : 7

// One connection holds the raw C and sqlsh functions; GRDB has its own, with the same table.
let connection: Connection
do {
    connection = try Connection()
    try registerSQLshFunctions(connection)
} catch {
    fail("\(error)")
}
registerRawCFunctions(connection.handle)
if !recordsOnly { createTable(connection.handle, rows: rows) }

let grdb: DatabaseQueue
do {
    grdb = try DatabaseQueue()
    grdb.inDatabase { db in
        registerGRDBFunctions(db)
        guard let handle = db.sqliteConnection else { fail("GRDB connection has no handle") }
        if !recordsOnly { createTable(handle, rows: rows) }
    }
} catch {
    fail("\(error)")
}

if let profileSQL {
    let query = TimedQuery(connection.handle, profileSQL)
    for _ in 0..<20 { query.run() }
    print("\(profileSQL): \(format(query.nanosecondsPerRow(rows: rows))) ns/row")
    exit(0)
}

struct Implementation {
    var label: String
    var function: String
    var onGRDB = false
    var isSQLsh: Bool { !function.hasPrefix("c_") && !onGRDB }
}

struct Case {
    var title: String
    var baseline: String
    var query: (String) -> String
    var goal: Double // ns per call over the raw C function
    var implementations: [Implementation]
}

let cases = [
    Case(title: "identity on a number", baseline: "select sum(x) from t", query: { "select sum(\($0)(x)) from t" }, goal: 15,
         implementations: [
            Implementation(label: "raw C API (@convention(c))", function: "c_id"),
            Implementation(label: "sqlsh closure writing result", function: "w_id"),
            Implementation(label: "sqlsh ScalarFunction -> Int64", function: "t_id"),
            Implementation(label: "sqlsh closure -> Int64", function: "v_id"),
            Implementation(label: "sqlsh closure -> any (boxed)", function: "e_id"),
            Implementation(label: "GRDB DatabaseFunction", function: "g_id", onGRDB: true),
         ]),
    Case(title: "identity on a short string", baseline: "select sum(length(s)) from t",
         query: { "select sum(length(\($0)(s))) from t" }, goal: 30,
         implementations: [
            Implementation(label: "raw C API (@convention(c))", function: "c_idtext"),
            Implementation(label: "sqlsh closure writing bytes", function: "w_idtext"),
            Implementation(label: "sqlsh ScalarFunction -> String", function: "t_idtext"),
            Implementation(label: "sqlsh closure -> String", function: "v_idtext"),
            Implementation(label: "sqlsh closure -> any (boxed)", function: "e_idtext"),
            Implementation(label: "GRDB DatabaseFunction", function: "g_idtext", onGRDB: true),
         ]),
    Case(title: "byte-wise reverse", baseline: "select sum(length(s)) from t",
         query: { "select sum(length(\($0)(s))) from t" }, goal: 30,
         implementations: [
            Implementation(label: "raw C API (@convention(c))", function: "c_reverse"),
            Implementation(label: "sqlsh closure writing bytes", function: "w_reverse"),
            Implementation(label: "sqlsh ScalarFunction -> String", function: "t_reverse"),
            Implementation(label: "sqlsh closure -> String", function: "v_reverse"),
            Implementation(label: "sqlsh closure -> any (boxed)", function: "e_reverse"),
            Implementation(label: "GRDB DatabaseFunction", function: "g_reverse", onGRDB: true),
         ]),
    Case(title: "median aggregate", baseline: "select sum(x) from t", query: { "select \($0)(x) from t" }, goal: 15,
         implementations: [
            Implementation(label: "raw C API (@convention(c))", function: "c_median"),
            Implementation(label: "sqlsh Aggregate type", function: "s_median"),
            Implementation(label: "GRDB DatabaseAggregate", function: "g_median", onGRDB: true),
         ]),
]

/// Times the queries in turns (one run of each, `runs` times) so that moments when the shared
/// machine is busy hit all of them alike; each keeps its fastest run.
func measure(_ queries: [(sql: String, onGRDB: Bool)]) -> [(ns: Double, check: String)] {
    grdb.inDatabase { db in
        let grdbHandle = db.sqliteConnection!
        let timed = queries.map { TimedQuery($0.onGRDB ? grdbHandle : connection.handle, $0.sql) }
        for query in timed { query.run() } // warm-up
        for _ in 0..<runs {
            for query in timed { query.run() }
        }
        return timed.map { ($0.nanosecondsPerRow(rows: rows), firstValue($0.db, $0.sql)) }
    }
}

func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
    let n = text.count
    if n >= width { return text }
    let fill = String(repeating: " ", count: width - n)
    return right ? fill + text : text + fill
}

func format(_ x: Double, _ digits: Int = 1) -> String {
    var buffer = [CChar](repeating: 0, count: 32)
    _ = withVaList([x]) { vsnprintf(&buffer, 32, "%.\(digits)f", $0) }
    return String(cString: buffer)
}

if recordsOnly {
    measureRecords(sqlsh: connection, grdb: grdb, rows: max(rows / 10, 1), runs: runs)
    exit(0)
}

print("sqlsh function API benchmark: \(rows) rows, best of \(runs) runs, ns per row")
print("(thread CPU time; overhead = ns/row minus the baseline query; Δ raw C = ns/row minus the raw C function's)")
var verdicts: [String] = []
for c in cases {
    let queries = [(c.baseline, false), (c.baseline, true)] + c.implementations.map { (c.query($0.function), $0.onGRDB) }
    let measured = measure(queries)
    let baseline = measured[0].ns
    let grdbBaseline = measured[1].ns
    print("")
    print("\(c.title): baseline `\(c.baseline)` \(format(baseline)) ns/row (GRDB connection: \(format(grdbBaseline)))")
    print("  " + pad("implementation", 32) + pad("ns/row", 10, right: true) + pad("overhead", 10, right: true)
          + pad("Δ raw C", 10, right: true) + pad("x raw C", 9, right: true))
    var results: [(Implementation, Double, Double)] = []
    var checks: Set<String> = []
    for (implementation, (ns, check)) in zip(c.implementations, measured.dropFirst(2)) {
        checks.insert(check)
        let overhead = ns - (implementation.onGRDB ? grdbBaseline : baseline)
        results.append((implementation, ns, overhead))
    }
    if checks.count != 1 { fail("\(c.title): implementations disagree: \(checks.sorted())") }
    let raw = results[0]
    for (implementation, ns, overhead) in results {
        let delta = overhead - raw.2
        let ratio = raw.2 > 0.5 ? format(overhead / raw.2, 2) + "x" : "-"
        print("  " + pad(implementation.label, 32) + pad(format(ns), 10, right: true) + pad(format(overhead), 10, right: true)
              + pad(implementation.function == raw.0.function ? "-" : (delta >= 0 ? "+" : "") + format(delta), 10, right: true)
              + pad(ratio, 9, right: true))
    }
    let grdbDelta = results.last!.2 - raw.2
    for (implementation, _, overhead) in results where implementation.isSQLsh {
        let delta = overhead - raw.2
        let vsGRDB = grdbDelta / max(delta, 0.5)
        let deltaOK = delta <= c.goal
        let grdbOK = vsGRDB >= 5
        verdicts.append(pad("\(c.title), \(implementation.label)", 62)
                        + " \(deltaOK ? "PASS" : "MISS") +\(format(max(delta, 0))) ns/call over raw C (goal <= \(Int(c.goal)))"
                        + "; GRDB's is \(format(vsGRDB))x that \(grdbOK ? "PASS" : "MISS")")
    }
    print("  GRDB costs \(format(grdbDelta)) ns/call more than the raw C function.")
}
print("")
print("Goals: within 15 ns/call of raw C for numbers, 30 ns for strings; GRDB's cost over raw C at least 5x sqlsh's.")
for verdict in verdicts { print("  " + verdict) }

if !functionsOnly {
    measureRecords(sqlsh: connection, grdb: grdb, rows: max(rows / 10, 1), runs: runs)
}
