import SQLshShell
import Testing

/// Bytes that are not UTF-8 survive the trip through `String(rawBytes:)` and back, with every
/// valid sequence kept as the character it is.
@Suite struct RawTextTests {
    @Test func randomBytesRoundTrip() {
        var state: UInt64 = 0x1234_5678
        func next() -> UInt8 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        for length in [0, 1, 2, 3, 4, 5, 17, 1000] {
            for _ in 0..<200 {
                let bytes = (0..<length).map { _ in next() }
                #expect(String(rawBytes: bytes).rawBytes == bytes)
            }
        }
    }

    @Test func validSequencesStayCharacters() {
        let text = String(rawBytes: Array("é€😀".utf8) + [0xFF, 0xC3] + Array("a".utf8))
        #expect(text.unicodeScalars.count == 6)
        #expect(text.hasPrefix("é€😀"))
        #expect(text.hasSuffix("a"))
        // Overlong forms, surrogates and code points past U+10FFFF are escaped byte by byte.
        for invalid: [UInt8] in [[0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE0, 0x80, 0x80]] {
            let escaped = String(rawBytes: invalid)
            #expect(escaped.unicodeScalars.count == invalid.count)
            #expect(escaped.rawBytes == invalid)
        }
    }

    @Test func escapeRangeCodePointsTypedLiterallyRoundTrip() {
        // U+10FF80 to U+10FFFF mark escaped bytes inside the shell; typed literally (valid
        // UTF-8), they must still come back as the same bytes (found by FuzzDotArguments).
        for scalar: UInt32 in [0x10FF80, 0x10FFBF, 0x10FFC0, 0x10FFFF] {
            let bytes = Array(String(Character(Unicode.Scalar(scalar)!)).utf8) + Array("x".utf8)
            #expect(String(rawBytes: bytes).rawBytes == bytes)
            #expect(String(rawBytes: [0xFF] + bytes).rawBytes == [0xFF] + bytes)
        }
        // Just below the range, a private-use character stays one character.
        let below = Array(String(Character(Unicode.Scalar(0x10FF7F as UInt32)!)).utf8)
        #expect(String(rawBytes: below).unicodeScalars.count == 1)
        #expect(String(rawBytes: below).rawBytes == below)
    }

    @Test func aLongInvalidLineConvertsInOnePass() {
        // 10 MB of 0xFF took seconds when each byte went through the generic decoder.
        let bytes = [UInt8](repeating: 0xFF, count: 10_000_000)
        let text = String(rawBytes: bytes)
        #expect(text.utf8.count == 40_000_000)
        #expect(text.rawBytes.count == 10_000_000)
    }
}
