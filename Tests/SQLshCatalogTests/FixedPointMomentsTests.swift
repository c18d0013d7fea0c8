@testable import SQLshCatalog
import Testing
import TestSupport

/// The fixed-point sums of the variance family give the same numerator, bit for bit, as the
/// expansions of Doubles they fall back to, for values added and removed in any order.
@Suite struct FixedPointMomentsTests {
    /// Adds and removes `values` (removing the oldest one when `window` values are in) in a
    /// Moments and in WideMoments directly, comparing the numerators after every change.
    /// Returns whether the Moments stayed on fixed-point sums.
    @discardableResult
    func check(_ values: [Double], window: Int = .max, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        var moments = MomentSums()
        var reference = WideMoments()
        var count = 0.0
        var frame: [Double] = []
        func compare(_ step: String) -> Bool {
            guard count > 0 else { return true }
            let got = moments.numerator(), want = reference.numerator(count: count)
            #expect(got.bitPattern == want.bitPattern, "\(step): \(got) != \(want) for \(frame)", sourceLocation: sourceLocation)
            return got.bitPattern == want.bitPattern
        }
        for x in values {
            moments.accumulate(x, sign: 1)
            reference.sum.add(x)
            reference.sumOfSquares.addProduct(x, x)
            count += 1
            frame.append(x)
            guard compare("after adding \(x)") else { return !moments.isWide }
            if frame.count > window {
                let old = frame.removeFirst()
                moments.accumulate(old, sign: -1)
                reference.sum.add(-old)
                reference.sumOfSquares.addProduct(-old, old)
                count -= 1
                guard compare("after removing \(old)") else { return !moments.isWide }
            }
        }
        return !moments.isWide
    }

    @Test func smallIntegersAndRealsStayFixed() {
        var random = SplitMix64(seed: 23)
        for round in 0..<200 {
            let values = (0..<(1 + Int(random.next() % 60))).map { _ -> Double in
                switch random.next() % 4 {
                case 0: return Double(Int64(bitPattern: random.next()) % 1_000_000) / 1000
                case 1: return Double(Int(random.next() % 21) - 10)
                case 2: return 0
                default: return Double(Int64(bitPattern: random.next()) % 1_000_000_000_000)
                }
            }
            #expect(check(values, window: round % 2 == 0 ? .max : 1 + round % 7), "\(values)")
        }
    }

    @Test func equalValuesGiveZero() {
        #expect(check([0.1, 0.1, 0.1, 0.1]))
        var moments = MomentSums()
        for _ in 0..<10 { moments.accumulate(123.456, sign: 1) }
        #expect(moments.numerator() == 0)
    }

    @Test func randomBitPatternsInEveryRange() {
        var random = SplitMix64(seed: 0xF1ED)
        // Exponents spread more or less widely, so that some sequences stay fixed and others move.
        for spread in [4, 20, 60, 100, 200, 600] {
            for _ in 0..<60 {
                let centre = Int(random.next() % 1600) - 800
                let values = (0..<(2 + Int(random.next() % 30))).map { _ -> Double in
                    let exponent = centre + Int(random.next() % UInt64(spread)) - spread / 2
                    let significand = 1 + Double(random.next() >> 12) / 0x1p52
                    // Below 2^448: larger values are left out of the sums (they make the result Inf).
                    let x = Double(sign: random.next() % 2 == 0 ? .plus : .minus, exponent: max(-1074, min(447, exponent)),
                                   significand: significand)
                    return x.isFinite ? x : 1
                }
                check(values, window: 1 + Int(random.next() % 6))
                check(values)
            }
        }
    }

    @Test func limitsOfTheFixedRange() {
        #expect(check([0x1p-400, 0x1p-300, -0x1p-350]))
        #expect(!check([0x1p-401, 1e-200]))
        #expect(!check([0x1p400, 1]))
        #expect(check([0x1.fffffffffffffp399, 0x1p300]))
        #expect(check([1, 0x1p127]))
        #expect(!check([1, 0x1p128]))
        #expect(check([0x1p-60, 0x1p60, 3, -7.5]))
        // The span grows downwards (a new unit) and upwards in turn.
        #expect(check([1024, 0.5, 0x1p40, 0x1p-30, -0x1p70, 0x1p-50]))
        // Subnormal numbers take the wide sums.
        #expect(!check([5e-324, 1e-310, 1]))
        check([9.223372036854775807e18, -9.223372036854775808e18, 1e16, 1e16 + 2, 1e16 + 4])
    }

    @Test func roundingOfTheNumeratorIsToNearestEven() {
        // Sums whose numerator needs more than 53 bits, near halfway points.
        var random = SplitMix64(seed: 77)
        for _ in 0..<300 {
            let base = Double(random.next() >> 11)  // up to 2^53
            let values = [base, base + Double(random.next() % 8), base - Double(random.next() % 8), 0.5, 0.25]
            #expect(check(values))
        }
    }

    @Test func thousandsOfValuesAcrossBucketFlushes() {
        // More rows than MomentBuckets takes between two flushes, added and removed, with
        // zeros, values of the buckets' exponents and of lower ones, and spans that widen.
        var random = SplitMix64(seed: 1024)
        for round in 0..<3 {
            let values = (0..<2600).map { i -> Double in
                switch random.next() % 8 {
                case 0: return 0
                case 1: return Double(Int64(bitPattern: random.next()) % 1000)
                case 2: return Double(Int64(bitPattern: random.next()) % 1_000_000) / 1e9
                case 3 where i > 1800: return Double(Int64(bitPattern: random.next()) % 1_000_000) * 1024
                default: return Double(Int64(bitPattern: random.next()) % 1_000_000) / 1000
                }
            }
            #expect(check(values, window: round == 0 ? .max : 700 * round))
        }
    }
}
