import SQLshCore

/// An error of a `duckdb` pack function, reported as the statement's error message.
struct DuckDBError: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }

    /// "`function`(): the argument is not `what`", made out of line: the inputs below are
    /// inlined into every aggregate's step, and only a failing row pays for the message.
    @inline(never)
    static func argument(of function: StaticString, isNot what: StaticString) -> DuckDBError {
        DuckDBError("\(function)(): the argument is not \(what)")
    }
}

/// A `duckdb` pack entry: a catalog function documented as DuckDB's counterpart.
func duckEntry(arity: String? = nil, arguments: String, summary: String, details: String, example: String,
               functions: @escaping @Sendable () -> [SQLFunction]) -> CatalogFunction {
    CatalogFunction(arity: arity, arguments: arguments, summary: summary, details: details, example: example,
                    functions: functions)
}

/// Another name for a `duckdb` pack entry (DuckDB's own aliases: `max_by` for `arg_max`).
func duckAlias(_ name: String, of entry: CatalogFunction, functions: @escaping @Sendable () -> [SQLFunction]) -> CatalogFunction {
    CatalogFunction(
        arity: entry.statedArity, arguments: entry.arguments,
        summary: entry.summary + " (same as \(entry.name))",
        details: "\(name) is another name for \(entry.name). " + entry.details,
        example: entry.example.replacingBytes(entry.name + "(", with: name + "("),
        functions: functions)
}

/// A value as DuckDB's boolean aggregates read it: nil for NULL, else whether it is non-zero.
/// Text that is not a number and blobs are errors. Inlined: every row of an aggregate.
@inline(__always)
func booleanInput(_ value: Argument, function: StaticString) throws -> Bool? {
    switch value.numericType {
    case .null: return nil
    case .integer: return value.int64 != 0
    case .real: return value.double != 0
    default: throw DuckDBError.argument(of: function, isNot: "a boolean (a number)")
    }
}

/// An integer argument: an integer, an integral real or a text SQLite reads as one; anything
/// else fails with "`function`(): the argument is not an integer". nil for NULL. Inlined.
@inline(__always)
func integerInput(_ value: Argument, function: StaticString) throws -> Int64? {
    switch value.numericType {
    case .null: return nil
    case .integer: return value.int64
    case .real:
        let d = value.double
        if d == d.rounded(.towardZero), d >= -9.2e18, d <= 9.2e18 { return Int64(d) }
    default: break
    }
    throw DuckDBError.argument(of: function, isNot: "an integer")
}

/// A numeric argument as a double (nil for NULL); text that is not a number and blobs fail.
/// Inlined.
@inline(__always)
func doubleInput(_ value: Argument, function: StaticString) throws -> Double? {
    switch value.numericType {
    case .null: return nil
    case .integer, .real: return value.double
    default: throw DuckDBError.argument(of: function, isNot: "a number")
    }
}

/// JSON text built into a byte array: DuckDB's lists and maps given back as JSON.
enum JSONBytes {
    /// Appends `text` as a JSON string, quotes included.
    /// - Throws: when the text is not valid UTF-8 (JSON text must be).
    static func appendString(_ text: UnsafeBufferPointer<UInt8>, to out: inout [UInt8], function: StaticString) throws {
        if !UTF8Bytes.isASCII(text), let offset = UTF8Bytes.firstInvalidOffset(text) {
            throw DuckDBError("\(function)(): the text is not valid UTF-8 (byte \(offset))")
        }
        out.append(0x22)
        var runStart = 0
        for i in 0..<text.count {
            let byte = text[i]
            guard byte < 0x20 || byte == 0x22 || byte == 0x5C else { continue }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<i]))
            runStart = i + 1
            switch byte {
            case 0x22: out.append(contentsOf: [0x5C, 0x22])
            case 0x5C: out.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: out.append(contentsOf: [0x5C, 0x6E])
            case 0x0D: out.append(contentsOf: [0x5C, 0x72])
            case 0x09: out.append(contentsOf: [0x5C, 0x74])
            case 0x08: out.append(contentsOf: [0x5C, 0x62])
            case 0x0C: out.append(contentsOf: [0x5C, 0x66])
            default:
                let hex: [UInt8] = Array("0123456789abcdef".utf8)
                out.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 15)]])
            }
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<text.count]))
        out.append(0x22)
    }

    /// Appends a real as JSON: the shortest text that reads back as the same double; the
    /// infinities as SQLite's JSON writes them (9e999, -9e999).
    static func appendReal(_ d: Double, to out: inout [UInt8]) {
        if d.isInfinite { out.append(contentsOf: Array((d < 0 ? "-9e999" : "9e999").utf8)); return }
        if d.isNaN { out.append(contentsOf: Array("null".utf8)); return }
        out.append(contentsOf: d.description.utf8)
    }

    static func appendInteger(_ i: Int64, to out: inout [UInt8]) {
        out.append(contentsOf: String(i).utf8)
    }
}

/// The values of a group (or a window frame) in arrival order, copied into one byte buffer:
/// no allocation per row once the buffers have grown. The window functions remove values
/// from the front (the oldest row leaves the frame first).
struct ValueLog {
    struct Entry {
        var type: StorageType
        /// An integer's or a real's bits; for text and blobs the end offset in `bytes`.
        var bits: UInt64
        var start: Int
    }

