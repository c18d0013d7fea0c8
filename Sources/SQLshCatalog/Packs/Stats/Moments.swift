import SQLshCore

/// Which statistic a ``Moments`` aggregate gives from its count and sum of squared deviations.
protocol MomentStatistic: SendableMetatype {
    static func result(count: Double, squaredDeviations m2: Double) -> Double?
}

enum SampleVariance: MomentStatistic {
    static func result(count n: Double, squaredDeviations m2: Double) -> Double? { n < 2 ? nil : m2 / (n - 1) }
}
enum PopulationVariance: MomentStatistic {
    static func result(count n: Double, squaredDeviations m2: Double) -> Double? { n < 1 ? nil : m2 / n }
}
enum SampleStandardDeviation: MomentStatistic {
    static func result(count n: Double, squaredDeviations m2: Double) -> Double? {
        SampleVariance.result(count: n, squaredDeviations: m2)?.squareRoot()
    }
}
enum PopulationStandardDeviation: MomentStatistic {
    static func result(count n: Double, squaredDeviations m2: Double) -> Double? {
        PopulationVariance.result(count: n, squaredDeviations: m2)?.squareRoot()
    }
}

/// Variance and standard deviation for aggregates and window functions.
///
/// The state is the count and the exact sums of the values and of their squares. Removing a
/// row from a sliding window frame subtracts exactly what adding it added, so a window's state
/// is always exactly that of its frame, and the result, `(count · Σx² − (Σx)²) / count`, is
/// worked out exactly and rounded once: a sliding window gives the same Double as the plain
/// aggregate of the same rows, whatever passed through the frame before (compensated sums,
/// which this replaced, kept the rounding error of a huge value after it left the frame).
///
/// The sums are kept as fixed-point integers (``FixedPointMoments``) while every value lies
/// between 2^-400 and 2^400 and all of them fit in a span of 128 bits (data in one unit of
/// measure does): adding a value is a few integer additions, and for the values of the 8
/// highest exponents of the span (nearly all of them) fewer still, summed per exponent in
/// ``MomentBuckets`` and moved into the fixed-point sums now and then. Otherwise the sums move,
/// exactly, to ``ExactSum`` expansions of Doubles (each square kept exactly as two Doubles, by
/// fma), which take any magnitude at several times the cost. All give the same result, bit
/// for bit.
///
/// Values beyond ±2^448 (about 7e134), whose squares summed could overflow, make the result
/// Infinity while they are in the frame.
// The statistic is a generic parameter without constraints and the conformance a conditional
// one: instantiating the type at start-up then checks no requirement, each of which would
// scan every protocol conformance record of the program (about 40 µs per function).
struct Moments<Statistic> {
    /// The count and sums: the state, the same for every statistic.
    var sums = MomentSums()
}

/// The state of ``Moments``, not generic: adding and removing a row is then the same code for
/// every statistic (four identical generic bodies were merged by the compiler into one behind
/// a thunk that passed the type, 12 instructions a row).
struct MomentSums {
    var count = 0.0
    /// How many values in the frame are too large to square safely.
    var hugeCount = 0
    /// The sums while they fit, but for the values in ``buckets``.
    var fixed = FixedPointMoments()
    /// The latest values of the usual magnitudes, per exponent: part of ``fixed``'s sums.
    var buckets = MomentBuckets()
    /// Whether the sums have moved to ``wide``, for good.
    var isWide = false
    /// The sums once ``fixed`` could not take a value.
    var wide = WideMoments()

    /// The largest magnitude whose square, times any count, stays far from overflowing.
    static var hugeThreshold: Double { 0x1p448 }

    // Forced inlining in this file: Benchmarks/sqlean-compare.sh (stddev, variance...): every row of the aggregate.
    @inline(__always)
    static func input(_ arguments: Arguments) -> Double? {
        let value = arguments[0]
        switch value.storageType {
        case .real, .integer: return value.double
        case .null: return nil
        case .text, .blob: return value.numericType == .null ? nil : value.double
        }
    }

