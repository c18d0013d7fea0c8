/// One value of a record, as SQLite stores it.
enum RecordValue: Equatable {
    case null
    case integer(Int64)
    case real(Double)
    /// UTF-8 text (converted from UTF-16 when the database stores that).
    case text([UInt8])
    case blob([UInt8])
}

/// The record format (file format §2.1): a header of serial types, then the values.
enum Record {
    /// Decodes the values of a record. A record whose payload was cut short (a broken overflow
    /// chain) or whose header is damaged yields the values that could be read whole, in order;
    /// `isComplete` says whether that was all of them.
    static func decode(_ payload: [UInt8], encoding: DatabaseFile.TextEncoding) -> (values: [RecordValue], isComplete: Bool) {
        guard let headerSize = Varint.read(payload, at: 0, end: payload.count),
              headerSize.value >= Int64(headerSize.length), headerSize.value <= Int64(payload.count)
        else { return ([], false) }
        let headerEnd = Int(headerSize.value)
        var p = headerSize.length
        var body = headerEnd
        var values: [RecordValue] = []
        while p < headerEnd {
            guard let type = Varint.read(payload, at: p, end: headerEnd) else { return (values, false) }
            p += type.length
            guard let length = contentLength(type.value) else { return (values, false) }
            guard length <= payload.count - body else { return (values, false) }
            values.append(value(type.value, payload, body, length, encoding))
            body += length
        }
        return (values, true)
    }

    /// The number of content bytes of a serial type; nil for the reserved types 10 and 11 and
    /// for negative (damaged) ones.
    static func contentLength(_ serialType: Int64) -> Int? {
        switch serialType {
        case 0, 8, 9: return 0
        case 1, 2, 3, 4: return Int(serialType)
        case 5: return 6
        case 6, 7: return 8
        case 12...: return Int(clamping: (serialType - 12) / 2)
        default: return nil
        }
    }

    private static func value(_ serialType: Int64, _ payload: [UInt8], _ start: Int, _ length: Int,
                              _ encoding: DatabaseFile.TextEncoding) -> RecordValue {
        switch serialType {
        case 0: return .null
        case 8: return .integer(0)
        case 9: return .integer(1)
        case 1...6:
            // Big-endian two's complement, sign-extended from the first byte.
            var v = Int64(Int8(bitPattern: payload[start]))
            for i in 1..<length { v = v << 8 | Int64(payload[start + i]) }
            return .integer(v)
        case 7:
            var bits: UInt64 = 0
            for i in 0..<8 { bits = bits << 8 | UInt64(payload[start + i]) }
            let r = Double(bitPattern: bits)
            // SQLite reads a NaN as NULL.
            return r.isNaN ? .null : .real(r)
        default:
            let bytes = Array(payload[start..<start + length])
            if serialType & 1 == 0 { return .blob(bytes) }
            return .text(encoding == .utf8 ? bytes : utf8(fromUTF16: bytes, bigEndian: encoding == .utf16be))
        }
    }

    /// UTF-16 text as UTF-8; an odd last byte is dropped and unpaired surrogates become U+FFFD.
    static func utf8(fromUTF16 bytes: [UInt8], bigEndian: Bool) -> [UInt8] {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var i = 0
        while i + 1 < bytes.count {
            let a = UInt16(bytes[i]), b = UInt16(bytes[i + 1])
            units.append(bigEndian ? a << 8 | b : b << 8 | a)
            i += 2
        }
        return Array(String(decoding: units, as: UTF16.self).utf8)
    }
}
