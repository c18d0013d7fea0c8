/// Writing JSON text for nested values (lists, maps, structs).
enum JSONText {
    static func string(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        let hex = Array("0123456789abcdef".utf8)
        // Invalid UTF-8 is repaired first: JSON text must be UTF-8.
        let valid = String(validating: bytes, as: UTF8.self) != nil
        let text: [UInt8] = valid ? Array(bytes) : Array(String(decoding: bytes, as: UTF8.self).utf8)
        for c in text {
            switch c {
            case UInt8(ascii: "\""): out += [92, 34]
            case 92: out += [92, 92]
            case 10: out += [92, UInt8(ascii: "n")]
            case 13: out += [92, UInt8(ascii: "r")]
            case 9: out += [92, UInt8(ascii: "t")]
            case 0..<32: out += [92, UInt8(ascii: "u"), 48, 48, hex[Int(c >> 4)], hex[Int(c & 15)]]
            default: out.append(c)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    static func string(_ text: [UInt8], into out: inout [UInt8]) {
        text.withUnsafeBufferPointer { string($0, into: &out) }
    }

    /// A real as its shortest round-trip text (`1.5`, `-2.0`, `1e+300`); null when not finite.
    static func real(_ value: Double, into out: inout [UInt8]) {
        guard value.isFinite else { out += "null".utf8; return }
        out += "\(value)".utf8
    }

    /// A leaf value as JSON: numbers as numbers, booleans as true/false, the rest as strings.
    static func leaf(_ values: ColumnValues, _ index: Int, kind: LeafKind, into out: inout [UInt8]) {
        switch values {
        case .booleans(let v): out += (v[index] ? "true" : "false").utf8
        case .float(let v): real(Double(v[index]), into: &out)
        case .double(let v): real(v[index], into: &out)
        case .int32(let v): integer(Int64(v[index]), kind: kind, into: &out)
        case .int64(let v): integer(v[index], kind: kind, into: &out)
        case .bytes(let v):
            v.withValue(index) { bytes in
                switch kind {
                case .json:
                    // Already JSON text.
                    if bytes.isEmpty { out += "null".utf8 } else { out += bytes }
                case .uuid, .int96, .decimal, .float16:
                    var text: [UInt8] = []
                    switch LeafValues.formatted(bytes, kind: kind, into: &text) {
                    case .real(let d): real(d, into: &out)
                    case .text:
                        if case .decimal = kind { out += text } else { string(text, into: &out) }
                    }
                default: string(bytes, into: &out)
                }
            }
        }
    }

    static func integer(_ value: Int64, kind: LeafKind, into out: inout [UInt8]) {
        switch kind {
        case .unsigned32: out += String(UInt32(truncatingIfNeeded: value)).utf8
        case .unsigned64: out += String(UInt64(bitPattern: value)).utf8
        case .date, .time, .timestamp:
            var text: [UInt8] = []
            _ = LeafValues.formatInteger(value, kind: kind, into: &text)
            string(text, into: &out)
        case .decimal:
            var text: [UInt8] = []
            _ = LeafValues.formatInteger(value, kind: kind, into: &text)
            out += text
        default: out += String(value).utf8
        }
    }
}
