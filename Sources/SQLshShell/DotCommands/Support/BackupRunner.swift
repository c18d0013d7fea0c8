import CSQLite  // result code names only
import Glibc
import SQLshCore

/// The online-backup loop of `.backup`/`.save` and `.restore`.
enum BackupRunner {
    /// Copies `sourceSchema` of `source` into `destinationSchema` of `destination`, 100 pages
    /// per step. With `retryBusy`, a busy source is retried three times (`.restore`).
    /// - Returns: nil when done, else sqlite3's error text.
    static func copy(from source: Connection, _ sourceSchema: String,
                     to destination: Connection, _ destinationSchema: String, retryBusy: Bool) -> String? {
        let backup: Backup
        do {
            backup = try Backup(from: source, schema: sourceSchema, to: destination, schema: destinationSchema)
        } catch {
            return "Error: " + destination.errorMessage
        }
        var failure: SQLiteError?
        var timeouts = 0
        while true {
            do {
                if try backup.step(pages: 100) { break }
            } catch let error as SQLiteError {
                if retryBusy && error.code == SQLITE_BUSY {
                    timeouts += 1
                    if timeouts <= 3 {
                        usleep(100_000)
                        continue
                    }
                }
                failure = error
                break
            } catch {
                failure = SQLiteError(message: "\(error)")
                break
            }
        }
        try? backup.finish()
        guard let failure else { return nil }
        if retryBusy && (failure.code == SQLITE_BUSY || failure.code == SQLITE_LOCKED) { return "Error: source database is busy" }
        return "Error: " + destination.errorMessage
    }
}
