import Testing
@testable import SQLshParquet

@Suite struct ThriftCompactReaderTests {
    @Test func readsVarintsAndZigzag() throws {
        var r = ThriftCompactReader([0x96, 0x01, 0x03, 0x04])
        #expect(try r.readVarint() == 150)
        #expect(try r.readI32() == -2)
        #expect(try r.readI64() == 2)
        #expect(throws: ParquetError.self) { try r.readByte() }
    }

    @Test func readsAStructSkippingUnknownFields() throws {
        // field 1 i32 = 5 (zigzag 10); field 3 binary "ab"; field 2 (delta -1 via long form) bool true; stop.
        let bytes: [UInt8] = [0x15, 0x0A, 0x28, 0x02, 0x61, 0x62, 0x01, 0x04, 0x00]
        var r = ThriftCompactReader(bytes)
        var seen: [Int16] = []
        try r.beginStruct()
        while let field = try r.nextField() {
            seen.append(field.id)
            try r.skip(field.type)
        }
        #expect(seen == [1, 3, 2])
        #expect(r.remaining == 0)
    }

    @Test func refusesLyingLengths() {
        var r = ThriftCompactReader([0xFF, 0xFF, 0x03, 0x61])
        #expect(throws: ParquetError.self) { try r.readBinary() }
        var list = ThriftCompactReader([0xF5, 0xFF, 0xFF, 0xFF, 0x0F])
        #expect(throws: ParquetError.self) { try list.readListHeader() }
    }

    @Test func limitsNesting() {
        // A struct field holding a struct field holding ... (field 1, type struct = 0x1C).
        let bytes = [UInt8](repeating: 0x1C, count: 10_000)
        var r = ThriftCompactReader(bytes)
        #expect(throws: ParquetError.self) { try r.skip(.structure) }
    }

    @Test func truncatedFooterIsAnError() {
        var r = ThriftCompactReader([0x15, 0x02, 0x19])
        #expect(throws: ParquetError.self) { try FileMetaData(thrift: &r) }
    }
}
