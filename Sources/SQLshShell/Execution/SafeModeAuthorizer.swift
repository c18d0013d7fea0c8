import SQLshCatalog
import SQLshCore

extension Shell {
    /// Installs sqlite3's safe-mode authorizer: ATTACH and the functions that touch files or
    /// load code end the shell with `line N: cannot ... in safe mode` and exit status 1 (the
    /// statement is denied and ``Shell/pendingExit`` set: nothing can be thrown through SQLite).
    func installSafeModeAuthorizer(on connection: Connection) {
        SafeMode.activate(on: connection.handle)
        connection.setAuthorizer { [weak self] request in
            guard let self, let message = SafeMode.refusal(action: request.action.rawValue, request.parameter1,
                                                           request.parameter2)
            else { return .allow }
            return self.refuseInSafeMode(message) ? .deny : .allow
        }
    }
}
