import CSQLite
import SQLshCore

/// The rows of a result the screen shows: all of them when there are few, else the first
/// ``headCount`` and the last ``tailCapacity`` (a ring buffer), with the total counted.
///
/// Rows are kept as compact bytes (see ``CapturedRow``), not formatted: a result of a million
/// rows costs one copy of each row's values into a reused slot, and only the rows shown are
/// ever turned into text.
struct ResultSample {
    /// Rows kept from the start of the result.
    let headCount: Int
    /// Rows kept from the end of the result (beyond the head).
    let tailCapacity: Int
    /// The first rows, in order.
    private(set) var head: [CapturedRow] = []
    /// The last rows, a ring: the oldest is at ``ringStart``.
    private var ring: [CapturedRow] = []
    private var ringStart = 0
    /// Rows seen so far.
    private(set) var total = 0

    /// A sample keeping `headCount` first rows and `tailCapacity` last ones; `nil` limits
    /// keep every row.
    init(headCount: Int?, tailCapacity: Int?) {
        self.headCount = headCount ?? Int.max
        self.tailCapacity = tailCapacity ?? 0
    }

    /// Captures the statement's current row.
    @inline(__always)
    mutating func add(_ handle: OpaquePointer, columns: Int32) {
        total &+= 1
        if head.count < headCount {
            var row = CapturedRow()
            row.capture(handle, columns: columns)
            head.append(row)
        } else if tailCapacity > 0 {
            if ring.count < tailCapacity {
                var row = CapturedRow()
                row.capture(handle, columns: columns)
                ring.append(row)
            } else {
                ring[ringStart].capture(handle, columns: columns)
                ringStart += 1
                if ringStart == tailCapacity { ringStart = 0 }
            }
        }
    }

    /// Whether every row was kept.
    var isComplete: Bool { total == head.count + ring.count }

    /// The last `count` rows kept after the head, oldest first.
    func tail(_ count: Int) -> [CapturedRow] {
        let ordered = Array(ring[ringStart...] + ring[..<ringStart])
        return Array(ordered.suffix(count))
    }

    /// Every row kept, in order (the whole result when ``isComplete``).
    var all: [CapturedRow] { head + tail(ring.count) }
}

/// One result row's values as bytes, reused from row to row: per column a kind byte, then an
/// 8-byte integer or double, or a 4-byte length and the text or blob bytes.
struct CapturedRow {
    private(set) var bytes: [UInt8] = []

    /// A value read back from a captured row.
    enum Value {
        case null
        case integer(Int64)
        case real(Double)
        case text(String)
        case blob([UInt8])
    }

    private static let kindNull: UInt8 = 0, kindInteger: UInt8 = 1, kindReal: UInt8 = 2, kindText: UInt8 = 3, kindBlob: UInt8 = 4

    /// Replaces the row with the statement's current row.
    @inline(__always)
    mutating func capture(_ handle: OpaquePointer, columns: Int32) {
        bytes.removeAll(keepingCapacity: true)
        var i: Int32 = 0
        while i < columns {
            switch sqlite3_column_type(handle, i) {
            case SQLITE_INTEGER:
                bytes.append(Self.kindInteger)
                append(UInt64(bitPattern: sqlite3_column_int64(handle, i)))
            case SQLITE_FLOAT:
                bytes.append(Self.kindReal)
                append(sqlite3_column_double(handle, i).bitPattern)
            case SQLITE_NULL:
                bytes.append(Self.kindNull)
            case SQLITE_BLOB:
                bytes.append(Self.kindBlob)
                let n = Int(sqlite3_column_bytes(handle, i))
                appendBytes(sqlite3_column_blob(handle, i), n)
            default:
                bytes.append(Self.kindText)
                let p = sqlite3_column_text(handle, i)
                let n = Int(sqlite3_column_bytes(handle, i))
                appendBytes(UnsafeRawPointer(p), n)
            }
            i += 1
        }
    }

    @inline(__always)
    private mutating func append(_ value: UInt64) {
        var v = value.littleEndian
        withUnsafeBytes(of: &v) { bytes.append(contentsOf: $0) }
    }

    @inline(__always)
    private mutating func appendBytes(_ p: UnsafeRawPointer?, _ n: Int) {
        let length = UInt32(clamping: n)
        var l = length.littleEndian
        withUnsafeBytes(of: &l) { bytes.append(contentsOf: $0) }
        if let p, length > 0 { bytes.append(contentsOf: UnsafeRawBufferPointer(start: p, count: Int(length))) }
    }

    /// The row's values, in column order.
    var values: [Value] {
        var result: [Value] = []
        var i = 0
        func word() -> UInt64 {
            var v: UInt64 = 0
            for k in 0..<8 { v |= UInt64(bytes[i + k]) << (8 * UInt64(k)) }
            i += 8
            return v
        }
        func chunk() -> ArraySlice<UInt8> {
            var n = 0
            for k in 0..<4 { n |= Int(bytes[i + k]) << (8 * k) }
            i += 4
            defer { i += n }
            return bytes[i..<(i + n)]
        }
        while i < bytes.count {
            let kind = bytes[i]
            i += 1
            switch kind {
            case Self.kindInteger: result.append(.integer(Int64(bitPattern: word())))
            case Self.kindReal: result.append(.real(Double(bitPattern: word())))
            case Self.kindText: result.append(.text(String(decoding: chunk(), as: UTF8.self)))
            case Self.kindBlob: result.append(.blob(Array(chunk())))
            default: result.append(.null)
            }
        }
        return result
    }
}

extension CapturedRow.Value {
    /// The value as SQLite's `sqlite3_column_text` gives it: integers in decimal, reals as
    /// `%!.15g`, text as is (up to its first NUL, as the other modes print it); nil for NULL
    /// and blobs.
    var text: String? {
        switch self {
        case .null, .blob: return nil
        case .integer(let v): return String(v)
        case .real(let v):
            return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer in
                let n = sqlsh_format_double(buffer.baseAddress, 64, "%!.15g", v)
                return String(decoding: UnsafeRawBufferPointer(start: buffer.baseAddress, count: Int(max(0, min(n, 63)))), as: UTF8.self)
            }
        case .text(let s):
            if let nul = s.utf8.firstIndex(of: 0) { return String(s[..<nul]) }
            return s
        }
    }

    var isNumber: Bool {
        switch self {
        case .integer, .real: return true
        default: return false
        }
    }
}
