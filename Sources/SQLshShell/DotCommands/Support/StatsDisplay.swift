import SQLshCore
import CSQLite
import Glibc

/// sqlite3's `display_stats`: memory, connection and statement counters, and on Linux the
/// process's I/O counters from `/proc/self/io`, in sqlite3's layout.
enum StatsDisplay {
    /// `.stats on` (1), `.stats stmt` (2, with the result columns), `.stats vmstep` (3, the
    /// virtual-machine step count only).
    static func hook(level: Int) -> (Shell, Statement) -> Void {
        { shell, statement in show(shell, statement: statement, level: level) }
    }

    static func show(_ shell: Shell, statement: Statement?, level: Int) {
        let out = shell.out
        func line(_ label: String, _ value: String) {
            out.write(label + String(repeating: " ", count: max(0, 36 - label.utf8.count)) + " " + value + "\n")
        }
        if let statement, level == 2 {
            let stmt = statement.handle
            let count = statement.columnCount
            line("Number of output columns:", "\(count)")
            func text(_ p: UnsafePointer<CChar>?) -> String { p.map { String(cString: $0) } ?? "(null)" }
            for i in 0..<count {
                let c = Int32(i)
                line("Column \(i) name:", text(sqlite3_column_name(stmt, c)))
                line("Column \(i) declared type:", text(sqlite3_column_decltype(stmt, c)))
                line("Column \(i) database name:", text(sqlite3_column_database_name(stmt, c)))
                line("Column \(i) table name:", text(sqlite3_column_table_name(stmt, c)))
                line("Column \(i) origin name:", text(sqlite3_column_origin_name(stmt, c)))
            }
        }
        if level == 3 {
            if let statement {
                out.write("VM-steps: \(sqlite3_stmt_status(statement.handle, SQLITE_STMTSTATUS_VM_STEP, 0))\n")
            }
            return
        }
        func status(_ label: String, _ op: Int32, _ format: (Int64, Int64) -> String) {
            var current: Int64 = -1, highwater: Int64 = -1
            sqlite3_status64(op, &current, &highwater, 0)
            line(label, format(current, highwater))
        }
        status("Memory Used:", SQLITE_STATUS_MEMORY_USED) { "\($0) (max \($1)) bytes" }
        status("Number of Outstanding Allocations:", SQLITE_STATUS_MALLOC_COUNT) { "\($0) (max \($1))" }
        status("Number of Pcache Overflow Bytes:", SQLITE_STATUS_PAGECACHE_OVERFLOW) { "\($0) (max \($1)) bytes" }
        status("Largest Allocation:", SQLITE_STATUS_MALLOC_SIZE) { "\($1) bytes" }
        status("Largest Pcache Allocation:", SQLITE_STATUS_PAGECACHE_SIZE) { "\($1) bytes" }
        if shell.isDatabaseOpen {
            let db = shell.connection.handle
            func dbStatus(_ op: Int32, reset: Bool = false) -> (Int32, Int32) {
                var current: Int32 = -1, highwater: Int32 = -1
                sqlite3_db_status(db, op, &current, &highwater, reset ? 1 : 0)
                return (current, highwater)
            }
            let lookaside = dbStatus(SQLITE_DBSTATUS_LOOKASIDE_USED)
            line("Lookaside Slots Used:", "\(lookaside.0) (max \(lookaside.1))")
            line("Successful lookaside attempts:", "\(dbStatus(SQLITE_DBSTATUS_LOOKASIDE_HIT).1)")
            line("Lookaside failures due to size:", "\(dbStatus(SQLITE_DBSTATUS_LOOKASIDE_MISS_SIZE).1)")
            line("Lookaside failures due to OOM:", "\(dbStatus(SQLITE_DBSTATUS_LOOKASIDE_MISS_FULL).1)")
            line("Pager Heap Usage:", "\(dbStatus(SQLITE_DBSTATUS_CACHE_USED).0) bytes")
            line("Page cache hits:", "\(dbStatus(SQLITE_DBSTATUS_CACHE_HIT, reset: true).0)")
            line("Page cache misses:", "\(dbStatus(SQLITE_DBSTATUS_CACHE_MISS, reset: true).0)")
            line("Page cache writes:", "\(dbStatus(SQLITE_DBSTATUS_CACHE_WRITE, reset: true).0)")
            line("Page cache spills:", "\(dbStatus(SQLITE_DBSTATUS_CACHE_SPILL, reset: true).0)")
            line("Schema Heap Usage:", "\(dbStatus(SQLITE_DBSTATUS_SCHEMA_USED).0) bytes")
            line("Statement Heap/Lookaside Usage:", "\(dbStatus(SQLITE_DBSTATUS_STMT_USED).0) bytes")
        }
        if let statement {
            let stmt = statement.handle
            func counter(_ op: Int32) -> Int32 { sqlite3_stmt_status(stmt, op, 0) }
            line("Fullscan Steps:", "\(counter(SQLITE_STMTSTATUS_FULLSCAN_STEP))")
            line("Sort Operations:", "\(counter(SQLITE_STMTSTATUS_SORT))")
            line("Autoindex Inserts:", "\(counter(SQLITE_STMTSTATUS_AUTOINDEX))")
            let hit = counter(SQLITE_STMTSTATUS_FILTER_HIT), miss = counter(SQLITE_STMTSTATUS_FILTER_MISS)
            if hit != 0 || miss != 0 { line("Bloom filter bypass taken:", "\(hit)/\(hit + miss)") }
            line("Virtual Machine Steps:", "\(counter(SQLITE_STMTSTATUS_VM_STEP))")
            line("Reprepare operations:", "\(counter(SQLITE_STMTSTATUS_REPREPARE))")
            line("Number of times run:", "\(counter(SQLITE_STMTSTATUS_RUN))")
            line("Memory used by prepared stmt:", "\(counter(SQLITE_STMTSTATUS_MEMUSED))")
        }
        linuxIOStatistics(line)
    }

    /// `/proc/self/io`, translated as sqlite3's `displayLinuxIoStats` does.
    private static func linuxIOStatistics(_ line: (String, String) -> Void) {
        let fd = open("/proc/self/io", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1024)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            bytes += chunk[0..<n]
        }
        let names: [(String, String)] = [
            ("rchar: ", "Bytes received by read():"), ("wchar: ", "Bytes sent to write():"),
            ("syscr: ", "Read() system calls:"), ("syscw: ", "Write() system calls:"),
            ("read_bytes: ", "Bytes read from storage:"), ("write_bytes: ", "Bytes written to storage:"),
            ("cancelled_write_bytes: ", "Cancelled write bytes:"),
        ]
        for text in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            for (prefix, label) in names where text.hasPrefix(prefix) {
                line(label, String(text.dropFirst(prefix.count)))
                break
            }
        }
    }
}
