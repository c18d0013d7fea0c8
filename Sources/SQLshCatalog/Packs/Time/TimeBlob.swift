import SQLshCore

/// sqlean's 13-byte encoding of a time value, so that values made by sqlean and by sqlsh read
/// the same in both:
///
/// | bytes | content |
/// |---|---|
/// | 0 | version, 1 |
/// | 1-8 | seconds since 0001-01-01T00:00:00Z, int64 big-endian |
/// | 9-12 | nanoseconds 0...999999999, int32 big-endian |
enum TimeBlob {
    static let size = 13

    /// The time a 13-byte blob holds. As in sqlean, a blob whose version byte is not 1 is the
    /// zero time. Nanoseconds outside 0...999999999 (a blob not made by sqlean or sqlsh) are
    /// carried into the seconds; if that leaves the int64 range, the zero time.
    static func decode(_ bytes: UnsafeRawPointer) -> SqleanTime {
        guard bytes.load(as: UInt8.self) == 1 else { return .zero }
        let seconds = Int64(bigEndian: bytes.loadUnaligned(fromByteOffset: 1, as: Int64.self))
        let nanos = Int32(bigEndian: bytes.loadUnaligned(fromByteOffset: 9, as: Int32.self))
        if nanos >= 0, Int64(nanos) < SqleanTime.nanosPerSecond {
            return SqleanTime(seconds: seconds, nanoseconds: nanos)
        }
        return SqleanTime(totalNanoseconds: Int128(seconds) * Int128(SqleanTime.nanosPerSecond) + Int128(nanos)) ?? .zero
    }

    /// Writes the 13 bytes of `time` at `bytes`.
    static func encode(_ time: SqleanTime, into bytes: UnsafeMutableRawPointer) {
        bytes.storeBytes(of: 1, as: UInt8.self)
        bytes.storeBytes(of: time.seconds.bigEndian, toByteOffset: 1, as: Int64.self)
        bytes.storeBytes(of: time.nanoseconds.bigEndian, toByteOffset: 9, as: Int32.self)
    }
}

extension ResultContext {
    /// Sets a time value as its 13-byte blob, built on the stack.
    func setTime(_ time: SqleanTime) {
        var storage: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &storage) { raw in
            TimeBlob.encode(time, into: raw.baseAddress.unsafelyUnwrapped)
            setBlob(UnsafeRawBufferPointer(rebasing: raw[0..<TimeBlob.size]))
        }
    }
}
