import Foundation
@testable import SQLshFiles
import Testing

/// The CSV scanner's unquoted fields, found eight bytes at a time: every delimiter and line
/// end at every offset of a word and of the stream's buffer, against a plain splitter; and
/// the integer reading of fields without and with overflow checks.
@Suite struct CSVScannerTests {
    /// The records of `text` (no quotes), split the plain way: lines at LF, CR LF or CR
    /// (empty lines skipped), fields at `delimiter`.
    static func split(_ text: [UInt8], delimiter: UInt8) -> [[[UInt8]]] {
        var records: [[[UInt8]]] = []
        var fields: [[UInt8]] = []
        var field: [UInt8] = []
        var i = 0
        var inRecord = false
        while i < text.count {
            let c = text[i]
            if c == 10 || c == 13 {
                if inRecord { fields.append(field); records.append(fields) }
                fields = []
                field = []
                inRecord = false
                if c == 13, i + 1 < text.count, text[i + 1] == 10 { i += 1 }
            } else if c == delimiter {
                fields.append(field)
                field = []
                inRecord = true
            } else {
                field.append(c)
                inRecord = true
            }
            i += 1
        }
        if inRecord { fields.append(field); records.append(fields) }
        return records
    }

    /// The records the scanner reads from a file holding `text`.
    static func scan(_ text: [UInt8], delimiter: UInt8) throws -> [[[UInt8]]] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sqlsh-scan-\(UUID().uuidString).csv").path
        try Data(text).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        // The smallest buffer (4 KiB): fields cross its refills.
        let stream = try ByteStream(path: path, maxKept: 1 << 20, initialCapacity: 4096)
        var dialect = CSVDialect()
        dialect.delimiter = delimiter
        dialect.quote = nil
        let scanner = try CSVScanner(stream: stream, dialect: dialect)
        var records: [[[UInt8]]] = []
        while try scanner.next() {
            records.append((0..<scanner.fields.count).map { i in
                let (p, n) = scanner.bytes(i)
                return Array(UnsafeBufferPointer(start: p, count: n))
            })
        }
        return records
    }

    @Test func unquotedFieldsEndAtEveryOffset() throws {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("abc xyz0123456789.-é€".utf8)
        for delimiter in [UInt8(ascii: ","), UInt8(ascii: ";"), 9, UInt8(ascii: "|")] {
            var text: [UInt8] = []
            for _ in 0..<2_000 {
                let fields = Int.random(in: 1...6, using: &generator)
                for f in 0..<fields {
                    if f > 0 { text.append(delimiter) }
                    for _ in 0..<Int.random(in: 0...19, using: &generator) {
                        text.append(alphabet[Int.random(in: 0..<alphabet.count, using: &generator)])
                    }
                }
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: text.append(10)
                case 1: text += [13, 10]
                default: text.append(13)
                }
            }
            // A last record without a line end, ending in a field longer than a word.
            text += Array("tail\(Character(Unicode.Scalar(delimiter)))0123456789abcdef".utf8)
            let expected = Self.split(text, delimiter: delimiter)
            let got = try Self.scan(text, delimiter: delimiter)
            #expect(got.count == expected.count)
            #expect(got == expected)
        }
    }

    @Test func aDelimiterAtEachByteOfAWord() throws {
        for offset in 0..<17 {
            let text = Array((String(repeating: "x", count: offset) + ",y\n" + String(repeating: "z", count: offset) + "\r\n").utf8)
            #expect(try Self.scan(text, delimiter: UInt8(ascii: ",")) == Self.split(text, delimiter: UInt8(ascii: ",")))
        }
    }

    @Test func integersWithAndWithoutOverflowChecks() {
        func integer(_ text: String) -> Int64? {
            let bytes = Array(text.utf8)
            return bytes.withUnsafeBufferPointer { b in b.baseAddress.flatMap { FieldValue.integer($0, b.count) } }
        }
        #expect(integer("0") == 0)
        #expect(integer("-0") == 0)
        #expect(integer("007") == nil)
        #expect(integer("123456789012345678") == 123_456_789_012_345_678)
        #expect(integer("-999999999999999999") == -999_999_999_999_999_999)
        #expect(integer("9223372036854775807") == Int64.max)
        #expect(integer("-9223372036854775808") == Int64.min)
        #expect(integer("9223372036854775808") == nil)
        #expect(integer("-9223372036854775809") == nil)
        #expect(integer("12345678901234567890") == nil)
        #expect(integer("12a") == nil)
        #expect(integer("-") == nil)
        #expect(integer("1.5") == nil)
    }
}
