import SQLshCore

/// The unrestricted Damerau-Levenshtein distance (Lowrance-Wagner).
///
/// Texts whose table has at most ``maximumTableCells`` cells fill the whole (n + 2) x (m + 2)
/// table of Int32 in a buffer reused from row to row: no row is copied. Bigger ones go without
/// the full table. The recurrence looks back to row k-1, where k is the last row whose character equals the
/// current column's. Only the characters of the shorter text (the columns) are ever looked up,
/// so a copy of row k-1 is kept per distinct character of that text, plus two working rows:
/// memory is (distinct characters + 2) rows of the shorter text, not one row per character of
/// the longer text.
///
/// `@unchecked Sendable`: it is mutable, but used only inside calls of one connection's
/// function, which SQLite makes one at a time (a connection is not used from two threads at
/// once).
final class DamerauScratch: @unchecked Sendable {
    /// The most cells of kept rows (64 MB of Int).
    static let maximumSlotCells = 8_388_608

    private var slotOfColumn: [Int] = []
    private var asciiSlots: [Int] = Array(repeating: -1, count: 256)
    private var slotMap: [UInt32: Int] = [:]
    private var lastRow: [Int] = []
    private var keptRows: [Int] = []
    private var twoRows: [Int] = []
    /// The most cells of the full table (4 MB of Int32).
    static let maximumTableCells = 1 << 20
    private var table: [Int32] = []
    private var lastRowOfSlotTable: [Int32] = []

    private func slot<E: FixedWidthInteger>(of c: E) -> Int {
        if E.bitWidth == 8 { return asciiSlots[Int(truncatingIfNeeded: c)] }
        return slotMap[UInt32(truncatingIfNeeded: c)] ?? -1
    }

    func distance<E: FixedWidthInteger>(_ x: UnsafeBufferPointer<E>, _ y: UnsafeBufferPointer<E>, function: String) throws -> Int {
        let (a, b) = x.count >= y.count ? (x, y) : (y, x)
        let n = a.count, m = b.count
        if m == 0 { return n }
        let tableCells = (n + 2).multipliedReportingOverflow(by: m + 2)
        let fitsTable = !tableCells.overflow && tableCells.partialValue <= Self.maximumTableCells
        if E.bitWidth == 8, fitsTable {
            // Bytes: the last row of each byte in a 256-entry table on the stack, no slots.
            return withUnsafeTemporaryAllocation(of: Int32.self, capacity: 256) { last in
                let last = last.baseAddress.unsafelyUnwrapped
                last.initialize(repeating: 0, count: 256)
                return withTable(cells: tableCells.partialValue) { d in
                    Self.fill(d, a, b, last: last, columnKey: { Int(UInt8(truncatingIfNeeded: b[$0])) },
                              rowKey: { Int(UInt8(truncatingIfNeeded: $0)) })
                }
            }
        }

        // One slot per distinct character of the columns.
        if E.bitWidth == 8 {
            for i in 0..<asciiSlots.count { asciiSlots[i] = -1 }
        } else {
            slotMap.removeAll(keepingCapacity: true)
        }
        slotOfColumn.removeAll(keepingCapacity: true)
        var slots = 0
        for c in b {
            var s = slot(of: c)
            if s < 0 {
                s = slots
                slots += 1
                if E.bitWidth == 8 { asciiSlots[Int(truncatingIfNeeded: c)] = s } else { slotMap[UInt32(truncatingIfNeeded: c)] = s }
            }
            slotOfColumn.append(s)
        }
        let width = m + 2  // columns -1 ... m
        if fitsTable {
            return fullTable(a, b, slots: slots, cells: tableCells.partialValue)
        }
        let cells = slots.multipliedReportingOverflow(by: width)
        guard !cells.overflow, cells.partialValue <= Self.maximumSlotCells else {
            throw TextError("\(function): too many distinct characters to compare")
        }
        let maxDistance = n + m
        lastRow.removeAll(keepingCapacity: true)
        lastRow.append(contentsOf: repeatElement(0, count: slots))
        resize(&keptRows, cells.partialValue)
        resize(&twoRows, 2 * width)
        // Local arrays, pointers taken once: the loop over the longer text runs per character.
        var lastRowOfSlot: [Int] = [], kept: [Int] = [], rows: [Int] = [], slotOf: [Int] = []
        swap(&lastRowOfSlot, &lastRow)
        swap(&kept, &keptRows)
        swap(&rows, &twoRows)
        swap(&slotOf, &slotOfColumn)
        defer {
            swap(&lastRowOfSlot, &lastRow)
            swap(&kept, &keptRows)
            swap(&rows, &twoRows)
            swap(&slotOf, &slotOfColumn)
        }
        let slotOfA: (E) -> Int = { self.slot(of: $0) }
        return kept.withUnsafeMutableBufferPointer { kept in
            rows.withUnsafeMutableBufferPointer { rows in
                slotOf.withUnsafeBufferPointer { slotOf in
                    lastRowOfSlot.withUnsafeMutableBufferPointer { last in
                        // The previous and current rows alternate between the two halves.
                        var above = 0, row = width
                        rows[above] = maxDistance
                        for j in 0...m { rows[above + j + 1] = j }
                        for i in 1...n {
                            let ca = a[i - 1]
                            rows[row] = maxDistance
                            rows[row + 1] = i
                            var lastMatchColumn = 0
                            for j in 1...m {
                                let s = slotOf[j - 1]
                                let k = last[s]
                                let l = lastMatchColumn
                                var cost = 1
                                if b[j - 1] == ca {
                                    cost = 0
                                    lastMatchColumn = j
                                }
                                var value = Swift.min(rows[above + j] + cost, rows[row + j] + 1, rows[above + j + 1] + 1)
                                if k > 0, l > 0 {
                                    value = Swift.min(value, kept[s * width + l] + (i - k - 1) + 1 + (j - l - 1))
                                }
                                rows[row + j + 1] = value
                            }
                            // Row i-1 is the one a later match of this character looks back to.
                            let s = slotOfA(ca)
                            if s >= 0 {
                                let base = s * width
                                for j in 0..<width { kept[base + j] = rows[above + j] }
                                last[s] = i
                            }
                            swap(&above, &row)
                        }
                        return rows[above + m + 1]
                    }
                }
            }
        }
    }

