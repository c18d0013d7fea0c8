#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLshCore
import Synchronization

/// New UUIDs: version 4 (random) and version 7 (Unix-time ordered), with randomness from
/// SQLite's PRNG (`SQLiteLibrary.fillRandom`), as sqlean.
enum UUIDGenerator {
    /// A version 4 UUID: 122 random bits (RFC 9562 §5.4).
    static func version4(into bytes: UnsafeMutablePointer<UInt8>) {
        SQLiteLibrary.fillRandom(UnsafeMutableRawBufferPointer(start: bytes, count: 16))
        bytes[6] = 0x40 | bytes[6] & 0x0F
        bytes[8] = 0x80 | bytes[8] & 0x3F
    }

    /// A version 7 UUID for a given Unix time in milliseconds (taken modulo 2^48), the other
    /// 74 bits random, as sqlean's `uuid7(seconds)`.
    static func version7(milliseconds: UInt64, into bytes: UnsafeMutablePointer<UInt8>) {
        SQLiteLibrary.fillRandom(UnsafeMutableRawBufferPointer(start: bytes, count: 16))
        let random = UnsafeMutableRawPointer(bytes).loadUnaligned(fromByteOffset: 8, as: UInt64.self)
        let fraction = UInt16(bytes[6]) << 8 | UInt16(bytes[7])
        layout(Stamp(milliseconds: milliseconds & millisecondMask, fraction: fraction & 0xFFF, random: random & randomMask),
               into: bytes)
    }

    /// A version 7 UUID for now. Better than sqlean's (whose values inside one millisecond come
    /// in random order): the values one process makes are strictly increasing, as text and as
    /// blobs, following RFC 9562 §6.2:
    /// - the 12 bits after the version hold the sub-millisecond part of the clock, in 1/4096 ms
    ///   (method 3), so the timestamp is as precise as the clock allows;
    /// - a value that would not sort after the previous one (the same 244 ns step, or a clock
    ///   that stepped back) is the previous one plus a random step from 1 to 2^32 in the last
    ///   62 bits (method 2), carrying upwards; a clock set back thus keeps the previous
    ///   timestamp until it catches up.
    static func version7(into bytes: UnsafeMutablePointer<UInt8>) {
        SQLiteLibrary.fillRandom(UnsafeMutableRawBufferPointer(start: bytes, count: 16))
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        let seconds = UInt64(clamping: Int64(time.tv_sec)), nanoseconds = UInt64(clamping: Int64(time.tv_nsec))
        let raw = UnsafeMutableRawPointer(bytes)
        var stamp = Stamp(milliseconds: (seconds &* 1000 &+ nanoseconds / 1_000_000) & millisecondMask,
                          fraction: UInt16(truncatingIfNeeded: nanoseconds % 1_000_000 * 4096 / 1_000_000),
                          random: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self) & randomMask)
        let increment = UInt64(raw.loadUnaligned(as: UInt32.self)) + 1
        lastStamp.withLock { last in
            if !(last < stamp) { stamp = last.advanced(by: increment) }
            last = stamp
        }
        layout(stamp, into: bytes)
    }

    private static let millisecondMask: UInt64 = (1 << 48) - 1
    private static let randomMask: UInt64 = (1 << 62) - 1

    /// The ordered fields of a version 7 UUID: 48 bits of Unix milliseconds, 12 bits (`rand_a`),
    /// 62 bits (`rand_b`).
    struct Stamp: Comparable {
        var milliseconds: UInt64
        var fraction: UInt16
        var random: UInt64

        static func < (a: Stamp, b: Stamp) -> Bool {
            (a.milliseconds, a.fraction, a.random) < (b.milliseconds, b.fraction, b.random)
        }

        /// The stamp `amount` (at most 2^32) further, carrying from `random` into `fraction`
        /// and from `fraction` into `milliseconds`.
        func advanced(by amount: UInt64) -> Stamp {
            var next = self
            next.random += amount
            if next.random > UUIDGenerator.randomMask {
                next.random -= UUIDGenerator.randomMask + 1
                next.fraction += 1
                if next.fraction > 0xFFF {
                    next.fraction = 0
                    next.milliseconds = (next.milliseconds + 1) & UUIDGenerator.millisecondMask
                }
            }
            return next
        }
    }

    /// The last version 7 stamp made for now in this process.
    private static let lastStamp = Mutex(Stamp(milliseconds: 0, fraction: 0, random: 0))

    /// Writes the 16 bytes: the big-endian timestamp, version 7, `rand_a`, the RFC variant,
    /// `rand_b`, as two big-endian 64-bit words.
    private static func layout(_ stamp: Stamp, into bytes: UnsafeMutablePointer<UInt8>) {
        let raw = UnsafeMutableRawPointer(bytes)
        let high = stamp.milliseconds << 16 | 0x7000 | UInt64(stamp.fraction & 0xFFF)
        raw.storeBytes(of: high.bigEndian, as: UInt64.self)
        raw.storeBytes(of: (0x8000_0000_0000_0000 | stamp.random & randomMask).bigEndian, toByteOffset: 8, as: UInt64.self)
    }
}
