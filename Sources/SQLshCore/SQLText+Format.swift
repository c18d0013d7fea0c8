// Public: this file's @inlinable hot path calls SQLite directly, and inlinable code may only
// use a public import. Its public declarations mention no C type; other modules still cannot
// name C declarations (they do not import CSQLite).
public import CSQLite

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

    /// Writes one REAL formatted with SQLite's printf (`sqlite3_snprintf`) into `buffer`,
    /// NUL-terminated and cut to fit; returns the length of the text, without the NUL.
    ///
    /// `format` must have exactly one conversion, for a double (`%!.15g`, `%!.20e`): the
    /// shell's renderers write REALs this way, as sqlite3 does, with no `String` per value.
    ///
    /// ```swift
    /// withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer in
    ///     SQLText.formatReal(0.1, format: "%!.20g", into: buffer)  // 21: "0.10000000000000000555"
    /// }
    /// ```
    ///
    /// `@inlinable`: insert mode and `.dump` write every REAL through it.
    @inlinable
    package static func formatReal(_ value: Double, format: StaticString,
                                   into buffer: UnsafeMutableBufferPointer<CChar>) -> Int {
        guard let base = buffer.baseAddress, !buffer.isEmpty else { return 0 }
        let size = Int32(clamping: buffer.count)
        let pattern = UnsafeRawPointer(format.utf8Start).assumingMemoryBound(to: CChar.self)
        return Int(sqlsh_format_double(base, size, pattern, value))
    }

    /// The room ``withFixedDecimal(_:digits:_:)`` has for its text.
    @usableFromInline package static let fixedDecimalCapacity = 400

    /// `value` printed by SQLite's printf with `%.*f` and `digits` decimals into a stack buffer,
    /// which `body` reads in place: ``withFormatted(_:_:_:)`` for that one conversion, with no
    /// allocation (SQLite's `round()` prints with it on every row). The text is cut at
    /// ``fixedDecimalCapacity`` - 1 bytes: enough for every value with at most 30 decimals
    /// below 1e300 in magnitude.
    @inlinable
    package static func withFixedDecimal<R>(_ value: Double, digits: Int32,
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
