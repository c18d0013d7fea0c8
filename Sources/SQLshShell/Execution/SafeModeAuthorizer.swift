import SQLshCatalog
@_spi(RawSQLite) import SQLshCore
import SQLshFiles

extension Shell {
    /// Installs sqlite3's safe-mode authorizer: ATTACH and the functions that touch files or
    /// load code end the shell with `line N: cannot ... in safe mode` and exit status 1 (the
    /// statement is denied and ``Shell/pendingExit`` set: nothing can be thrown through SQLite).
    func installSafeModeAuthorizer(on connection: Connection) {
        SafeMode.activate(on: connection.handle)
        connection.setAuthorizer { [weak self] request in
            guard let self, let message = SafeMode.refusal(action: request.action, request.parameter1,
                                                           request.parameter2,
                                                           isDataFileName: FileTablesSubsystem.isDataFileName)
            else { return .allow }
            return self.refuseInSafeMode(message) ? .deny : .allow
        }
    }
}

extension Shell {
    /// Turns safe mode on (`-safe`): the settings say so, and the authorizer goes on the
    /// connection at once when the database is already open (its file existed at start-up), not
    /// only on connections opened later.
    public func enterSafeMode() {
        settings.safeMode = true
        if let openConnection { installSafeModeAuthorizer(on: openConnection) }
    }
}
