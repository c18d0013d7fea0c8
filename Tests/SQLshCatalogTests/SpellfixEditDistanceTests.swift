@testable import SQLshCatalog
import Testing
import TestSupport

/// fuzzy_editdist's byte path for ASCII texts gives what its character path gives.
@Suite struct SpellfixEditDistanceTests {
    @Test func asciiPathMatchesTheCharacterPath() {
        var random = SplitMix64(seed: 0xED17)
        // Letters of every class, both cases, digits, space, punctuation, the silent h and
        // apostrophe, r, y, the prefix star and NUL.
        let alphabet = Array("aeiouyAEIOUYbfpvwcgjkqsxzdtlrmnhBFPVWCGJKQSXZDTLRMNH019 '*-.\u{0}".utf8)
        let scratch = EditDistanceScratch()
        for _ in 0..<3000 {
            func word() -> [UInt8] {
                (0..<Int(random.next() % 9)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
            }
            let a = word(), b = random.next() % 4 == 0 ? word() : a.map { random.next() % 3 == 0 ? alphabet[Int(random.next() % UInt64(alphabet.count))] : $0 }
            a.withUnsafeBufferPointer { x in
                b.withUnsafeBufferPointer { y in
                    #expect(scratch.asciiDistance(x, y) == scratch.unitDistance(x, y), "\(a) \(b)")
                }
            }
        }
    }
}
