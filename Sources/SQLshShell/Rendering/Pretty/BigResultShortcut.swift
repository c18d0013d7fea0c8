import SQLshCore

/// How the screen finishes a result taller than the terminal without stepping every row.
///
/// The screen shows a big result's first and last rows and counts the rest. Stepping a
/// million rows through the shell only to count them and keep the last few costs about a
/// second; SQLite does both far faster itself. Once a read-only query's result is known not
/// to fit, two more statements over the same SQL, run while the query is still active (so
/// they read the same snapshot of the database), give the rest:
///
/// ```sql
/// select count(*) from (
/// QUERY
/// );                                                   -- the total
/// select * from (
/// QUERY
/// ) limit 16 offset 99984;                             -- the last rows
/// ```
///
/// `count(*)` over a simple query is answered from the b-tree pages, and `OFFSET` skips rows
/// inside SQLite without producing them. A query that is a plain scan of one table (the
/// common `select * from big`) has its last rows fetched by rowid instead, walking the table
/// backwards from its end (``SingleTableScan``), so not even the skipping is left. The shortcut is taken only when it gives the same
/// answer as stepping: the query only reads (`sqlite3_stmt_readonly`), is not `EXPLAIN`,
/// calls no scalar function that is not deterministic (`random()`, `changes()`, a catalog
/// function without the deterministic flag: found in the `EXPLAIN` of the tail statement, so
/// views are looked into too), and both statements prepare. Otherwise the screen steps on.
enum BigResultShortcut {
    /// The total row count of `statement`'s result and its last `tailCount` rows, or nil when
    /// the shortcut does not apply or fails (the caller then steps the statement to its end).
    /// - Parameter rowsSeen: rows the caller has stepped already (the total is at least that).
    static func countAndTail(of statement: Statement, tailCount: Int, rowsSeen: Int) -> (total: Int, tail: [CapturedRow])? {
        guard tailCount > 0, statement.isReadOnly, statement.explainMode == 0,
              let query = wrappableText(statement.expandedSQL) else { return nil }
        let connection = statement.connection
        let columns = statement.columnCount
        do {
            let tailSQL = "select * from (\n\(query)\n) limit \(tailCount) offset "
            guard try isDeterministic(tailSQL + "1", on: connection) else { return nil }
            let scan = SingleTableScan.recognize(query).flatMap { $0.confirm(on: connection, tailCount: tailCount) ? $0 : nil }
            let counter = try connection.prepare(scan?.countSQL ?? "select count(*) from (\n\(query)\n)")
            guard try counter.step() else { return nil }
            let total = Int(counter.int64(at: 0))
            guard total >= rowsSeen, total > tailCount else { return nil }
            let tailStatement: Statement
            if let scan {
                let threshold = try connection.prepare(scan.thresholdSQL(tailCount: tailCount))
                guard try threshold.step() else { return nil }
                tailStatement = try connection.prepare(scan.tailSQL(from: threshold.int64(at: 0)))
            } else {
                tailStatement = try connection.prepare(tailSQL + String(total - tailCount))
            }
            guard tailStatement.columnCount == columns else { return nil }
            var rows: [CapturedRow] = []
            rows.reserveCapacity(tailCount)
            while try tailStatement.step() {
                let row = CapturedRow()
                row.capture(tailStatement, columns: columns)
                rows.append(row)
            }
            return rows.count == tailCount ? (total, rows) : nil
        } catch {
            return nil
        }
    }

    /// The statement's text without the `;`, spaces and line ends after it, or nil when
    /// there is none.
    static func wrappableText(_ sql: String?) -> String? {
        guard var text = sql?.utf8[...] else { return nil }
        while let last = text.last, last == UInt8(ascii: ";") || last == 0x20 || (0x09...0x0D).contains(last) {
            text = text.dropLast()
        }
        return text.isEmpty ? nil : String(text)
    }

    /// Whether the program of `sql` calls only deterministic scalar functions (aggregate and
    /// window functions always give the same answer over the same rows).
    static func isDeterministic(_ sql: String, on connection: Connection) throws -> Bool {
        let explain = try connection.prepare("explain " + sql)
        var called: Set<Substring> = []
        while try explain.step() {
            let opcode = explain.string(at: 1)
            guard opcode == "Function" || opcode == "PureFunc", let p4 = explain.string(at: 5),
                  let open = p4.firstIndex(of: "(") else { continue }
            called.insert(p4[..<open].lowercased()[...])
        }
        guard !called.isEmpty else { return true }
        let list = try connection.prepare(
            "select distinct lower(name) from pragma_function_list where type = 's' and (flags & 0x800) = 0")
        while try list.step() {
            if let name = list.string(at: 0), called.contains(name[...]) { return false }
        }
        return true
    }
}
