import Foundation
import Testing
import TestSupport

/// REAL values as `.mode insert` and `.dump` write them (`1e999`, `N.0` for whole numbers,
/// else `%!.20g`) must be byte-identical to sqlite3's, for every kind of double: random bit
/// patterns (subnormals, huge and tiny exponents, NaNs, which SQLite stores as NULL), signed
/// zeros, the edges of the 64-bit integer range, and values whose `%.15g` does not round-trip.
@Suite(.serialized)
struct RealFormattingTests {
    /// Doubles chosen by hand: the cases the formatting branches on.
    static let specialValues: [Double] = [
        0.0, -0.0, 1.0, -1.0, 0.5, 0.1, 0.2, 0.1 + 0.2, 1.0 / 3.0, 2.0 / 3.0, 100.0, 1e15, 1e16, 1e17,
        123456.789, 0.30000000000000004, 9007199254740993.0, 9007199254740992.0, 4503599627370497.5,
        9.2233720368547758e18, -9.2233720368547758e18, 9.2233720368547748e18, -9.2233720368547748e18,
        1.8446744073709552e19, 1e20, 3.0e20, 1e21, 1e22, 1e23, 1e100, 1e300, 1e308,
        .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNormalMagnitude, .leastNonzeroMagnitude,
        -.leastNonzeroMagnitude, 2.2250738585072009e-308, 5e-324, 1e-300, 1e-310, 1e-320,
        .infinity, -.infinity, .pi, -.pi, M_E, 0.000001, 0.0000001, 1.5e-7, 2.5e-310,
    ]

    /// `ieee754_from_blob(x'...')` for a bit pattern: exact, whatever the value.
    static func literal(_ bits: UInt64) -> String {
        "ieee754_from_blob(x'" + String(format: "%016llx", bits) + "')"
    }

    /// A script that stores `values` in a table, then prints them in insert mode and dumps them.
    static func script(_ bits: [UInt64]) -> Data {
        var sql = "create table t(r real, s real);\nbegin;\n"
        for pair in stride(from: 0, to: bits.count, by: 2) {
            let second = pair + 1 < bits.count ? literal(bits[pair + 1]) : "null"
            sql += "insert into t values(\(literal(bits[pair])), \(second));\n"
        }
        sql += "commit;\n.mode insert\nselect r, s, -r, r * 10, r / 10 from t;\n.dump\n"
        return Data(sql.utf8)
    }

    @Test("special values")
    func specialValues() throws {
        let bits = Self.specialValues.flatMap { [$0.bitPattern, $0.nextUp.bitPattern, $0.nextDown.bitPattern] }
        let (expected, actual) = try ShellRunner.compare(["-batch", ":memory:"], stdin: Self.script(bits))
        #expect(actual == expected)
    }

    @Test("random bit patterns")
    func randomBitPatterns() throws {
        var random = SplitMix64(seed: 12)
        let bits = (0..<4000).map { _ in random.next() }
        let (expected, actual) = try ShellRunner.compare(["-batch", ":memory:"], stdin: Self.script(bits))
        #expect(actual == expected)
    }

    @Test("random decimal-looking values")
    func randomDecimals() throws {
        // Values a user stores: short decimals, quotients, and numbers near whole ones, over
        // every decimal exponent and the subnormal range.
        var random = SplitMix64(seed: 34)
        var values: [Double] = []
        for _ in 0..<3000 {
            let mantissa = Double(random.next() % 10_000_000) / 1000
            let exponent = Int(random.next() % 640) - 320
            let value = mantissa * pow(10.0, Double(exponent))
            values.append(value)
            values.append(Double(random.next() % 1_000_000) / 7)
            values.append(Double(Int64(bitPattern: random.next() >> 10)) + 0.5)
        }
        let (expected, actual) = try ShellRunner.compare(["-batch", ":memory:"], stdin: Self.script(values.map(\.bitPattern)))
        #expect(actual == expected)
    }

    @Test("subnormals")
    func subnormals() throws {
        var random = SplitMix64(seed: 56)
        // Exponent bits zero: every subnormal, of either sign.
        let bits = (0..<2000).map { _ in random.next() & 0x800F_FFFF_FFFF_FFFF }
        let (expected, actual) = try ShellRunner.compare(["-batch", ":memory:"], stdin: Self.script(bits))
        #expect(actual == expected)
    }
}
