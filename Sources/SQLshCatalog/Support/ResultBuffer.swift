import CSQLite
import SQLshCore

/// Text and blob results written in place, for functions whose result size is known (or
/// bounded) before they run: encoders and decoders.
enum ResultBuffer {
    /// Builds a text or blob result of at most `capacity` bytes, written by `fill`, which
    /// returns how many bytes it wrote, or nil to give up (having set no result; the caller
    /// then reports the error).
    ///
    /// Small results are written into a stack buffer that SQLite copies; larger ones into a
    /// `sqlite3_malloc64` buffer that SQLite takes over, so there is no second copy. The caller
    /// checks `capacity` against `result.lengthLimit` first; SQLite checks the final length again.
    /// - Returns: false when `fill` gave up.
    @inline(__always)
    static func write(_ result: ResultContext, capacity: Int, text: Bool,
                      _ fill: (UnsafeMutablePointer<UInt8>) -> Int?) -> Bool {
        if capacity <= 256 {
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 256) { buffer in
                let base = buffer.baseAddress.unsafelyUnwrapped
                guard let count = fill(base) else { return false }
                if text {
                    result.setText(utf8: UnsafeBufferPointer(start: base, count: count))
                } else {
                    result.setBlob(UnsafeRawBufferPointer(start: base, count: count))
                }
                return true
            }
        }
        guard let raw = sqlite3_malloc64(sqlite3_uint64(capacity)) else {
            sqlite3_result_error_nomem(result.rawValue)
            return true
        }
        let base = raw.bindMemory(to: UInt8.self, capacity: capacity)
        guard let count = fill(base) else {
            sqlite3_free(raw)
            return false
        }
        if text {
            sqlite3_result_text64(result.rawValue, raw.assumingMemoryBound(to: CChar.self), sqlite3_uint64(count),
                                  sqlite3_free, UInt8(SQLITE_UTF8))
        } else {
            sqlite3_result_blob64(result.rawValue, raw, sqlite3_uint64(count), sqlite3_free)
        }
        return true
    }
}
