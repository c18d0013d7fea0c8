extension ByteScratch {
    /// Calls `body` with the buffer moved into a local variable and puts it back afterwards.
    ///
    /// Appending to `bytes` in place goes through Swift's dynamic exclusivity checks on every
    /// access (the buffer is a class property); a local variable has none. Measured on
    /// unaccent over 1,000,000 rows: about half the time went to those checks.
    func withBuffer<R>(_ body: (inout [UInt8]) throws -> R) rethrows -> R {
        var buffer: [UInt8] = []
        swap(&buffer, &bytes)
        defer { swap(&buffer, &bytes) }
        return try body(&buffer)
    }
}
