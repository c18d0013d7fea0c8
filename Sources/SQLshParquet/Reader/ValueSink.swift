/// Where a cell's value goes: an SQL result, in the files target (ResultContext), or a test's
/// recorder. One call per cell.
public protocol ValueSink {
    func null()
    func integer(_ value: Int64)
    func real(_ value: Double)
    func text(_ utf8: UnsafeBufferPointer<UInt8>)
    func blob(_ bytes: UnsafeBufferPointer<UInt8>)
}

/// Writes value `index` of a decoded column as its leaf kind says.
enum LeafValues {
    static func write(_ values: ColumnValues, _ index: Int, kind: LeafKind, to sink: some ValueSink) {
        switch values {
        case .booleans(let v): sink.integer(v[index] ? 1 : 0)
        case .int32(let v): writeInteger(Int64(v[index]), kind: kind, physical32: true, to: sink)
        case .int64(let v): writeInteger(v[index], kind: kind, physical32: false, to: sink)
        case .float(let v): sink.real(Double(v[index]))
        case .double(let v): sink.real(v[index])
        case .bytes(let v):
            v.withValue(index) { bytes in
                switch kind {
                case .text, .json: sink.text(bytes)
                case .uuid, .int96, .decimal, .float16:
                    var out: [UInt8] = []
                    switch formatted(bytes, kind: kind, into: &out) {
                    case .real(let d): sink.real(d)
                    case .text: out.withUnsafeBufferPointer { sink.text($0) }
                    }
                default: sink.blob(bytes)
                }
            }
        }
    }

    enum Formatted { case real(Double), text }

    /// The text (or real) of a byte-array value of a kind with a text form.
    static func formatted(_ bytes: UnsafeBufferPointer<UInt8>, kind: LeafKind, into out: inout [UInt8]) -> Formatted {
        switch kind {
        case .uuid: ValueText.uuid(bytes, into: &out)
        case .int96 where bytes.count == 12: ValueText.int96(bytes, into: &out)
        case .float16 where bytes.count == 2: return .real(ValueText.float16(UInt16(bytes[0]) | UInt16(bytes[1]) << 8))
        case .decimal(let scale, _):
            out = ValueText.decimal(bigEndian: bytes, scale: scale)
            if ValueText.fitsDouble(out), let d = Double(String(decoding: out, as: UTF8.self)) { return .real(d) }
        default: out += bytes
        }
        return .text
    }

    static func writeInteger(_ value: Int64, kind: LeafKind, physical32: Bool, to sink: some ValueSink) {
        switch kind {
        case .unsigned32: sink.integer(Int64(UInt32(truncatingIfNeeded: value)))
        case .unsigned64:
            if value >= 0 { return sink.integer(value) }
            let text = Array(String(UInt64(bitPattern: value)).utf8)
            text.withUnsafeBufferPointer { sink.text($0) }
        case .integer, .boolean: sink.integer(value)
        case .real, .float16: sink.real(Double(value))
        case .date, .time, .timestamp, .decimal:
            var out: [UInt8] = []
            if case .real(let d) = formatInteger(value, kind: kind, into: &out) { return sink.real(d) }
            out.withUnsafeBufferPointer { sink.text($0) }
        default: sink.integer(value)
        }
    }

    /// The text (or real) of an integer-stored value of a date, time, timestamp or decimal kind.
    static func formatInteger(_ value: Int64, kind: LeafKind, into out: inout [UInt8]) -> Formatted {
        switch kind {
        case .date: ValueText.date(days: value, into: &out)
        case .time(let unit):
            let units = ValueText.unitsPerSecond(unit)
            ValueText.time(max(value, 0) % (units * 86_400), unitsPerSecond: units, into: &out)
        case .timestamp(let unit): ValueText.timestamp(value, unitsPerSecond: ValueText.unitsPerSecond(unit), into: &out)
        case .decimal(let scale, _):
            out = ValueText.decimal(value, scale: scale)
            if ValueText.fitsDouble(out), let d = Double(String(decoding: out, as: UTF8.self)) { return .real(d) }
        default: out += String(value).utf8
        }
        return .text
    }
}