    /// Adds (`sign` 1) or removes (`sign` -1) one value, exactly.
    @inline(__always)
    mutating func accumulate(_ x: Double, sign: Double) {
        count += sign
        if buckets.take(x, negated: sign < 0) {
            if buckets.isFull { buckets.flush(into: &fixed) }
            return
        }
        accumulateElsewhere(x, sign: sign)
    }

    /// ``accumulate(_:sign:)`` for a value ``buckets`` does not take.
    @inline(never)
    private mutating func accumulateElsewhere(_ x: Double, sign: Double) {
        guard abs(x) <= Self.hugeThreshold else { hugeCount += Int(sign); return }
        if !isWide {
            let (unit, top) = (fixed.unit, fixed.top)
            if fixed.accumulate(x, negated: sign < 0) {
                // A wider span: the buckets' exponents move with it (the values in them fit
                // the new span as they fitted the old one).
                if fixed.unit != unit || fixed.top != top {
                    buckets.flush(into: &fixed)
                    buckets.anchor(to: fixed)
                }
                return
            }
            buckets.flush(into: &fixed)
            buckets.close()
            wide = fixed.wide
            isWide = true
        }
        wide.sum.add(sign * x)
        wide.sumOfSquares.addProduct(sign * x, x)
    }

    /// `count · Σx² − (Σx)²` rounded to the nearest Double (the sums exact).
    func numerator() -> Double {
        if isWide { return wide.numerator(count: count) }
        guard !buckets.isEmpty else { return fixed.numerator(count: count) }
        var sums = fixed
        buckets.add(to: &sums)
        return sums.numerator(count: count)
    }
}

extension Moments: Aggregate, WindowAggregate where Statistic: MomentStatistic {
    // Inlined into the specialized aggregate callbacks, whose code is then the same for every
    // statistic: one function, calling nothing indirectly.
    @inline(__always)
    mutating func step(_ arguments: Arguments) throws {
        guard let x = MomentSums.input(arguments) else { return }
        sums.accumulate(x, sign: 1)
    }

    @inline(__always)
    mutating func inverse(_ arguments: Arguments) throws {
        guard let x = MomentSums.input(arguments) else { return }
        sums.accumulate(x, sign: -1)
        if sums.count <= 0 { sums = MomentSums() }
    }

    // Its own value(), not the protocol's default: through the default, each window row
    // copied the whole state (Moments' value witness and a memcpy, about 180 instructions).
    @inline(__always)
    func value() throws -> (any SQLValueConvertible)? { try finalize() }

    @inline(__always)
    func finalize() throws -> (any SQLValueConvertible)? {
        let count = sums.count
        guard count > 0 else { return Statistic.result(count: 0, squaredDeviations: 0) }
        if sums.hugeCount > 0 { return Statistic.result(count: count, squaredDeviations: .infinity) }
        let squaredDeviations = max(0, sums.numerator() / count)
        return Statistic.result(count: count, squaredDeviations: squaredDeviations)
    }
}

/// The exact sums of the values and of their squares as ``ExactSum`` expansions: any magnitude.
struct WideMoments {
    var sum = ExactSum()
    var sumOfSquares = ExactSum()

    /// `count · Σx² − (Σx)²`, exactly (every product of two Doubles is a Double pair), rounded once.
    func numerator(count: Double) -> Double {
        var numerator = ExactSum()
        for p in sumOfSquares.partials { numerator.addProduct(p, count) }
        for p in sum.partials {
            for q in sum.partials { numerator.addProduct(-p, q) }
        }
        return numerator.value
    }
}

