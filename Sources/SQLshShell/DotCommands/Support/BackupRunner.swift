import SQLshCore
import CSQLite

/// The online-backup loop of `.backup`/`.save` and `.restore`.
enum BackupRunner {
    /// Copies `sourceSchema` of `source` into `destinationSchema` of `destination`, 100 pages
    /// per step. With `retryBusy`, a busy source is retried three times (`.restore`).
    /// - Returns: nil when done, else sqlite3's error text.
    static func copy(from source: OpaquePointer, _ sourceSchema: String,
                     to destination: OpaquePointer, _ destinationSchema: String, retryBusy: Bool) -> String? {
        guard let backup = sqlite3_backup_init(destination, destinationSchema, source, sourceSchema) else {
            return "Error: " + String(cString: sqlite3_errmsg(destination))
        }
        var rc: Int32
        var timeouts = 0
        while true {
            rc = sqlite3_backup_step(backup, 100)
            if rc == SQLITE_OK { continue }
            if retryBusy && rc == SQLITE_BUSY {
                timeouts += 1
                if timeouts > 3 { break }
                sqlite3_sleep(100)
                continue
            }
            break
        }
        sqlite3_backup_finish(backup)
        if rc == SQLITE_DONE { return nil }
        if retryBusy && (rc == SQLITE_BUSY || rc == SQLITE_LOCKED) { return "Error: source database is busy" }
        return "Error: " + String(cString: sqlite3_errmsg(destination))
    }
}
