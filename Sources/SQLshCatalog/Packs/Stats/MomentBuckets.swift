/// The values of the usual magnitudes of a ``Moments`` aggregate, summed per exponent until
/// they are moved into its ``FixedPointMoments``: the per-row path of stddev and variance.
///
/// A value `±s · 2^e` (s the 53-bit significand, as an integer) whose exponent is one of the 8
/// highest of the fixed-point span is added as it is: `±s` to its exponent's sum and `s²` (an
/// exact 106-bit product) to its sum of squares, with no shift and no branch on the sign.
/// Shifting every value into the fixed-point sums (and its square into 256 bits) cost about 95
/// instructions a row, against sqlean's 38 for a rounded running mean; this costs about 20.
/// ``flush(into:)`` shifts the 8 sums into place every 1,024 rows, when a value widens the
/// span; ``add(to:)`` adds them, in 2 groups of 4, to a copy for a result.
///
/// Only values that the fixed-point sums take as they are get here: their highest bit below
/// the span's top and their lowest set bit at or above its unit (``FixedPointMoments``), so
/// moving them there is exact and changes neither bound. Zero, subnormals, infinities, NaN and
/// values outside the 8 exponents (most values lie in the highest few: a uniform spread puts
/// half of them in the top one, all but 1/256 in the top 8) take ``Moments``' other path.
struct MomentBuckets {
    /// How many exponents have a sum of their own.
    static var exponents: Int { 8 }
    /// Rows taken between two flushes: 1,024 significands below 2^53 sum below 2^63, their
    /// squares below 2^116, within the signed 64- and 128-bit sums whatever the signs.
    static var rowsPerFlush: Int { 1024 }

    /// The biased exponent (as in the bit pattern) of the values of sum 0, those whose highest
    /// bit is just below the fixed-point span's top; sum `i` is for `top - i`. Negative (no
    /// value fits) until ``anchor(to:)``, and when the aggregate has moved to expansions.
    private var top = -1
    /// The lowest biased exponent of a value's lowest set bit that the span takes.
    private var unit = 0
    /// Rows the sums can still take before a flush: a count down (one instruction a row
    /// fewer than counting up to a limit).
    private var room = Self.rowsPerFlush
    /// The 8 sums, read and written through a pointer (a homogeneous tuple is laid out as
    /// an array; InlineArray would need macOS 26). Not 16: the callback of a window frame's
    /// value() copies the whole state at each row, and 8 exponents take nearly every value.
    private var sums: Sums = (.init(), .init(), .init(), .init(), .init(), .init(), .init(), .init())
    typealias Sums = (Sum, Sum, Sum, Sum, Sum, Sum, Sum, Sum)

    /// The sums of one exponent.
    struct Sum {
        /// The signed sum of the significands, two's complement.
        var sum: UInt64 = 0
        /// The signed sum of the squared significands, as 128-bit two's complement low and
        /// high words (UInt128 needs 16-byte alignment, which would keep the state out of
        /// SQLite's aggregate context).
        var squaresLow: UInt64 = 0, squaresHigh: UInt64 = 0

        var isZero: Bool { sum | squaresLow | squaresHigh == 0 }
    }

    /// Whether ``flush(into:)`` is due.
    var isFull: Bool { room == 0 }

    /// Whether the sums hold rows not yet flushed.
    var isEmpty: Bool { room == Self.rowsPerFlush }

