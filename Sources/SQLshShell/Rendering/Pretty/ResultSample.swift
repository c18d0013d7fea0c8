import SQLshCatalog
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
    mutating func add(_ statement: Statement, columns: Int) {
        total &+= 1
        if head.count < headCount {
            let row = CapturedRow()
            row.capture(statement, columns: columns)
            head.append(row)
        } else if tailCapacity > 0 {
            if ring.count < tailCapacity {
                let row = CapturedRow()
                row.capture(statement, columns: columns)
                ring.append(row)
            } else {
                ring[ringStart].capture(statement, columns: columns)
                ringStart += 1
                if ringStart == tailCapacity { ringStart = 0 }
            }
        }
    }

    /// Replaces the rows after the head with `tail`, the last rows of a result of `total` rows
    /// found without stepping it (see ``BigResultShortcut``).
    mutating func finish(total: Int, tail: [CapturedRow]) {
        self.total = total
        ring = tail
        ringStart = 0
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
/// 8-byte integer or double, or a 4-byte length and the text or blob bytes. A class owning
/// its buffer, so that capturing a row is plain stores into memory that is already there.
final class CapturedRow {
    private var base: UnsafeMutableRawPointer
    private var capacity: Int
    private var count = 0

    /// A value read back from a captured row.
    enum Value {
        case null
        case integer(Int64)
        case real(Double)
        case text(String)
        case blob([UInt8])
    }

    private static let kindNull: UInt8 = 0, kindInteger: UInt8 = 1, kindReal: UInt8 = 2, kindText: UInt8 = 3, kindBlob: UInt8 = 4

    init(capacity: Int = 64) {
        self.capacity = capacity
        base = .allocate(byteCount: capacity, alignment: 8)
    }

    deinit { base.deallocate() }

    /// Makes room for `n` more bytes after `used`; returns the (possibly moved) buffer.
    private func room(_ used: Int, _ n: Int) -> UnsafeMutableRawPointer {
        let (needed, overflow) = used.addingReportingOverflow(n)
        if needed <= capacity && !overflow { return base }
        let newCapacity = max(capacity &* 2, overflow ? Int.max : needed)
        let grown = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 8)
        grown.copyMemory(from: base, byteCount: used)
        base.deallocate()
        base = grown
        capacity = newCapacity
        return grown
    }

    /// Replaces the row with the statement's current row.
    func capture(_ statement: Statement, columns: Int) {
        var used = 0
        var p = room(0, columns &* 9)
        var i = 0
        while i < columns {
            switch statement.columnType(at: i) {
            case .integer:
                p = room(used, 9)
                p.storeBytes(of: Self.kindInteger, toByteOffset: used, as: UInt8.self)
                p.storeBytes(of: statement.int64(at: i), toByteOffset: used + 1, as: Int64.self)
                used += 9
            case .real:
                p = room(used, 9)
                p.storeBytes(of: Self.kindReal, toByteOffset: used, as: UInt8.self)
                p.storeBytes(of: statement.double(at: i), toByteOffset: used + 1, as: Double.self)
                used += 9
            case .null:
                p = room(used, 1)
                p.storeBytes(of: Self.kindNull, toByteOffset: used, as: UInt8.self)
                used += 1
            case .blob:
                let bytes = statement.blobBytes(at: i)
                p = room(used, 5 &+ bytes.count)
                store(p, &used, Self.kindBlob, bytes.baseAddress, bytes.count)
            case .text:
                let text = statement.textBytes(at: i)
                p = room(used, 5 &+ text.count)
                store(p, &used, Self.kindText, UnsafeRawPointer(text.baseAddress), text.count)
            }
            i += 1
        }
        count = used
    }

    private func store(_ p: UnsafeMutableRawPointer, _ used: inout Int, _ kind: UInt8, _ bytes: UnsafeRawPointer?, _ n: Int) {
        p.storeBytes(of: kind, toByteOffset: used, as: UInt8.self)
        p.storeBytes(of: UInt32(truncatingIfNeeded: n), toByteOffset: used + 1, as: UInt32.self)
        if let bytes, n > 0 { (p + used + 5).copyMemory(from: bytes, byteCount: n) }
        used += 5 + n
    }

    /// Sets in `seen[c]` the bit of column `c`'s storage class (1 integer, 2 real, 4 text,
    /// 8 blob, 16 a time blob; none for NULL), reading the kinds without decoding the values.
    func markKinds(_ seen: inout [UInt8]) {
        var i = 0, c = 0
        let p = UnsafeRawPointer(base)
        while i < count {
            let kind = p.load(fromByteOffset: i, as: UInt8.self)
            i += 1
            let start = i
            switch kind {
            case Self.kindInteger, Self.kindReal: i += 8
            case Self.kindText, Self.kindBlob: i += 4 + Int(p.loadUnaligned(fromByteOffset: i, as: UInt32.self))
            default: break
            }
            if kind == Self.kindBlob, c < seen.count,
               TimeBlobText.isTime(UnsafeRawBufferPointer(start: p + start + 4, count: i - start - 4)) {
                seen[c] |= ColumnTypes.timeBit
            } else if kind != Self.kindNull && c < seen.count {
                seen[c] |= 1 << (kind - 1)
            }
            c += 1
        }
    }

    /// The row's values, in column order.
    var values: [Value] {
        var result: [Value] = []
        var i = 0
        let p = UnsafeRawPointer(base)
        while i < count {
            let kind = p.load(fromByteOffset: i, as: UInt8.self)
            i += 1
            switch kind {
            case Self.kindInteger:
                result.append(.integer(p.loadUnaligned(fromByteOffset: i, as: Int64.self)))
                i += 8
            case Self.kindReal:
                result.append(.real(p.loadUnaligned(fromByteOffset: i, as: Double.self)))
                i += 8
            case Self.kindText, Self.kindBlob:
                let n = Int(p.loadUnaligned(fromByteOffset: i, as: UInt32.self))
                let bytes = UnsafeRawBufferPointer(start: p + i + 4, count: n)
                result.append(kind == Self.kindText ? .text(String(decoding: bytes, as: UTF8.self)) : .blob(Array(bytes)))
                i += 4 + n
            default:
                result.append(.null)
            }
        }
        return result
    }
}

extension CapturedRow.Value {
    /// The value as the screen shows it: integers in decimal, reals in the shortest of SQLite's
    /// `%!.15g`, `%!.16g` and `%!.17g` that reads back as the same number (sqlite3 shows
    /// `%!.15g` alone, so 2634017266.9399724 appeared as 2634017266.93997), text as is (up to
    /// its first NUL, as the other modes print it); nil for NULL and blobs.
    var text: String? {
        switch self {
        case .null, .blob: return nil
        case .integer(let v): return String(v)
        case .real(let v):
            return Self.shortestExact(v)
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

extension CapturedRow.Value {
    /// `v` with as few significant digits (15 to 17) as read back exactly, in SQLite's
    /// format (`%!.Ng`: `5.0`, `1.0e+20`).
    static func shortestExact(_ v: Double) -> String {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer in
            var text = ""
            for precision: StaticString in ["%!.15g", "%!.16g", "%!.17g"] {
                let n = SQLText.formatReal(v, format: precision, into: buffer)
                text = String(decoding: UnsafeRawBufferPointer(start: buffer.baseAddress, count: max(0, min(n, 63))),
                              as: UTF8.self)
                if !v.isFinite || Double(text) == v { break }
            }
            return text
        }
    }
}