    /// The whole table's buffer, at least `cells` long, lent to `body`.
    private func withTable<R>(cells: Int, _ body: (UnsafeMutablePointer<Int32>) -> R) -> R {
        if table.count < cells { table.append(contentsOf: repeatElement(0, count: cells - table.count)) }
        var d: [Int32] = []
        swap(&d, &table)
        defer { swap(&d, &table) }
        return d.withUnsafeMutableBufferPointer { body($0.baseAddress.unsafelyUnwrapped) }
    }

    /// The distance by the whole table, for characters other than bytes: `slots` distinct
    /// characters in the shorter text `b`, whose slots ``slotOfColumn`` holds.
    private func fullTable<E: FixedWidthInteger>(_ a: UnsafeBufferPointer<E>, _ b: UnsafeBufferPointer<E>,
                                                 slots: Int, cells: Int) -> Int {
        lastRowOfSlotTable.removeAll(keepingCapacity: true)
        lastRowOfSlotTable.append(contentsOf: repeatElement(0, count: slots))
        var last: [Int32] = [], slotOf: [Int] = []
        swap(&last, &lastRowOfSlotTable)
        swap(&slotOf, &slotOfColumn)
        defer {
            swap(&last, &lastRowOfSlotTable)
            swap(&slotOf, &slotOfColumn)
        }
        let slotMap = self.slotMap
        return last.withUnsafeMutableBufferPointer { last in
            slotOf.withUnsafeBufferPointer { slotOf in
                let slotOf = slotOf.baseAddress.unsafelyUnwrapped
                return withTable(cells: cells) { d in
                    Self.fill(d, a, b, last: last.baseAddress.unsafelyUnwrapped, columnKey: { slotOf[$0] },
                              rowKey: { slotMap[UInt32(truncatingIfNeeded: $0)] ?? -1 })
                }
            }
        }
    }

    /// Fills the whole (n + 2) x (m + 2) table `d` (Lowrance-Wagner) and gives the distance.
    /// `last[key]` is the last row whose character has that key (0: none yet), all 0 at the
    /// start; `columnKey(j)` is the key of `b[j]`, `rowKey(c)` that of a character of `a`
    /// (-1 when `b` does not hold it). Every value fits an Int32 (the table has at most
    /// ``maximumTableCells`` cells).
    private static func fill<E: FixedWidthInteger>(_ d: UnsafeMutablePointer<Int32>, _ a: UnsafeBufferPointer<E>,
                                                   _ b: UnsafeBufferPointer<E>, last: UnsafeMutablePointer<Int32>,
                                                   columnKey: (Int) -> Int, rowKey: (E) -> Int) -> Int {
        let n = a.count, m = b.count, width = m + 2
        let b = b.baseAddress.unsafelyUnwrapped
        // d[(i + 1) * width + j + 1] is the distance between the first i characters of a and
        // the first j of b; row 0 and column 0 are "infinity", so that a transposition with no
        // earlier match (k or l 0) never wins.
        let infinity = Int32(truncatingIfNeeded: n + m)
        for j in 0...(m + 1) { d[j] = infinity }
        for j in 0...m { d[width + j + 1] = Int32(truncatingIfNeeded: j) }
        d[width] = infinity
        for i in 1...n {
            let ca = a[i - 1]
            let row = d + (i + 1) * width, above = row - width
            row[0] = infinity
            row[1] = Int32(truncatingIfNeeded: i)
            let i32 = Int32(truncatingIfNeeded: i)
            var lastMatchColumn: Int32 = 0
            var left = row[1]
            var j = 1
            while j <= m {
                let k = last[columnKey(j &- 1)]
                let l = lastMatchColumn
                let j32 = Int32(truncatingIfNeeded: j)
                let same = b[j &- 1] == ca
                if same { lastMatchColumn = j32 }
                let substitute = above[j] &+ (same ? 0 : 1)
                let transpose = d[Int(k) &* width &+ Int(l)] &+ (i32 &- k &- 1) &+ 1 &+ (j32 &- l &- 1)
                let value = Swift.min(Swift.min(substitute, left &+ 1), Swift.min(above[j &+ 1] &+ 1, transpose))
                row[j &+ 1] = value
                left = value
                j &+= 1
            }
            let key = rowKey(ca)
            if key >= 0 { last[key] = i32 }
        }
        return Int(d[(n + 1) * width + m + 1])
    }

    private func resize(_ array: inout [Int], _ count: Int) {
        if array.count > count {
            array.removeLast(array.count - count)
        } else if array.count < count {
            array.append(contentsOf: repeatElement(0, count: count - array.count))
        }
    }
}
