import CSQLite
import SQLshCatalog
import SQLshCore

extension Shell {
    /// Installs sqlite3's safe-mode authorizer: ATTACH and the functions that touch files or
    /// load code end the shell with `line N: cannot ... in safe mode` and exit status 1 (the
    /// statement is denied and ``Shell/pendingExit`` set: nothing can be thrown through SQLite).
    func installSafeModeAuthorizer(on connection: Connection) {
        SafeMode.isActive.store(true, ordering: .relaxed)
        let context = Unmanaged.passUnretained(self).toOpaque()
        sqlite3_set_authorizer(connection.handle, { context, op, a1, a2, _, _ in
            guard let context else { return SQLITE_OK }
            return Unmanaged<Shell>.fromOpaque(context).takeUnretainedValue().checkSafeMode(op, a1, a2)
        }, context)
    }

    /// What safe mode refuses of an authorizer callback is ``SafeMode``'s list (ATTACH, the
    /// functions, table-valued functions and modules that touch files or load code).
    /// - Returns: `SQLITE_DENY` when refused, else `SQLITE_OK`.
    func checkSafeMode(_ op: Int32, _ a1: UnsafePointer<CChar>?, _ a2: UnsafePointer<CChar>?) -> Int32 {
        guard let message = SafeMode.refusal(action: op, a1, a2) else { return SQLITE_OK }
        return refuseInSafeMode(message) ? SQLITE_DENY : SQLITE_OK
    }
}