    // Forced inlining in this file: Benchmarks/sqlean-compare.sh (stddev, variance...): every row of the aggregate.
    /// Adds `x` (subtracts it when `negated`) when it belongs here; false (nothing changed)
    /// otherwise.
    @inline(__always)
    mutating func take(_ x: Double, negated: Bool) -> Bool {
        let bits = x.bitPattern
        let biased = Int(truncatingIfNeeded: (bits >> 52) & 0x7FF)
        let index = top &- biased
        // One unsigned comparison: below the top's exponent (or NaN, infinite) the index is
        // negative, far below it (zero, subnormal) at least 600.
        guard UInt(bitPattern: index) < UInt(Self.exponents) else { return false }
        let significand = (bits & 0xF_FFFF_FFFF_FFFF) | 0x10_0000_0000_0000
        guard biased &+ significand.trailingZeroBitCount >= unit else { return false }
        // All ones for a value to subtract: the sign of the value, flipped when negated.
        let mask = UInt64(bitPattern: Int64(bitPattern: bits) >> 63) ^ (negated ? ~0 : 0)
        let square = significand.multipliedFullWidth(by: significand)
        withUnsafeMutableBytes(of: &sums) { raw in
            let sum = raw.baseAddress.unsafelyUnwrapped.assumingMemoryBound(to: Sum.self) + index
            sum.pointee.sum &+= (significand ^ mask) &- mask
            if negated {
                let (low, borrow) = sum.pointee.squaresLow.subtractingReportingOverflow(square.low)
                sum.pointee.squaresLow = low
                sum.pointee.squaresHigh &-= square.high &+ (borrow ? 1 : 0)
            } else {
                let (low, carry) = sum.pointee.squaresLow.addingReportingOverflow(square.low)
                sum.pointee.squaresLow = low
                sum.pointee.squaresHigh &+= square.high &+ (carry ? 1 : 0)
            }
        }
        room &-= 1
        return true
    }

    /// Sets the exponents taken from the span of `fixed`; the sums must be empty (flushed).
    mutating func anchor(to fixed: FixedPointMoments) {
        guard fixed.top != Int.min else { return }
        // The highest bit of a 53-bit significand at exponent e (of its lowest bit) is
        // e + 52, below the top when e + 53 <= top.
        top = fixed.top - 53 + 1075
        unit = fixed.unit + 1075
    }

    /// Takes no more values (the aggregate moved to expansions); the sums must be empty.
    mutating func close() { top = -1 }

    /// Adds the sums to `fixed` (exactly: every value here fits its span) and empties them.
    mutating func flush(into fixed: inout FixedPointMoments) {
        guard !isEmpty else { return }
        let top = self.top
        withUnsafeMutableBytes(of: &sums) { raw in
            let all = raw.bindMemory(to: Sum.self)
            for index in 0..<Self.exponents where !all[index].isZero {
                Self.add(all[index], exponent: top - index, to: &fixed)
                all[index] = Sum()
            }
        }
        room = Self.rowsPerFlush
    }

    /// Adds the sums to `fixed`, keeping them: a result read between flushes (a window
    /// frame's value after each row, up to 1,024 rows unflushed in a running frame).
    ///
    /// The 8 exponents go in as 2 groups of 4, each summed first at its lowest exponent (the
    /// significand sums shifted by at most 3, below 2^67; the squares by at most 6, below
    /// 2^123: within 128 bits), so a result pays 2 shifted additions, not 8. The integers
    /// are the same, so the result is too.
    func add(to fixed: inout FixedPointMoments) {
        // The tuple's fields passed as they are: copying the tuple (or reading it through a
        // pointer, which needs a copy of a borrowed self) cost a 192-byte memcpy a row.
        Self.add(sums.0, sums.1, sums.2, sums.3, exponent: top - 3, to: &fixed)
        Self.add(sums.4, sums.5, sums.6, sums.7, exponent: top - 7, to: &fixed)
    }

    /// Adds the sums of 4 exponents, from `exponent + 3` down to `exponent`, to `fixed`.
    @inline(__always)
    private static func add(_ a: Sum, _ b: Sum, _ c: Sum, _ d: Sum, exponent: Int, to fixed: inout FixedPointMoments) {
        // Horner: the group's first (highest) exponent ends shifted by 3 and 6.
        var sum: Int128 = 0, squares: Int128 = 0
        @inline(__always) func next(_ s: Sum) {
            sum = (sum << 1) &+ Int128(Int64(bitPattern: s.sum))
            squares = (squares << 2) &+ (Int128(Int64(bitPattern: s.squaresHigh)) << 64 | Int128(s.squaresLow))
        }
        next(a); next(b); next(c); next(d)
        guard sum != 0 || squares != 0 else { return }
        fixed.add(sum: sum, squares: squares, shift: (exponent - 1075) - fixed.unit)
    }

