import Testing
@testable import SQLshParquet

@Suite struct ParquetColumnTypeChooserTests {
    func choose(_ declared: String?, _ values: [ParquetInputValue]) -> ParquetColumnType {
        var chooser = ParquetColumnTypeChooser(declaredType: declared)
        for v in values { chooser.observe(v) }
        return chooser.chosen
    }

    func withText<R>(_ s: String, _ body: (ParquetInputValue) -> R) -> R {
        Array(s.utf8).withUnsafeBytes { body(.text($0)) }
    }

    @Test func storageClasses() {
        #expect(choose(nil, [.integer(1), .null]) == .int64)
        #expect(choose(nil, [.integer(1), .real(2.5)]) == .double)
        #expect(choose("INTEGER", [.integer(1), .real(2.5)]) == .double)
        #expect(withText("a") { choose(nil, [.integer(1), $0]) } == .string)
        #expect(choose(nil, [.null]) == .string)
        #expect(choose("INTEGER", []) == .int64)
        #expect(choose("REAL", [.null]) == .double)
        #expect(choose("BLOB", []) == .binary)
        #expect([UInt8]([1, 2]).withUnsafeBytes { choose(nil, [.blob($0)]) } == .binary)
        #expect([UInt8]([0xFF]).withUnsafeBytes { b in withText("x") { choose(nil, [$0, .blob(b)]) } } == .binary)
        #expect([UInt8]([0xFF]).withUnsafeBytes { choose("TEXT", [.text($0)]) } == .binary)
    }

    @Test func declaredTypesWhenEveryValueFits() {
        #expect(choose("BOOLEAN", [.integer(1), .integer(0), .null]) == .boolean)
        #expect(choose("boolean", [.integer(2)]) == .int64)
        #expect(withText("2024-01-31") { choose("DATE", [$0]) } == .date)
        #expect(withText("2024-02-30") { choose("DATE", [$0]) } == .string)
        #expect(withText("2024-01-31 10:20:30.123456") { choose("TIMESTAMP", [$0]) } == .timestamp)
        #expect(withText("2024-01-31T10:20") { choose("DATETIME", [$0]) } == .timestamp)
        #expect(withText("2024-01-31 10:20:30+02:00") { choose("TIMESTAMP", [$0]) } == .string)
        #expect(withText("2024-01-31") { choose(nil, [$0]) } == .string)
    }

    @Test func dateTimeText() {
        func micros(_ s: String) -> Int64? { Array(s.utf8).withUnsafeBytes { DateTimeText.micros($0) } }
        func days(_ s: String) -> Int32? { Array(s.utf8).withUnsafeBytes { DateTimeText.days($0) } }
        #expect(days("1970-01-01") == 0)
        #expect(days("2000-03-01") == 11017)
        #expect(days("0001-01-01") == -719_162)
        #expect(days("1970-1-01") == nil)
        #expect(micros("1970-01-02") == 86_400_000_000)
        #expect(micros("1970-01-01 00:00:01.5") == 1_500_000)
        #expect(micros("1970-01-01 00:00:01.1234567") == nil)
        #expect(micros("1970-01-01 24:00:00") == nil)
    }
}
