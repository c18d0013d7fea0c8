import SQLshCatalog
import SQLshCore

extension Shell {
    /// Installs sqlite3's safe-mode authorizer: ATTACH and the functions that touch files or
    /// load code end the shell with `line N: cannot ... in safe mode` and exit status 1.
    func installSafeModeAuthorizer(on connection: Connection) {
        SafeMode.isActive.store(true, ordering: .relaxed)
        connection.setAuthorizer { [weak self] request in
            self?.checkSafeMode(request)
            return .allow
        }
    }

    /// What safe mode refuses of an authorizer request: ATTACH, the functions of
    /// ``SafeMode/prohibitedFunctions``, and reading the table-valued functions of
    /// ``SafeMode/prohibitedTableFunctions`` (`fsdir`, which sqlite3 allows).
    func checkSafeMode(_ request: AuthorizationRequest) {
        switch request.action {
        case .attach:
            failIfSafeMode("cannot run ATTACH in safe mode")
        case .function:
            guard let name = request.parameter2 else { break }
            if SafeMode.isProhibited(name) { failIfSafeMode(SafeMode.message(for: name)) }
        case .createVirtualTable:
            guard let module = request.parameter2 else { break }
            if SafeMode.isProhibitedModule(module) { failIfSafeMode("cannot use the \(module.lowercased()) module in safe mode") }
        case .read:
            guard let table = request.parameter1 else { break }
            if SafeMode.isProhibitedTableFunction(table) { failIfSafeMode(SafeMode.message(for: table)) }
        default:
            break
        }
    }
}
