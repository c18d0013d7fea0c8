#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLshCore

/// The online-backup loop of `.backup`/`.save` and `.restore`, and how they open the other
/// database.
enum BackupRunner {
    /// The other database of `.backup` (the destination) and `.restore` (the source), opened
    /// as sqlite3_open opens it: read-write, created when missing.
    /// - Throws: `Error: cannot open "FILE"` when it cannot be opened.
    static func openOtherDatabase(_ file: String) throws -> Connection {
        do {
            return try Connection(path: file, flags: [.readWrite, .create])
        } catch {
            throw ShellError("Error: cannot open \"\(file)\"")
        }
    }

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
                if retryBusy && error.code == ResultCode.busy.rawValue {
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
        if retryBusy && (failure.code == ResultCode.busy.rawValue || failure.code == ResultCode.locked.rawValue) { return "Error: source database is busy" }
        return "Error: " + destination.errorMessage
    }
}
