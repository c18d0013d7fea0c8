import CSQLite
import SQLshCatalog
import SQLshCore

extension Shell {
    /// Installs sqlite3's safe-mode authorizer: ATTACH and the functions that touch files or
    /// load code end the shell with `line N: cannot ... in safe mode` and exit status 1.
    func installSafeModeAuthorizer(on connection: Connection) {
        SafeMode.isActive.store(true, ordering: .relaxed)
        let context = Unmanaged.passUnretained(self).toOpaque()
        sqlite3_set_authorizer(connection.handle, { context, op, a1, a2, _, _ in
            guard let context else { return SQLITE_OK }
            Unmanaged<Shell>.fromOpaque(context).takeUnretainedValue().checkSafeMode(op, a1, a2)
            return SQLITE_OK
        }, context)
    }

    /// What safe mode refuses of an authorizer callback: ATTACH, the functions of
    /// ``SafeMode/prohibitedFunctions``, and reading the table-valued functions of
    /// ``SafeMode/prohibitedTableFunctions`` (`fsdir`, which sqlite3 allows).
    func checkSafeMode(_ op: Int32, _ a1: UnsafePointer<CChar>?, _ a2: UnsafePointer<CChar>?) {
        switch op {
        case SQLITE_ATTACH:
            failIfSafeMode("cannot run ATTACH in safe mode")
        case SQLITE_FUNCTION:
            guard let a2 else { break }
            let name = String(cString: a2)
            if SafeMode.isProhibited(name) { failIfSafeMode(SafeMode.message(for: name)) }
        case SQLITE_CREATE_VTABLE:
            guard let a2 else { break }
            let module = String(cString: a2)
            if SafeMode.isProhibitedModule(module) { failIfSafeMode("cannot use the \(module.lowercased()) module in safe mode") }
        case SQLITE_READ:
            guard let a1 else { break }
            let table = String(cString: a1)
            if SafeMode.isProhibitedTableFunction(table) { failIfSafeMode(SafeMode.message(for: table)) }
        default:
            break
        }
    }
}
