/// A growable byte buffer written through a pointer, reused from row to row by one function on
/// one connection: the case functions write a few bytes per character, where an Array's
/// per-append checks would cost more than the mapping.
///
/// `@unchecked Sendable`: it is mutable, but used only inside calls of one connection's
/// function, which SQLite makes one at a time (a connection is not used from two threads at
/// once).
final class ByteBuffer: @unchecked Sendable {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var capacity: Int
    /// The bytes written so far.
    var count = 0

    init(capacity: Int = 256) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    /// Makes room for `extra` more bytes (the buffer doubles, so growing is amortised).
    func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    private func grow(to needed: Int) {
        let newCapacity = max(needed, capacity * 2)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// Appends one byte; room must have been reserved.
    func append(_ byte: UInt8) {
        base[count] = byte
        count += 1
    }

    /// Appends bytes, making room for them.
    func append<S: Collection>(contentsOf bytes: S) where S.Element == UInt8 {
        reserve(bytes.count)
        for byte in bytes { append(byte) }
    }

    /// The bytes written so far.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }
}
