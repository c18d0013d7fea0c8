import SQLshCore

/// The unrestricted Damerau-Levenshtein distance (Lowrance-Wagner) without the full table.
///
/// The recurrence looks back to row k-1, where k is the last row whose character equals the
/// current column's. Only the characters of the shorter text (the columns) are ever looked up,
/// so a copy of row k-1 is kept per distinct character of that text, plus two working rows:
/// memory is (distinct characters + 2) rows of the shorter text, not one row per character of
/// the longer text.
final class DamerauScratch {
    /// The most cells of kept rows (64 MB of Int).
    static let maximumSlotCells = 8_388_608

    private var slotOfColumn: [Int] = []
    private var asciiSlots: [Int] = Array(repeating: -1, count: 256)
    private var slotMap: [UInt32: Int] = [:]
    private var lastRow: [Int] = []
    private var keptRows: [Int] = []
    private var previous: [Int] = []
    private var current: [Int] = []

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
        resize(&previous, width)
        resize(&current, width)

        previous[0] = maxDistance
        for j in 0...m { previous[j + 1] = j }
        for i in 1...n {
            let ca = a[i - 1]
            keptRows.withUnsafeBufferPointer { kept in
                previous.withUnsafeBufferPointer { above in
                    current.withUnsafeMutableBufferPointer { row in
                        slotOfColumn.withUnsafeBufferPointer { slotOf in
                            lastRow.withUnsafeBufferPointer { last in
                                row[0] = maxDistance
                                row[1] = i
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
                                    var value = Swift.min(above[j] + cost, row[j] + 1, above[j + 1] + 1)
                                    if k > 0, l > 0 {
                                        value = Swift.min(value, kept[s * width + l] + (i - k - 1) + 1 + (j - l - 1))
                                    }
                                    row[j + 1] = value
                                }
                            }
                        }
                    }
                }
            }
            let s = slot(of: ca)
            if s >= 0 {
                let base = s * width
                keptRows.withUnsafeMutableBufferPointer { kept in
                    previous.withUnsafeBufferPointer { row in
                        for j in 0..<width { kept[base + j] = row[j] }
                    }
                }
                lastRow[s] = i
            }
            swap(&previous, &current)
        }
        return previous[m + 1]
    }

    private func resize(_ array: inout [Int], _ count: Int) {
        if array.count > count {
            array.removeLast(array.count - count)
        } else if array.count < count {
            array.append(contentsOf: repeatElement(0, count: count - array.count))
        }
    }
}