    /// Adds the sums of the values of biased exponent `exponent` to `fixed`.
    @inline(__always)
    private static func add(_ sums: Sum, exponent: Int, to fixed: inout FixedPointMoments) {
        // The exponent of the significands' lowest bit, from the unit: at least -52 (the
        // lowest set bit of every value is at or above the unit, so a shift right drops only
        // zeros), at most 75 (their highest bit is below the top, 128 above the unit).
        let shift = (exponent - 1075) - fixed.unit
        let squares = Int128(Int64(bitPattern: sums.squaresHigh)) << 64 | Int128(sums.squaresLow)
        fixed.add(sum: Int64(bitPattern: sums.sum), squares: squares, shift: shift)
    }
}

extension FixedPointMoments {
    /// Adds `sum · 2^shift` to the sum and `squares · 2^(2 · shift)` to the sum of squares,
    /// modulo their widths (signed integers, |sum| < 2^63, |squares| < 2^117; -52 <= shift
    /// <= 75, the bits a negative shift drops zeros): one exponent of ``MomentBuckets``.
    /// Straight-line 128-bit arithmetic: a flush runs after every row of a sliding frame.
    @inline(__always)
    mutating func add(sum: Int64, squares: Int128, shift: Int) {
        add(sum: Int128(sum), squares: squares, shift: shift)
    }

    /// ``add(sum:squares:shift:)`` for the sums of 4 exponents of ``MomentBuckets`` at the
    /// lowest one: |sum| < 2^67, |squares| < 2^123, -59 <= shift <= 75, the bits a negative
    /// shift drops zeros (every value is a multiple of 2^unit, so is their sum).
    @inline(__always)
    mutating func add(sum: Int128, squares: Int128, shift: Int) {
        var sum = sum, squares = squares, shift = shift
        if shift < 0 {
            sum >>= Int128(-shift)
            squares >>= Int128(-2 * shift)
            shift = 0
        }
        let s = Self.shifted(sum, by: shift)
        let (low, carry) = sumLow.addingReportingOverflow(s.0)
        sumLow = low
        sumHigh = sumHigh &+ UInt64(truncatingIfNeeded: s.1) &+ (carry ? 1 : 0)
        let q = Self.shifted(squares, by: 2 * shift)
        let (l, c1) = squaresLow.addingReportingOverflow(q.0)
        let (m1, c2) = squaresMiddle.addingReportingOverflow(q.1)
        let (m2, c3) = m1.addingReportingOverflow(c1 ? 1 : 0)
        squaresLow = l
        squaresMiddle = m2
        squaresHigh = squaresHigh &+ UInt64(truncatingIfNeeded: q.2) &+ (c2 ? 1 : 0) &+ (c3 ? 1 : 0)
    }

    /// `value · 2^shift` (0 <= shift < 256) as a 384-bit two's complement integer, three
    /// 128-bit words from the lowest.
    @inline(__always)
    private static func shifted(_ value: Int128, by shift: Int) -> (UInt128, UInt128, UInt128) {
        let signWords = UInt128(truncatingIfNeeded: value >> 127)
        let r = shift % 128
        let t0 = UInt128(truncatingIfNeeded: value) << UInt128(r)
        // The bits shifted past the first word, sign-extended (all of them for r 0).
        let t1 = r == 0 ? signWords : UInt128(truncatingIfNeeded: value >> Int128(128 - r))
        return shift < 128 ? (t0, t1, signWords) : (0, t0, t1)
    }
}
