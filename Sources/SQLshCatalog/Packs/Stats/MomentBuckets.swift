/// The values of the usual magnitudes of a ``Moments`` aggregate, summed per exponent until
/// they are moved into its ``FixedPointMoments``: the per-row path of stddev and variance.
///
/// A value `±s · 2^e` (s the 53-bit significand, as an integer) whose exponent is one of the 16
/// highest of the fixed-point span is added as it is: `±s` to its exponent's sum and `s²` (an
/// exact 106-bit product) to its sum of squares, with no shift and no branch on the sign.
/// Shifting every value into the fixed-point sums (and its square into 256 bits) cost about 95
/// instructions a row, against sqlean's 38 for a rounded running mean; this costs about 20.
/// ``flush(into:)`` shifts the 16 sums into place every 1,024 rows, when a value widens the
/// span, and (into a copy) for a result.
///
/// Only values that the fixed-point sums take as they are get here: their highest bit below
/// the span's top and their lowest set bit at or above its unit (``FixedPointMoments``), so
/// moving them there is exact and changes neither bound. Zero, subnormals, infinities, NaN and
/// values outside the 16 exponents (most values lie in the highest few: a uniform spread puts
/// half of them in the top one) take ``Moments``' other path.
struct MomentBuckets {
    /// How many exponents have a sum of their own.
    static var exponents: Int { 16 }
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
    /// Per exponent: the signed sum of the significands, two's complement.
    private var sums = InlineArray<16, UInt64>(repeating: 0)
    /// Per exponent: the signed sum of the squared significands, as 128-bit two's complement
    /// low and high words (UInt128 needs 16-byte alignment, which would keep the state out of
    /// SQLite's aggregate context).
    private var squaresLow = InlineArray<16, UInt64>(repeating: 0)
    private var squaresHigh = InlineArray<16, UInt64>(repeating: 0)

    /// Whether ``flush(into:)`` is due.
    var isFull: Bool { room == 0 }

    /// Whether the sums hold rows not yet flushed.
    var isEmpty: Bool { room == Self.rowsPerFlush }

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
        sums[unchecked: index] &+= (significand ^ mask) &- mask
        let square = significand.multipliedFullWidth(by: significand)
        if negated {
            let (low, borrow) = squaresLow[unchecked: index].subtractingReportingOverflow(square.low)
            squaresLow[unchecked: index] = low
            squaresHigh[unchecked: index] &-= square.high &+ (borrow ? 1 : 0)
        } else {
            let (low, carry) = squaresLow[unchecked: index].addingReportingOverflow(square.low)
            squaresLow[unchecked: index] = low
            squaresHigh[unchecked: index] &+= square.high &+ (carry ? 1 : 0)
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
        for index in 0..<Self.exponents {
            let sum = sums[index], low = squaresLow[index], high = squaresHigh[index]
            guard sum != 0 || low != 0 || high != 0 else { continue }
            // The exponent of the significands' lowest bit, from the unit: at least -52 (the
            // lowest set bit of every value is at or above the unit, so a shift right drops
            // only zeros), at most 75 (their highest bit is below the top, 128 above the unit).
            let shift = (top - index - 1075) - fixed.unit
            fixed.add(sum: sum, squaresLow: low, squaresHigh: high, shift: shift)
            sums[index] = 0
            squaresLow[index] = 0
            squaresHigh[index] = 0
        }
        room = Self.rowsPerFlush
    }
}

extension FixedPointMoments {
    /// Adds `sum · 2^shift` (a signed 64-bit integer) to the sum and `squares · 2^(2 · shift)`
    /// (a signed 128-bit integer, `squaresHigh` its high word) to the sum of squares, modulo
    /// their widths; a negative shift drops bits that must be zeros.
    mutating func add(sum: UInt64, squaresLow: UInt64, squaresHigh: UInt64, shift: Int) {
        var words = wordsOfSums
        withUnsafeMutableBytes(of: &words) { raw in
            let all = raw.bindMemory(to: UInt64.self)
            Self.addShifted(low: sum, high: UInt64(bitPattern: Int64(bitPattern: sum) >> 63), shift: shift,
                            into: UnsafeMutableBufferPointer(rebasing: all[0..<3]))
            Self.addShifted(low: squaresLow, high: squaresHigh, shift: 2 * shift,
                            into: UnsafeMutableBufferPointer(rebasing: all[3..<8]))
        }
        wordsOfSums = words
    }

    /// Adds the signed 128-bit integer `high:low` times 2^shift to the little-endian two's
    /// complement integer `words`, modulo its width (`shift` >= -127; bits shifted out at the
    /// bottom are dropped).
    private static func addShifted(low: UInt64, high: UInt64, shift: Int, into words: UnsafeMutableBufferPointer<UInt64>) {
        var value = Int128(Int64(bitPattern: high)) << 64 | Int128(low)
        var shift = shift
        if shift < 0 {
            value >>= Int128(-shift)
            shift = 0
        }
        let signWord = UInt64(bitPattern: Int64(truncatingIfNeeded: value >> 127))
        let wordShift = shift / 64, bitShift = UInt64(shift % 64)
        let low = UInt64(truncatingIfNeeded: value), high = UInt64(truncatingIfNeeded: value >> 64)
        // Word k of value << bitShift: three words, the third sign-extended, then the sign.
        func shifted(_ k: Int) -> UInt64 {
            switch k {
            case 0: return low << bitShift
            case 1: return bitShift == 0 ? high : high << bitShift | low >> (64 - bitShift)
            case 2: return bitShift == 0 ? signWord : UInt64(bitPattern: Int64(bitPattern: high) >> Int64(64 - bitShift))
            default: return signWord
            }
        }
        var carry: UInt64 = 0
        for j in words.indices {
            let k = j - wordShift
            let addend: UInt64 = k < 0 ? 0 : shifted(k)
            let (partial, carry1) = words[j].addingReportingOverflow(addend)
            let (total, carry2) = partial.addingReportingOverflow(carry)
            words[j] = total
            carry = carry1 || carry2 ? 1 : 0
        }
    }
}