/// The exact sums of the values and of their squares as integers in units of 2^unit and
/// 2^(2·unit): a 192-bit two's complement sum, a 320-bit sum of squares.
///
/// It takes values whose magnitude lies in [2^-400, 2^400) (zero too) as long as all the
/// values it was given, written as odd integers times powers of two, span at most 128 bits
/// from the lowest bit of one to the highest bit of another; ``accumulate(_:negated:)``
/// returns false for a value that would break that, and the caller moves to ``wide``. Within
/// those bounds a value's square is a Double pair by fma (no underflow), so the sums are the
/// same as ``WideMoments``', and neither sum can overflow in fewer than 2^62 additions.
struct FixedPointMoments {
    /// The exponent of the unit of ``sumLow``/``sumHigh``.
    var unit = 0
    /// One past the exponent of the highest bit of any value taken; `Int.min` before the first
    /// non-zero value.
    var top = Int.min
    // The words are 64-bit (UInt128 needs 16-byte alignment, which would keep the state out of
    // SQLite's aggregate context).
    private var sum0: UInt64 = 0, sum1: UInt64 = 0
    var sumHigh: UInt64 = 0
    private var squares0: UInt64 = 0, squares1: UInt64 = 0, squares2: UInt64 = 0, squares3: UInt64 = 0
    var squaresHigh: UInt64 = 0

    /// The low 128 bits of the sum.
    var sumLow: UInt128 {
        @inline(__always) get { UInt128(sum1) << 64 | UInt128(sum0) }
        @inline(__always) set { (sum0, sum1) = (UInt64(truncatingIfNeeded: newValue), UInt64(truncatingIfNeeded: newValue >> 64)) }
    }
    /// The low 128 bits of the sum of squares.
    var squaresLow: UInt128 {
        @inline(__always) get { UInt128(squares1) << 64 | UInt128(squares0) }
        @inline(__always) set {
            (squares0, squares1) = (UInt64(truncatingIfNeeded: newValue), UInt64(truncatingIfNeeded: newValue >> 64))
        }
    }
    /// Bits 128 to 255 of the sum of squares.
    var squaresMiddle: UInt128 {
        @inline(__always) get { UInt128(squares3) << 64 | UInt128(squares2) }
        @inline(__always) set {
            (squares2, squares3) = (UInt64(truncatingIfNeeded: newValue), UInt64(truncatingIfNeeded: newValue >> 64))
        }
    }

    /// The widest span, in bits, of the values taken.
    static var span: Int { 128 }

    /// Adds or subtracts `x`; false (nothing changed) when it does not fit.
    @inline(__always)
    mutating func accumulate(_ x: Double, negated: Bool) -> Bool {
        let bits = x.bitPattern
        let biased = Int(truncatingIfNeeded: (bits >> 52) & 0x7FF)
        let exponent = biased - 1075  // of the lowest bit of the 53-bit significand
        // The usual case: a normal number within the span already taken (which lies within
        // [2^-452, 2^400), so that the value's magnitude is in [2^-400, 2^400)).
        guard exponent >= unit && exponent + 53 <= top else { return accumulateWidening(x, negated: negated) }
        add(significand: (bits & 0xF_FFFF_FFFF_FFFF) | 0x10_0000_0000_0000, shift: exponent - unit,
            negative: negated != (bits >> 63 != 0), negated: negated)
        return true
    }

    /// ``accumulate(_:negated:)`` for zero and for a value outside the span taken so far.
    @inline(never)
    private mutating func accumulateWidening(_ x: Double, negated: Bool) -> Bool {
        let bits = x.bitPattern
        if bits << 1 == 0 { return true }  // ±0
        let biased = Int(truncatingIfNeeded: (bits >> 52) & 0x7FF)
        // 2^-400 <= |x| < 2^400: a normal number whose square is a normal number.
        guard biased >= 1023 - 400 && biased < 1023 + 400 else { return false }
        var significand = (bits & 0xF_FFFF_FFFF_FFFF) | 0x10_0000_0000_0000
        let zeros = significand.trailingZeroBitCount
        significand &>>= UInt64(zeros)
        let exponent = biased - 1075 + zeros
        let end = exponent + (64 - significand.leadingZeroBitCount)
        guard fit(exponent: exponent, end: end) else { return false }
        add(significand: significand, shift: exponent - unit, negative: negated != (bits >> 63 != 0), negated: negated)
        return true
    }

