// Public: this file's @inlinable hot path calls SQLite directly, and inlinable code may only
// use a public import. Its public declarations mention no C type; other modules still cannot
// name C declarations (they do not import CSQLite).
public import CSQLite

// Zero-copy byte views of an argument whose base address is never nil, for functions that
// scan bytes with pointer arithmetic: an empty or NULL value is an empty buffer at a valid
// address, so callers need no special case for SQLite's nil pointer of a zero-length value.

extension Argument {
    /// The UTF-8 bytes of the value's text form, read in place (`sqlite3_value_text`): a text's
    /// own bytes, an integer or real as SQLite renders it (`15` gives `"15"`), a blob's bytes
    /// as they are. Embedded NUL bytes are kept; bytes are not validated.
    ///
    /// The base address is never nil, even for NULL or an empty value. Same lifetime as
    /// ``utf8``: until another accessor converts this argument, or the call returns.
    @inlinable
    public var textBytes: UnsafeBufferPointer<UInt8> {
        guard let text = sqlite3_value_text(rawValue) else { return UnsafeBufferPointer(start: noBytes, count: 0) }
        return UnsafeBufferPointer(start: text, count: Int(sqlite3_value_bytes(rawValue)))
    }

    /// The bytes of the value, read in place: a blob's own bytes, or the UTF-8 text form of
    /// any other value (as ``textBytes``, so `15` gives the bytes of `'15'`). What hashes and
    /// encoders read.
    ///
    /// The base address is never nil, even for NULL or an empty value. Same lifetime as ``utf8``.
    @inlinable
    public var blobBytes: UnsafeRawBufferPointer {
        guard sqlite3_value_type(rawValue) == SQLITE_BLOB else { return UnsafeRawBufferPointer(textBytes) }
        guard let blob = sqlite3_value_blob(rawValue) else { return UnsafeRawBufferPointer(start: noBytes, count: 0) }
        return UnsafeRawBufferPointer(start: blob, count: Int(sqlite3_value_bytes(rawValue)))
    }

    /// The text form as a NUL-terminated C string read in place (`sqlite3_value_text`), for C
    /// APIs such as `fopen`; nil for NULL. A text with an embedded NUL byte reads as shorter
    /// (compare `strlen` with ``byteCount`` to refuse it). Same lifetime as ``utf8``.
    @inlinable
    public var cString: UnsafePointer<CChar>? {
        guard let text = sqlite3_value_text(rawValue) else { return nil }
        return UnsafeRawPointer(text).assumingMemoryBound(to: CChar.self)
    }

    /// The size in bytes of the value's current text or blob form (`sqlite3_value_bytes`):
    /// read it after ``textBytes`` or ``blobBytes``, whose conversion it measures.
    @inlinable
    public var byteCount: Int { Int(sqlite3_value_bytes(rawValue)) }
}

/// A valid address for an empty buffer: the bytes of an empty static string.
@usableFromInline
var noBytes: UnsafePointer<UInt8> { ("" as StaticString).utf8Start }
