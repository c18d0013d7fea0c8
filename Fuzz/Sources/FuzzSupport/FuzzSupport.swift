import CSQLite
import SQLshCore
import SQLshShell

/// Shared set-up of the fuzz targets.
public enum FuzzSupport {
    /// The fuzz input as bytes.
    public static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
        guard let data, size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// Virtual machine steps left for the current input (statements stop when it runs out, so
    /// that an endless recursive query ends).
    nonisolated(unsafe) public static var stepsLeft = 0

    /// Makes `connection` harmless for random SQL: no file is attached, read or written, no
    /// library loaded, no editor started; every statement stops after a bounded amount of work
    /// and text stays under 1 MB.
    public static func confine(_ connection: Connection) {
        let db = connection.handle
        sqlite3_set_authorizer(db, { _, op, _, a2, _, _ in
            switch op {
            case SQLITE_ATTACH, SQLITE_DETACH, SQLITE_PRAGMA: return SQLITE_DENY
            case SQLITE_FUNCTION:
                guard let a2 else { return SQLITE_OK }
                let name = String(cString: a2).lowercased()
                return ["readfile", "writefile", "load_extension", "edit", "fsdir", "lsmode"].contains(name) ? SQLITE_DENY : SQLITE_OK
            default: return SQLITE_OK
            }
        }, nil)
        sqlite3_progress_handler(db, 1000, { _ in
            FuzzSupport.stepsLeft -= 1
            return FuzzSupport.stepsLeft < 0 ? 1 : 0
        }, nil)
        sqlite3_limit(db, SQLITE_LIMIT_LENGTH, 1_000_000)
    }
}