    /// Adds `±significand · 2^shift` to the sum and its square to the sum of squares (subtracts
    /// it when `negated`); `significand << shift` < 2^128.
    @inline(__always)
    private mutating func add(significand: UInt64, shift: Int, negative: Bool, negated: Bool) {
        let value = UInt128(significand) &<< UInt128(truncatingIfNeeded: shift)
        let square = UInt128(significand) &* UInt128(significand)
        let k = 2 * shift  // square << k < 2^256
        let low: UInt128, high: UInt128
        if k < 128 {
            // No branch on k == 0: (square >> 1) >> (127 - k) is square >> (128 - k), and 0
            // for k 0 (a shift by 128 would be taken modulo 128).
            low = square &<< UInt128(truncatingIfNeeded: k)
            high = (square &>> 1) &>> UInt128(truncatingIfNeeded: 127 - k)
        } else {
            (low, high) = (0, square &<< UInt128(truncatingIfNeeded: k - 128))
        }
        // The sign without a branch (a random sign mispredicted half the time): adding -value
        // to the 192-bit two's complement sum adds ~value + 1 (no carry out of the low 128
        // bits: value is not 0) and all ones to the top word.
        let mask: UInt64 = 0 &- (negative ? 1 : 0)
        let signed = (value ^ (UInt128(mask) &<< 64 | UInt128(mask))) &+ UInt128(mask & 1)
        let (l, carry) = sumLow.addingReportingOverflow(signed)
        sumLow = l
        sumHigh = sumHigh &+ mask &+ (carry ? 1 : 0)
        if negated {
            let (l, b1) = squaresLow.subtractingReportingOverflow(low)
            let (m1, b2) = squaresMiddle.subtractingReportingOverflow(high)
            let (m2, b3) = m1.subtractingReportingOverflow(b1 ? 1 : 0)
            squaresLow = l
            squaresMiddle = m2
            squaresHigh &-= (b2 ? 1 : 0) &+ (b3 ? 1 : 0)
        } else {
            let (l, c1) = squaresLow.addingReportingOverflow(low)
            let (m1, c2) = squaresMiddle.addingReportingOverflow(high)
            let (m2, c3) = m1.addingReportingOverflow(c1 ? 1 : 0)
            squaresLow = l
            squaresMiddle = m2
            squaresHigh &+= (c2 ? 1 : 0) &+ (c3 ? 1 : 0)
        }
    }