    private(set) var bytes: [UInt8] = []
    private(set) var entries: [Entry] = []
    private var head = 0

    var count: Int { entries.count - head }
    var isEmpty: Bool { entries.count == head }
    /// The bytes held, for size limits.
    var byteCount: Int { bytes.count }

    mutating func append(_ value: Argument) {
        switch value.storageType {
        case .null: entries.append(Entry(type: .null, bits: 0, start: 0))
        case .integer: entries.append(Entry(type: .integer, bits: UInt64(bitPattern: value.int64), start: 0))
        case .real: entries.append(Entry(type: .real, bits: value.double.bitPattern, start: 0))
        case .text:
            let text = value.textBytes
            let start = bytes.count
            bytes.append(contentsOf: text)
            entries.append(Entry(type: .text, bits: UInt64(bytes.count), start: start))
        case .blob:
            let blob = value.blobBytes
            let start = bytes.count
            bytes.append(contentsOf: blob)
            entries.append(Entry(type: .blob, bits: UInt64(bytes.count), start: start))
        }
    }

    mutating func appendNull() { entries.append(Entry(type: .null, bits: 0, start: 0)) }

    /// Appends the text form of a value (a number as SQLite writes it, a blob's bytes).
    mutating func appendText(_ value: Argument) {
        let start = bytes.count
        bytes.append(contentsOf: UnsafeRawBufferPointer(value.blobBytes))
        entries.append(Entry(type: .text, bits: UInt64(bytes.count), start: start))
    }

    mutating func removeFirst() {
        guard head < entries.count else { return }
        head += 1
        if head == entries.count {
            entries.removeAll(keepingCapacity: true)
            bytes.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 64, head * 2 >= entries.count {
            // Compact: drop the removed entries and the bytes only they used.
            var firstByte = bytes.count
            for entry in entries[head...] where entry.type == .text || entry.type == .blob {
                firstByte = entry.start
                break
            }
            entries.removeFirst(head)
            head = 0
            if firstByte > 0 {
                bytes.removeFirst(firstByte)
                for i in entries.indices where entries[i].type == .text || entries[i].type == .blob {
                    entries[i].start -= firstByte
                    entries[i].bits -= UInt64(firstByte)
                }
            }
        }
    }

    /// The i-th value still held (0 is the oldest).
    subscript(i: Int) -> Entry { entries[head + i] }

    /// The bytes of a text or blob entry.
    func withBytes<R>(_ entry: Entry, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try bytes.withUnsafeBufferPointer { all in
            try body(UnsafeBufferPointer(rebasing: all[entry.start..<Int(entry.bits)]))
        }
    }

    /// An entry as a function result.
    func value(_ entry: Entry) -> (any SQLValueConvertible)? {
        switch entry.type {
        case .null: return nil
        case .integer: return Int64(bitPattern: entry.bits)
        case .real: return Double(bitPattern: entry.bits)
        case .text: return TextBytes(bytes: Array(bytes[entry.start..<Int(entry.bits)]))
        case .blob: return Array(bytes[entry.start..<Int(entry.bits)])
        }
    }

    /// SQLite's ORDER BY order of two entries: -1, 0 or 1 (numbers, then text by bytes,
    /// then blobs; NULL first).
    func compare(_ a: Entry, _ b: Entry) -> Int {
        func rank(_ t: StorageType) -> Int {
            switch t {
            case .null: return 0
            case .integer, .real: return 1
            case .text: return 2
            case .blob: return 3
            }
        }
        let ra = rank(a.type), rb = rank(b.type)
        if ra != rb { return ra < rb ? -1 : 1 }
        switch ra {
        case 0: return 0
        case 1:
            if a.type == .integer, b.type == .integer {
                let x = Int64(bitPattern: a.bits), y = Int64(bitPattern: b.bits)
                return x < y ? -1 : (x == y ? 0 : 1)
            }
            let x = a.type == .integer ? Double(Int64(bitPattern: a.bits)) : Double(bitPattern: a.bits)
            let y = b.type == .integer ? Double(Int64(bitPattern: b.bits)) : Double(bitPattern: b.bits)
            return x < y ? -1 : (x == y ? 0 : 1)
        default:
            return bytes.withUnsafeBufferPointer { all in
                let x = all[a.start..<Int(a.bits)], y = all[b.start..<Int(b.bits)]
                let n = Swift.min(x.count, y.count)
                var i = 0
                while i < n {
                    let p = x[x.startIndex + i], q = y[y.startIndex + i]
                    if p != q { return p < q ? -1 : 1 }
                    i += 1
                }
                return x.count < y.count ? -1 : (x.count == y.count ? 0 : 1)
            }
        }
    }

    /// Appends an entry as a JSON value. Blobs have no JSON form: an error.
    func appendJSON(_ entry: Entry, to out: inout [UInt8], function: StaticString) throws {
        switch entry.type {
        case .null: out.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])
        case .integer: JSONBytes.appendInteger(Int64(bitPattern: entry.bits), to: &out)
        case .real: JSONBytes.appendReal(Double(bitPattern: entry.bits), to: &out)
        case .text: try withBytes(entry) { try JSONBytes.appendString($0, to: &out, function: function) }
        case .blob: throw DuckDBError("\(function)(): a blob has no JSON form")
        }
    }
}
