import Testing
@testable import SQLshWasm

/// The check of a module's text results against the standard library's own: every one- and
/// two-byte sequence, every lead byte of the longer forms with every second byte (where the
/// overlong, surrogate and out-of-range forms are decided), sequences cut short, and long
/// random texts that cross the eight-byte ASCII steps.
@Suite struct WasmUTF8Tests {
    private func agrees(_ bytes: [UInt8]) -> Bool {
        let expected = String(validating: bytes, as: UTF8.self) != nil
        return bytes.withUnsafeBufferPointer { WasmUTF8.isValid($0) } == expected
    }

    @Test func agreesOnEveryShortSequence() {
        #expect(agrees([]))
        var disagreements: [[UInt8]] = []
        for first in 0...255 {
            if !agrees([UInt8(first)]) { disagreements.append([UInt8(first)]) }
            for second in 0...255 where !agrees([UInt8(first), UInt8(second)]) {
                disagreements.append([UInt8(first), UInt8(second)])
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
    }

    @Test func agreesOnEveryLeadAndSecondByteOfLongerForms() {
        let tails: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xE0, 0xFF]
        var disagreements: [[UInt8]] = []
        for lead in 0xE0...0xFF {
            for second in 0...255 {
                for third in tails {
                    let three = [UInt8(lead), UInt8(second), third]
                    if !agrees(three) { disagreements.append(three) }
                    for fourth in tails where !agrees(three + [fourth]) {
                        disagreements.append(three + [fourth])
                    }
                }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
    }

    @Test func agreesOnLongTexts() {
        var generator = SystemRandomNumberGenerator()
        let pieces: [[UInt8]] = [Array("abcdefgh".utf8), Array("é".utf8), Array("€".utf8), Array("😀".utf8),
                                 [0x80], [0xC3], [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0xED, 0xA0, 0x80], [0xC0, 0xAF]]
        for _ in 0..<2000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...12, using: &generator) {
                // Mostly well-formed pieces, so that a bad byte lands at every position.
                let index = Int.random(in: 0..<100, using: &generator) < 90
                    ? Int.random(in: 0..<4, using: &generator) : Int.random(in: 4..<pieces.count, using: &generator)
                bytes += pieces[index]
            }
            #expect(agrees(bytes), "\(bytes)")
        }
        #expect(agrees(Array("Crème brûlée à la façon de Noël".utf8)))
        let bad: [UInt8] = Array("abcdefgh".utf8) + [0xFF]
        #expect(bad.withUnsafeBufferPointer { WasmUTF8.isValid($0) } == false)
    }
}