    /// Widens the span for a value from 2^exponent to 2^end (exclusive), moving the unit down
    /// when needed; false when the span would pass ``span``.
    @inline(never)
    private mutating func fit(exponent: Int, end: Int) -> Bool {
        if top == Int.min {
            (unit, top) = (exponent, end)
            return true
        }
        let newUnit = min(unit, exponent), newTop = max(top, end)
        guard newTop - newUnit <= Self.span else { return false }
        let shift = unit - newUnit
        if shift > 0 {
            // Every value taken fits in `span` bits at the new unit, so neither sum overflows.
            withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 8) { words in
                words[0] = UInt64(truncatingIfNeeded: sumLow)
                words[1] = UInt64(truncatingIfNeeded: sumLow >> 64)
                words[2] = sumHigh
                Self.shiftLeft(UnsafeMutableBufferPointer(rebasing: words[0..<3]), by: shift)
                sumLow = UInt128(words[1]) << 64 | UInt128(words[0])
                sumHigh = words[2]
                words[0] = UInt64(truncatingIfNeeded: squaresLow)
                words[1] = UInt64(truncatingIfNeeded: squaresLow >> 64)
                words[2] = UInt64(truncatingIfNeeded: squaresMiddle)
                words[3] = UInt64(truncatingIfNeeded: squaresMiddle >> 64)
                words[4] = squaresHigh
                Self.shiftLeft(UnsafeMutableBufferPointer(rebasing: words[0..<5]), by: 2 * shift)
                squaresLow = UInt128(words[1]) << 64 | UInt128(words[0])
                squaresMiddle = UInt128(words[3]) << 64 | UInt128(words[2])
                squaresHigh = words[4]
            }
            unit = newUnit
        }
        top = newTop
        return true
    }

    /// Shifts a little-endian multi-word integer left (bits past the top are dropped).
    private static func shiftLeft(_ words: UnsafeMutableBufferPointer<UInt64>, by shift: Int) {
        let wordShift = shift / 64, bitShift = shift % 64
        for i in stride(from: words.count - 1, through: 0, by: -1) {
            let source = i - wordShift
            var word: UInt64 = source >= 0 ? words[source] << UInt64(bitShift) : 0
            if bitShift > 0, source - 1 >= 0 { word |= words[source - 1] >> UInt64(64 - bitShift) }
            words[i] = word
        }
    }

    /// The same sums as ``WideMoments``, exactly: each 32-bit piece of the integers is a Double.
    var wide: WideMoments {
        var result = WideMoments()
        let negative = sumHigh >> 63 != 0
        var low = sumLow, high = sumHigh
        if negative {  // the magnitude of the two's complement value
            low = ~low &+ 1
            high = ~high &+ (low == 0 ? 1 : 0)
        }
        let sumWords = [UInt64(truncatingIfNeeded: low), UInt64(truncatingIfNeeded: low >> 64), high]
        for (i, word) in sumWords.enumerated() {
            for half in 0..<2 {
                let piece = Double((word >> UInt64(32 * half)) & 0xFFFF_FFFF)
                let scaled = piece * Self.power(unit + 64 * i + 32 * half)
                result.sum.add(negative ? -scaled : scaled)
            }
        }
        let squareWords = [UInt64(truncatingIfNeeded: squaresLow), UInt64(truncatingIfNeeded: squaresLow >> 64),
                           UInt64(truncatingIfNeeded: squaresMiddle), UInt64(truncatingIfNeeded: squaresMiddle >> 64),
                           squaresHigh]
        for (i, word) in squareWords.enumerated() {
            for half in 0..<2 {
                let piece = Double((word >> UInt64(32 * half)) & 0xFFFF_FFFF)
                result.sumOfSquares.add(piece * Self.power(2 * unit + 64 * i + 32 * half))
            }
        }
        return result
    }

    /// 2^exponent (a normal Double: the exponents here stay within ±1000).
    private static func power(_ exponent: Int) -> Double { Double(sign: .plus, exponent: exponent, significand: 1) }

    /// `count · Σx² − (Σx)²` rounded once to the nearest Double (ties to even); `count` is a
    /// whole number.
    func numerator(count: Double) -> Double {
        // |Σx| as a 192-bit magnitude: a0 + a1 · 2^128.
        var a0 = sumLow, a1 = UInt128(sumHigh)
        if sumHigh >> 63 != 0 {
            a0 = ~sumLow &+ 1
            a1 = UInt128(~sumHigh &+ (a0 == 0 ? 1 : 0))
        }
        // (Σx)², 384 bits.
        var square = Wide384()
        let p00 = a0.multipliedFullWidth(by: a0)
        square.add(p00.low, at: 0)
        square.add(p00.high, at: 1)
        let p01 = a0.multipliedFullWidth(by: a1)
        for _ in 0..<2 {
            square.add(p01.low, at: 1)
            square.add(p01.high, at: 2)
        }
        square.add(a1 &* a1, at: 2)  // a1 < 2^63
        // count · Σx², 384 bits.
        let n = UInt128(UInt64(count))
        var scaled = Wide384()
        let q0 = squaresLow.multipliedFullWidth(by: n)
        scaled.add(q0.low, at: 0)
        scaled.add(q0.high, at: 1)
        let q1 = squaresMiddle.multipliedFullWidth(by: n)
        scaled.add(q1.low, at: 1)
        scaled.add(q1.high, at: 2)
        scaled.add(UInt128(squaresHigh) &* n, at: 2)
        scaled.subtract(square)  // >= 0: count · Σx² >= (Σx)²
        return scaled.rounded(exponent: 2 * unit)
    }
}

