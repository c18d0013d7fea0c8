import SQLshCore

/// The unrestricted Damerau-Levenshtein distance (Lowrance-Wagner) without the full table.
///
/// The recurrence looks back to row k-1, where k is the last row whose character equals the
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

    @inline(__always)
    private func slot<E: FixedWidthInteger>(of c: E) -> Int {
        if E.bitWidth == 8 { return asciiSlots[Int(truncatingIfNeeded: c)] }
        return slotMap[UInt32(truncatingIfNeeded: c)] ?? -1
    }

    func distance<E: FixedWidthInteger>(_ x: UnsafeBufferPointer<E>, _ y: UnsafeBufferPointer<E>, function: String) throws -> Int {
        let (a, b) = x.count >= y.count ? (x, y) : (y, x)
        let n = a.count, m = b.count
        if m == 0 { return n }

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

    private func resize(_ array: inout [Int], _ count: Int) {
        if array.count > count {
            array.removeLast(array.count - count)
        } else if array.count < count {
            array.append(contentsOf: repeatElement(0, count: count - array.count))
        }
    }
}
