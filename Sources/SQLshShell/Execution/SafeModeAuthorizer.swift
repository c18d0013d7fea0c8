import CSQLite
import SQLshCore

/// The functions `-safe` refuses, as sqlite3's `safeModeAuth` lists them.
private let prohibitedFunctions = ["edit", "fts3_tokenizer", "load_extension", "readfile", "writefile",
                                   "zipfile", "zipfile_cds"]

extension Shell {
    /// Installs sqlite3's safe-mode authorizer: ATTACH and the functions that touch files or
    /// load code end the shell with `line N: cannot ... in safe mode` and exit status 1.
    func installSafeModeAuthorizer(on connection: Connection) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        sqlite3_set_authorizer(connection.handle, { context, op, _, a2, _, _ in
            guard let context else { return SQLITE_OK }
            Unmanaged<Shell>.fromOpaque(context).takeUnretainedValue().checkSafeMode(op, a2)
            return SQLITE_OK
        }, context)
    }

    /// What safe mode refuses of an authorizer callback (ATTACH, the prohibited functions).
    func checkSafeMode(_ op: Int32, _ a2: UnsafePointer<CChar>?) {
        switch op {
        case SQLITE_ATTACH:
            failIfSafeMode("cannot run ATTACH in safe mode")
        case SQLITE_FUNCTION:
            guard let a2 else { break }
            let name = String(cString: a2).lowercased()
            if let match = prohibitedFunctions.first(where: { $0 == name }) {
                failIfSafeMode("cannot use the \(match)() function in safe mode")
            }
        default:
            break
        }
    }
}
