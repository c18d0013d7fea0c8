#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The distinct byte strings of a column chunk, in first-seen order, with an open-addressing
/// hash table from a string to its index: the dictionary of RLE_DICTIONARY pages.
struct ByteArrayDictionary {
    /// The entries' bytes, one after another, and where each ends.
    private(set) var bytes: [UInt8] = []
    private(set) var ends: [Int] = []
    /// Entry index + 1 in each slot (0: empty); the count is a power of two.
    private var slots: [Int32] = Array(repeating: 0, count: 1024)
    private var hashes: [Int] = []

    var count: Int { ends.count }

    /// The bytes of entry `i`.
    func entry(_ i: Int) -> ArraySlice<UInt8> {
        bytes[(i == 0 ? 0 : ends[i - 1])..<ends[i]]
    }

    /// The index of `value`, added when new.
    mutating func index(of value: UnsafeRawBufferPointer) -> UInt32 {
        var hasher = Hasher()
        hasher.combine(bytes: value)
        let hash = hasher.finalize()
        let mask = slots.count - 1
        var slot = hash & mask
        while slots[slot] != 0 {
            let i = Int(slots[slot]) - 1
            if hashes[i] == hash && equals(i, value) { return UInt32(i) }
            slot = (slot + 1) & mask
        }
        let i = ends.count
        bytes.append(contentsOf: value)
        ends.append(bytes.count)
        hashes.append(hash)
        slots[slot] = Int32(i + 1)
        if ends.count * 2 > slots.count { grow() }
        return UInt32(i)
    }

    private func equals(_ i: Int, _ value: UnsafeRawBufferPointer) -> Bool {
        let start = i == 0 ? 0 : ends[i - 1]
        guard ends[i] - start == value.count else { return false }
        return bytes.withUnsafeBufferPointer { all in
            guard let base = all.baseAddress, let other = value.baseAddress else { return value.isEmpty }
            return memcmpBytes(base + start, other.assumingMemoryBound(to: UInt8.self), value.count) == 0
        }
    }

    private mutating func grow() {
        slots = Array(repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for i in 0..<ends.count {
            var slot = hashes[i] & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(i + 1)
        }
    }
}

/// Compares `count` bytes, as memcmp does.
func memcmpBytes(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Int {
    count == 0 ? 0 : Int(memcmp(a, b, count))
}
