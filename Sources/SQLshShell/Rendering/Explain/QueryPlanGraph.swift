/// The rows of an EXPLAIN QUERY PLAN, drawn as sqlite3 draws them (`QUERY PLAN`, then
/// `|--` and `` `-- `` branches).
struct QueryPlanGraph {
    private struct Row {
        var id: Int32
        var parent: Int32
        var text: [UInt8]
    }
    private var rows: [Row] = []

    var isEmpty: Bool { rows.isEmpty }

    mutating func append(id: Int32, parent: Int32, text: UnsafeBufferPointer<UInt8>) {
        rows.append(Row(id: id, parent: parent, text: Array(text)))
    }

    /// Whether a new row starts a new plan (its text begins with `-`): the plan so far is
    /// printed first.
    static func startsNewPlan(_ text: UnsafeBufferPointer<UInt8>) -> Bool { text.first == 45 }

    /// Prints the plan and forgets it.
    mutating func render(to out: OutputWriter) {
        guard var first = rows.first else { return }
        var start = 0
        if first.text.first == 45 /* - */ {
            if rows.count == 1 {
                rows.removeAll()
                return
            }
            out.write(first.text.dropFirst(3).map { $0 })
            out.write(byte: 10)
            start = 1
            first = rows[1]
        } else {
            out.write("QUERY PLAN\n")
        }
        _ = first
        var prefix: [UInt8] = []
        renderLevel(parent: 0, from: start, prefix: &prefix, out: out)
        rows.removeAll()
    }

    private func next(parent: Int32, after index: Int) -> Int? {
        var i = index
        while i < rows.count {
            if rows[i].parent == parent { return i }
            i += 1
        }
        return nil
    }

    private func renderLevel(parent: Int32, from start: Int, prefix: inout [UInt8], out: OutputWriter) {
        var current = next(parent: parent, after: start)
        let n = prefix.count
        while let index = current {
            let following = next(parent: parent, after: index + 1)
            out.write(prefix)
            out.write(following != nil ? "|--" : "`--")
            out.write(rows[index].text)
            out.write(byte: 10)
            // sqlite3's prefix buffer holds 100 bytes.
            if n < 100 - 7 {
                prefix.append(contentsOf: following != nil ? [124, 32, 32] : [32, 32, 32])
                renderLevel(parent: rows[index].id, from: start, prefix: &prefix, out: out)
                prefix.removeSubrange(n...)
            }
            current = following
        }
    }
}
