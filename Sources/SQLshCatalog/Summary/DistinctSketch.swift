#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLshCore

/// The distinct non-NULL values of a group as `approx_count_distinct` counts them: their XXH3
/// hashes, exactly up to 4,096 of them, then a HyperLogLog of 16,384 registers.
///
/// The exact hashes live in an open-addressing table indexed by the hash's low bits (the hash
/// is already well mixed: no second hash per row, as a `Set<UInt64>` would compute); it
/// doubles as it fills, so a group with few values stays small. A value is hashed from its
/// bytes in place (no `String` is made). An integer and a real with the same value hash alike.
struct DistinctSketch {
    static let precision = 14
    static let exactLimit = 4096

    /// The exact hashes, 0 marking a free slot (the hash 0 itself is ``hasZero``).
    private var slots: [UInt64] = []
    private var hasZero = false
    /// How many distinct hashes the exact table holds.
    private var exactCount = 0
    /// The HyperLogLog registers, once there were more than ``exactLimit`` hashes.
    private var registers: [UInt8] = []

    /// The hash of a value, nil for NULL.
    @inline(__always)
    static func hash(_ value: Argument) -> UInt64? {
        switch value.storageType {
        case .null: return nil
        case .integer:
            var v = value.int64
            return withUnsafeBytes(of: &v) { xxh3($0, seed: 1) }
        case .real:
            let d = value.double
            if d == d.rounded(.towardZero), d >= -9.2e18, d <= 9.2e18 {
                var v = Int64(d)
                return withUnsafeBytes(of: &v) { xxh3($0, seed: 1) }
            }
            var bits = d.bitPattern
            return withUnsafeBytes(of: &bits) { xxh3($0, seed: 2) }
        case .text: return xxh3(UnsafeRawBufferPointer(value.textBytes), seed: 3)
        case .blob: return xxh3(value.blobBytes, seed: 4)
        }
    }

    /// Adds a value (NULL is ignored).
    @inline(__always)
    mutating func add(_ value: Argument) {
        guard let h = Self.hash(value) else { return }
        add(hash: h)
    }

    /// Adds a value by its hash.
    @inline(__always)
    mutating func add(hash h: UInt64) {
        if registers.isEmpty { insertExact(h) } else { addToRegisters(h) }
    }

    private mutating func insertExact(_ h: UInt64) {
        if h == 0 {
            if !hasZero { hasZero = true; countNewHash() }
            return
        }
        if slots.isEmpty { slots = Array(repeating: 0, count: 16) }
        let mask = slots.count - 1
        var i = Int(truncatingIfNeeded: h) & mask
        while true {
            let s = slots[i]
            if s == h { return }
            if s == 0 { break }
            i = (i + 1) & mask
        }
        slots[i] = h
        countNewHash()
        // At most half full: probes stay short.
        if registers.isEmpty, exactCount * 2 > slots.count { grow() }
    }

    private mutating func countNewHash() {
        exactCount += 1
        if exactCount > Self.exactLimit { spill() }
    }

    /// Doubles the exact table.
    private mutating func grow() {
        let old = slots
        slots = Array(repeating: 0, count: old.count * 2)
        let mask = slots.count - 1
        for h in old where h != 0 {
            var i = Int(truncatingIfNeeded: h) & mask
            while slots[i] != 0 { i = (i + 1) & mask }
            slots[i] = h
        }
    }

    /// Moves the exact hashes into the registers, for good.
    private mutating func spill() {
        registers = Array(repeating: 0, count: 1 << Self.precision)
        if hasZero { addToRegisters(0) }
        for h in slots where h != 0 { addToRegisters(h) }
        slots = []
    }

    @inline(__always)
    private mutating func addToRegisters(_ h: UInt64) {
        let index = Int(h >> UInt64(64 - Self.precision))
        let rest = (h << UInt64(Self.precision)) | (1 << UInt64(Self.precision - 1))
        let rank = UInt8(rest.leadingZeroBitCount + 1)
        if registers[index] < rank { registers[index] = rank }
    }

    /// The number of distinct values: exact up to ``exactLimit``, else the HyperLogLog
    /// estimate (with the small-range correction).
    var estimate: Int64 {
        if registers.isEmpty { return Int64(exactCount) }
        let m = Double(registers.count)
        var sum = 0.0
        var zeros = 0
        for r in registers {
            sum += 1 / Double(UInt64(1) << UInt64(r))
            if r == 0 { zeros += 1 }
        }
        let alpha = 0.7213 / (1 + 1.079 / m)
        var estimate = alpha * m * m / sum
        if estimate <= 2.5 * m, zeros > 0 { estimate = m * log(m / Double(zeros)) }
        return Int64(estimate.rounded())
    }
}
