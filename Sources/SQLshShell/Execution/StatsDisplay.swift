import SQLshCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
            let count = statement.columnCount
            line("Number of output columns:", "\(count)")
            for i in 0..<count {
                line("Column \(i) name:", statement.columnName(at: i))
                line("Column \(i) declared type:", statement.columnDeclaredType(at: i) ?? "(null)")
                line("Column \(i) database name:", statement.columnDatabaseName(at: i) ?? "(null)")
                line("Column \(i) table name:", statement.columnTableName(at: i) ?? "(null)")
                line("Column \(i) origin name:", statement.columnOriginName(at: i) ?? "(null)")
            }
        }
        if level == 3 {
            if let statement {
                out.write("VM-steps: \(statement.counter(.vmSteps))\n")
            }
            return
        }
        func status(_ label: String, _ figure: LibraryStatus, _ format: (Int64, Int64) -> String) {
            let value = SQLiteLibrary.status(figure)
            line(label, format(value.current, value.highwater))
        }
        status("Memory Used:", .memoryUsed) { "\($0) (max \($1)) bytes" }
        status("Number of Outstanding Allocations:", .mallocCount) { "\($0) (max \($1))" }
        status("Number of Pcache Overflow Bytes:", .pagecacheOverflow) { "\($0) (max \($1)) bytes" }
        status("Largest Allocation:", .mallocSize) { "\($1) bytes" }
        status("Largest Pcache Allocation:", .pagecacheSize) { "\($1) bytes" }
        if shell.isDatabaseOpen {
            let db = shell.connection
            let lookaside = db.status(.lookasideUsed)
            line("Lookaside Slots Used:", "\(lookaside.current) (max \(lookaside.highwater))")
            line("Successful lookaside attempts:", "\(db.status(.lookasideHits).highwater)")
            line("Lookaside failures due to size:", "\(db.status(.lookasideMissesSize).highwater)")
            line("Lookaside failures due to OOM:", "\(db.status(.lookasideMissesFull).highwater)")
            line("Pager Heap Usage:", "\(db.status(.cacheUsed).current) bytes")
            line("Page cache hits:", "\(db.status(.cacheHits, reset: true).current)")
            line("Page cache misses:", "\(db.status(.cacheMisses, reset: true).current)")
            line("Page cache writes:", "\(db.status(.cacheWrites, reset: true).current)")
            line("Page cache spills:", "\(db.status(.cacheSpills, reset: true).current)")
            line("Schema Heap Usage:", "\(db.status(.schemaUsed).current) bytes")
            line("Statement Heap/Lookaside Usage:", "\(db.status(.statementsUsed).current) bytes")
        }
        if let statement {
            func counter(_ counter: StatementCounter) -> Int { statement.counter(counter) }
            line("Fullscan Steps:", "\(counter(.fullscanSteps))")
            line("Sort Operations:", "\(counter(.sorts))")
            line("Autoindex Inserts:", "\(counter(.autoindexInserts))")
            let hit = counter(.filterHits), miss = counter(.filterMisses)
            if hit != 0 || miss != 0 { line("Bloom filter bypass taken:", "\(hit)/\(hit + miss)") }
            line("Virtual Machine Steps:", "\(counter(.vmSteps))")
            line("Reprepare operations:", "\(counter(.reprepares))")
            line("Number of times run:", "\(counter(.runs))")
            line("Memory used by prepared stmt:", "\(counter(.memoryUsed))")
        }
        linuxIOStatistics(line)
    }

    /// `/proc/self/io`, translated as sqlite3's `displayLinuxIoStats` does.
    private static func linuxIOStatistics(_ line: (String, String) -> Void) {
        guard let bytes = WholeFile.read("/proc/self/io") else { return }
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