/// A 384-bit unsigned integer as three 128-bit words, little-endian, for ``FixedPointMoments``.
struct Wide384 {
    var w0: UInt128 = 0, w1: UInt128 = 0, w2: UInt128 = 0

    /// Adds `value · 2^(128 · word)`, dropping a carry out of the top.
    mutating func add(_ value: UInt128, at word: Int) {
        switch word {
        case 0:
            let (a, c0) = w0.addingReportingOverflow(value)
            w0 = a
            guard c0 else { return }
            let (b, c1) = w1.addingReportingOverflow(1)
            w1 = b
            if c1 { w2 &+= 1 }
        case 1:
            let (b, c1) = w1.addingReportingOverflow(value)
            w1 = b
            if c1 { w2 &+= 1 }
        default:
            w2 &+= value
        }
    }

    /// Subtracts a value no larger than this one.
    mutating func subtract(_ other: Wide384) {
        let (a, b0) = w0.subtractingReportingOverflow(other.w0)
        let (b, b1) = w1.subtractingReportingOverflow(other.w1)
        let (b2v, b2) = b.subtractingReportingOverflow(b0 ? 1 : 0)
        w0 = a
        w1 = b2v
        w2 = w2 &- other.w2 &- (b1 ? 1 : 0) &- (b2 ? 1 : 0)
    }

    /// The value times 2^exponent, rounded to the nearest Double, ties to even (the result
    /// must be a normal number or zero).
    func rounded(exponent: Int) -> Double {
        @inline(__always) func words(_ i: Int) -> UInt128 { i == 0 ? w0 : i == 1 ? w1 : w2 }
        let topWord = w2 != 0 ? 2 : w1 != 0 ? 1 : 0
        if topWord == 0 && w0 == 0 { return 0 }
        let leading = words(topWord).leadingZeroBitCount
        let width = 128 * topWord + 128 - leading  // bits in the value
        // The top 64 bits, and whether any bit below them is set.
        let shift = width - 64
        var head: UInt64
        var sticky = false
        if shift <= 0 {
            head = UInt64(truncatingIfNeeded: w0) << UInt64(-shift)
        } else {
            let word = shift / 128, bit = shift % 128
            var chunk = words(word) >> UInt128(bit)
            if bit > 64, word + 1 <= 2 { chunk |= words(word + 1) << UInt128(128 - bit) }
            head = UInt64(truncatingIfNeeded: chunk)
            if bit > 0 && words(word) & ((1 << UInt128(bit)) - 1) != 0 { sticky = true }
            for i in 0..<word where words(i) != 0 { sticky = true }
        }
        // 53 bits of significand, then the rounding bit and the rest.
        var significand = head >> 11
        let rest = head & 0x7FF
        if rest > 0x400 || (rest == 0x400 && (sticky || significand & 1 == 1)) {
            significand += 1
        }
        var top = width - 1 + exponent  // the exponent of the leading bit
        if significand == 1 << 53 {
            significand >>= 1
            top += 1
        }
        return Double(sign: .plus, exponent: top, significand: Double(significand) / 0x1p52)
    }
}

/// A sum of Doubles kept exactly, as a short list of non-overlapping partial sums in order of
/// increasing magnitude (Shewchuk's expansions, the method of Python's `math.fsum`): adding a
/// value and adding it again negated leaves exactly the sum before.
struct ExactSum {
    private(set) var partials: [Double] = []

