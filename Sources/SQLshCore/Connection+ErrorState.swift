internal import CSQLite
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Connection {
    /// The current error message (`sqlite3_errmsg`) as SQLite's own bytes: a message that
    /// quotes SQL text need not be valid UTF-8, and ``errorMessage`` would repair it.
    public var errorMessageBytes: [UInt8] {
        guard let text = sqlite3_errmsg(handle) else { return [] }
        return Array(UnsafeBufferPointer(start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: strlen(text)))
    }

    /// Turns extended result codes on (the default for connections this library opens) or
    /// off (`sqlite3_extended_result_codes`). With them off, SQLite's C API returns primary
    /// codes only; the `sqlite3` shell runs that way, and its messages quote those codes.
    public func setExtendedResultCodes(_ enabled: Bool) {
        sqlite3_extended_result_codes(handle, enabled ? 1 : 0)
    }
}
