import CSQLite

extension SQLText {
    /// Formats with SQLite's printf (`sqlite3_vmprintf`), which adds `%q`, `%Q` and `%w` (SQL
    /// string literals and identifiers) to C's conversions, for example
    /// `SQLText.format("SELECT %Q", [cString])` gives `SELECT 'it''s'` for `it's`.
    ///
    /// The arguments must match the conversions, as in C: a `String` argument is not a `%s`
    /// (pass a C string pointer kept alive for the call).
    public static func format(_ format: String, _ arguments: [CVarArg]) -> String {
        withVaList(arguments) { list in
            guard let text = sqlite3_vmprintf(format, list) else { return "" }
            defer { sqlite3_free(text) }
            return String(cString: text)
        }
    }

    /// Formats with SQLite's printf (`sqlite3_vmprintf`) into a buffer of SQLite's, which
    /// `body` reads in place (valid only during `body`): ``format(_:_:)`` for a literal
    /// format, without the copy into a `String`, for code that parses the text back (SQLite's
    /// `round()` prints with `%.*f` and reads the digits).
    ///
    /// ```swift
    /// SQLText.withFormatted("%.*f", [Int32(2), 3.14159]) { String(decoding: $0, as: UTF8.self) }  // "3.14"
    /// ```
    ///
    /// - Returns: what `body` returns, or nil when SQLite cannot allocate the text.
    ///
    /// `@inlinable`: specialized in the caller (SQLite's `round()` runs it once per row).
    @inlinable
    public static func withFormatted<R>(_ format: StaticString, _ arguments: [CVarArg],
                                        _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R? {
        let pattern = UnsafeRawPointer(format.utf8Start).assumingMemoryBound(to: CChar.self)
        guard let text = withVaList(arguments, { sqlite3_vmprintf(pattern, $0) }) else { return nil }
        defer { sqlite3_free(text) }
        let bytes = UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self)
        var count = 0
        while bytes[count] != 0 { count += 1 }
        return try body(UnsafeBufferPointer(start: bytes, count: count))
    }

    /// The room ``withFixedDecimal(_:digits:_:)`` has for its text.
    public static let fixedDecimalCapacity = 400

    /// `value` printed by SQLite's printf with `%.*f` and `digits` decimals into a stack buffer,
    /// which `body` reads in place: ``withFormatted(_:_:_:)`` for that one conversion, with no
    /// allocation (SQLite's `round()` prints with it on every row). The text is cut at
    /// ``fixedDecimalCapacity`` - 1 bytes: enough for every value with at most 30 decimals
    /// below 1e300 in magnitude.
    @inlinable
    public static func withFixedDecimal<R>(_ value: Double, digits: Int32,
                                           _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try withUnsafeTemporaryAllocation(of: CChar.self, capacity: fixedDecimalCapacity) { buffer in
            let base = buffer.baseAddress.unsafelyUnwrapped
            let count = Int(sqlsh_format_fixed(base, Int32(fixedDecimalCapacity), digits, value))
            return try base.withMemoryRebound(to: UInt8.self, capacity: fixedDecimalCapacity) {
                try body(UnsafeBufferPointer(start: $0, count: count))
            }
        }
    }
}