    /// Adds `x` exactly (finite values whose sums do not overflow).
    @inline(__always)
    mutating func add(_ x: Double) {
        var x = x
        var kept = 0
        for i in partials.indices {
            var y = partials[i]
            if abs(x) < abs(y) { swap(&x, &y) }
            let high = x + y
            let low = y - (high - x)  // exact, as |x| >= |y|
            if low != 0 {
                partials[kept] = low
                kept += 1
            }
            x = high
        }
        partials.removeSubrange(kept...)
        if x != 0 { partials.append(x) }
    }

    /// Adds the product `a · b` exactly: its rounded value and, by fma, its rounding error
    /// (finite products that do not overflow).
    @inline(__always)
    mutating func addProduct(_ a: Double, _ b: Double) {
        let product = a * b
        add(product)
        add((-product).addingProduct(a, b))
    }

    /// The exact sum rounded once to the nearest Double (ties to even).
    var value: Double {
        var i = partials.count
        guard i > 0 else { return 0 }
        i -= 1
        var high = partials[i]
        var low = 0.0
        while i > 0 {
            i -= 1
            let x = high, y = partials[i]
            high = x + y
            low = y - (high - x)
            if low != 0 { break }
        }
        // high + low is exact; the partials left below it decide a tie.
        if i > 0, (low < 0 && partials[i - 1] < 0) || (low > 0 && partials[i - 1] > 0) {
            let twice = low * 2
            let rounded = high + twice
            if twice == rounded - high { high = rounded }
        }
        return high
    }
}

/// The catalog entries of the variance family.
enum MomentFunctions {
    static let note = """
        NULLs are ignored; other values are read as numbers the way SQLite's sum() reads them \
        (text that is not a number and blobs count as 0, unlike median, which refuses them). \
        Computed from exact sums of the values and their squares, rounded once, so that large \
        values stay accurate, a frame of equal values gives 0, and a sliding window frame gives \
        the same result as the plain aggregate of its rows. Values beyond ±7e134 (whose squares \
        could overflow) make the result Inf. Works as an aggregate and as a window function \
        (sliding frames too).
        """

    static func entry<S: MomentStatistic>(_ name: String, _ statistic: S.Type, summary: String, tooFew: String,
                                          example: String) -> CatalogFunction {
        CatalogFunction(
            arguments: "x",
            summary: summary,
            details: "\(name)(x): \(summary). \(tooFew) " + note,
            example: example
        ) {
            [SQLFunction(name, argumentCount: 1, options: .pure, aggregate: Moments<S>.self)]
        }
    }

    static let sampleNote = "NULL for fewer than 2 values (sqlean gives 0.0, which hides missing data)."
    static let populationNote = "NULL when there are no values; 0.0 for one value."
    static let values = "(values (2), (4), (4), (4), (5), (5), (7), (9))"

    static let stddev = entry("stddev", SampleStandardDeviation.self,
                              summary: "the sample standard deviation (same as stddev_samp)", tooFew: sampleNote,
                              example: "select stddev(column1) from \(values);  -- 2.13808993529939")
    static let stddevSamp = entry("stddev_samp", SampleStandardDeviation.self,
                                  summary: "the sample standard deviation", tooFew: sampleNote,
                                  example: "select stddev_samp(column1) from \(values);  -- 2.13808993529939")
    static let stddevPop = entry("stddev_pop", PopulationStandardDeviation.self,
                                 summary: "the population standard deviation", tooFew: populationNote,
                                 example: "select stddev_pop(column1) from \(values);  -- 2.0")
    static let variance = entry("variance", SampleVariance.self,
                                summary: "the sample variance (same as var_samp)", tooFew: sampleNote,
                                example: "select variance(column1) from \(values);  -- 4.57142857142857")
    static let varSamp = entry("var_samp", SampleVariance.self,
                               summary: "the sample variance", tooFew: sampleNote,
                               example: "select var_samp(column1) from \(values);  -- 4.57142857142857")
    static let varPop = entry("var_pop", PopulationVariance.self,
                              summary: "the population variance", tooFew: populationNote,
                              example: "select var_pop(column1) from \(values);  -- 4.0")
}
