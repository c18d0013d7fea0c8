import CSQLite
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// CPU time of this thread in nanoseconds: time spent waiting while other processes run on a
/// shared machine is not counted, which makes the figures far steadier than wall-clock time.
func now() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// A query prepared on a raw connection, timed through plain sqlite3_step: every
/// implementation is measured the same way.
final class TimedQuery {
    let statement: OpaquePointer
    let db: OpaquePointer
    let sql: String
    private(set) var best = UInt64.max

    init(_ db: OpaquePointer, _ sql: String) {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            fail("cannot prepare \(sql): \(String(cString: sqlite3_errmsg(db)))")
        }
        self.statement = statement
        self.db = db
        self.sql = sql
    }

    deinit { sqlite3_finalize(statement) }

    /// Runs the query once, keeping the fastest time seen.
    func run() {
        let start = now()
        while true {
            let rc = sqlite3_step(statement)
            if rc == SQLITE_DONE { break }
            if rc != SQLITE_ROW { fail("\(sql): \(String(cString: sqlite3_errmsg(db)))") }
        }
        best = min(best, now() - start)
        sqlite3_reset(statement)
    }

    func nanosecondsPerRow(rows: Int) -> Double { Double(best) / Double(rows) }
}

/// The first column of a one-row query, as text, to check that implementations agree.
func firstValue(_ db: OpaquePointer, _ sql: String) -> String {
    var statement: OpaquePointer?
    guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
        fail("cannot prepare \(sql): \(String(cString: sqlite3_errmsg(db)))")
    }
    defer { sqlite3_finalize(statement) }
    guard sqlite3_step(statement) == SQLITE_ROW else { fail("\(sql): \(String(cString: sqlite3_errmsg(db)))") }
    return sqlite3_column_text(statement, 0).map { String(cString: $0) } ?? "NULL"
}

func execute(_ db: OpaquePointer, _ sql: String) {
    var message: UnsafeMutablePointer<CChar>?
    if sqlite3_exec(db, sql, nil, nil, &message) != SQLITE_OK {
        fail("\(sql): \(message.map { String(cString: $0) } ?? "?")")
    }
}

func fail(_ message: String) -> Never {
    fputs("sqlsh-function-bench: \(message)\n", stderr)
    exit(1)
}

/// The test table: `x` integers and `s` ASCII strings of 10 to 40 characters, the same on
/// every connection.
func createTable(_ db: OpaquePointer, rows: Int) {
    execute(db, """
        create table t(x integer, s text);
        with recursive c(i) as (select 1 union all select i + 1 from c where i < \(rows))
        insert into t
        select (i * 2654435761) % 1000003,
               substr('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-abcdefghijklmnop',
                      1 + (i * 7) % 26, 10 + (i * 13) % 31)
        from c;
        """)
}
