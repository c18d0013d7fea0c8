import SQLshCore

/// How far a full scan of one table has gone, for the percentage beside the elapsed time at
/// the prompt (`⏱ 3.2 s · ~42%`).
///
/// SQLite can tell only for a query that reads one rowid table front to back (a plain `SCAN t`
/// in its plan, see ``SingleTableScan``): then the statement's full-scan step counter
/// (`SQLITE_STMTSTATUS_FULLSCAN_STEP`) is the number of rows read so far, and the table's row
/// count is estimated, without reading it, from `sqlite_stat1` when `ANALYZE` wrote it, else
/// from the largest rowid (rowids count up from 1; deleted rows make it an overestimate). Any
/// other query (a join, an index, sorting, a table without rowid) gets no percentage, and
/// neither does a scan that has read more rows than the estimate.
final class ScanProgress {
    private let statement: Statement
    /// The estimated number of rows of the table.
    let estimate: Int

    init(statement: Statement, estimate: Int) {
        self.statement = statement
        self.estimate = estimate
    }

    /// The fraction of the table read so far, below 1; nil once the scan has passed the
    /// estimate (then it was wrong).
    func fraction() -> Double? {
        let steps = statement.counter(.fullscanSteps)
        guard estimate > 0, steps <= estimate else { return nil }
        return min(Double(steps) / Double(estimate), 0.99)
    }

    /// The progress of `statement` when it is a plain scan of one table whose size can be
    /// estimated; nil otherwise. Runs a few small statements (the plan, the estimate).
    static func make(for statement: Statement, on connection: Connection) -> ScanProgress? {
        guard statement.isReadOnly, statement.explainMode == 0,
              let text = BigResultShortcut.wrappableText(statement.sql),
              let scan = SingleTableScan.recognize(text), scan.confirm(on: connection, tailCount: 1),
              let estimate = estimate(table: scan.table, on: connection), estimate > 0
        else { return nil }
        return ScanProgress(statement: statement, estimate: estimate)
    }

    /// The estimated row count of `table` (as written in a query: `t`, `"my t"`, `aux.t`).
    static func estimate(table: String, on connection: Connection) -> Int? {
        let (tokens, _) = CompletionToken.tokens(of: table)
        let names = tokens.filter { $0.kind == .word || $0.kind == .quoted }
        guard let name = names.last?.text else { return nil }
        var schema = ""
        if names.count == 2, let first = tokens.first {
            schema = String(decoding: Array(table.utf8)[first.start..<first.end], as: UTF8.self) + "."
        }
        if let rows = statRows(schema: schema, table: name, on: connection) { return rows }
        do {
            let largest = try connection.prepare("select max(rowid) from \(table)")
            guard try largest.step() else { return nil }
            let rowid = largest.int64(at: 0)
            return rowid > 0 ? Int(rowid) : nil
        } catch {
            return nil
        }
    }

    /// The row count `ANALYZE` recorded for `table` in `sqlite_stat1` (the first number of its
    /// table or index rows); nil when there is none.
    private static func statRows(schema: String, table: String, on connection: Connection) -> Int? {
        do {
            let stat = try connection.prepare(
                "select stat from \(schema)sqlite_stat1 where tbl = ?1 collate nocase order by idx is not null limit 1")
            try stat.bind(table, at: 1)
            guard try stat.step(), let text = stat.string(at: 0),
                  let first = text.split(separator: " ").first, let rows = Int(first), rows > 0 else { return nil }
            return rows
        } catch {
            return nil
        }
    }
}

extension Shell {
    /// The fraction of its table the statement running now has read, when it is a full scan
    /// of one table (see ``ScanProgress``); nil otherwise. Cheap: the front end's elapsed-time
    /// indicator reads it from the progress handler.
    public var scanFraction: Double? { runningScan?.fraction() }

    /// Sets ``runningScan`` for a statement about to run: at the prompt only, when the front
    /// end shows progress, and not under `.trace` or `.auth on` (which would show the extra
    /// statements that estimate the table's size).
    func startScanProgress(for statement: Statement) {
        guard reportsScanProgress, isTypedByPerson, trace.output == nil, !printsAuthorizerCallbacks,
              statement.columnCount > 0 else { return }
        runningScan = ScanProgress.make(for: statement, on: connection)
    }
}
