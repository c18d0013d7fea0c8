/// Values at given ranks of a buffer of Doubles, as a full ascending sort would place them,
/// found by selection (quickselect with three-way partitions) instead of sorting them all.
///
/// The buffer holds no NaN (SQLite has none), so `<` is a total order but for the two zeros,
/// which compare equal: where a sort could place either, the result is a zero of one sign or
/// the other, equal as numbers (SQLite's text of both is `0.0`).
enum OrderStatistics {
    /// The values at `ranks` (each in `0..<values.count`, any order, repeats allowed), in the
    /// order of `ranks`. `values` is reordered.
    ///
    /// The ranks are selected in ascending order, each within the part left of the previous
    /// one's right; a partition that does not shrink the range fast enough (a hostile order)
    /// falls back to sorting that range, so the time stays O(n log n) at worst.
    static func values(at ranks: [Int], of values: inout [Double]) -> [Double] {
        let n = values.count
        let order = ranks.indices.sorted { ranks[$0] < ranks[$1] }
        var result = [Double](repeating: 0, count: ranks.count)
        values.withUnsafeMutableBufferPointer { buffer in
            var lower = 0
            for index in order {
                let k = ranks[index]
                guard k >= 0, k < n else { continue }
                if k >= lower {
                    select(buffer, lower..<n, k)
                    lower = k + 1
                }
                result[index] = buffer[k]
            }
        }
        return result
    }

    /// Puts the value of rank `k` (within `range`) at `k`, the smaller ones before it and
    /// the larger ones after it (equal ones either side).
    static func select(_ a: UnsafeMutableBufferPointer<Double>, _ range: Range<Int>, _ k: Int) {
        var lo = range.lowerBound, hi = range.upperBound
        // The smallest value: one scan.
        if k == lo {
            var m = lo
            for i in (lo + 1)..<max(hi, lo + 1) where a[i] < a[m] { m = i }
            a.swapAt(lo, m)
            return
        }
        var budget = 2 * (Int.bitWidth - (hi - lo).leadingZeroBitCount) + 4
        while hi - lo > 16 {
            if budget == 0 {
                var part = UnsafeMutableBufferPointer(rebasing: a[lo..<hi])
                part.sort()
                return
            }
            budget -= 1
            let pivot = medianOfThree(a[lo], a[lo + (hi - lo) / 2], a[hi - 1])
            // [lo, lt) < pivot, [lt, i) == pivot, [gt, hi) > pivot.
            var lt = lo, i = lo, gt = hi
            while i < gt {
                let x = a[i]
                if x < pivot {
                    a.swapAt(lt, i)
                    lt += 1
                    i += 1
                } else if x > pivot {
                    gt -= 1
                    a.swapAt(i, gt)
                } else {
                    i += 1
                }
            }
            if k < lt {
                hi = lt
            } else if k >= gt {
                lo = gt
            } else {
                return
            }
        }
        // A short range: insertion sort.
        if hi - lo > 1 {
            for i in (lo + 1)..<hi {
                let x = a[i]
                var j = i
                while j > lo, a[j - 1] > x {
                    a[j] = a[j - 1]
                    j -= 1
                }
                a[j] = x
            }
        }
    }

    @inline(__always)
    private static func medianOfThree(_ x: Double, _ y: Double, _ z: Double) -> Double {
        if x < y {
            if y < z { return y }
            return x < z ? z : x
        }
        if x < z { return x }
        return y < z ? z : y
    }
}
