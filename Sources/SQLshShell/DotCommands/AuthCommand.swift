import SQLshCore

/// `.auth ON|OFF`: an authorizer that prints every callback (`authorizer: ACTION A1 A2 A3 A4`,
/// arguments C-quoted or `NULL`) to the output, as sqlite3's `shellAuth` does. In safe mode
/// sqlite3 3.40.1 keeps its safe-mode authorizer and prints nothing, and so does sqlsh.
struct AuthCommand: DotCommand {
    static let name = "auth"
    static let usage = ".auth ON|OFF"
    static let summary = "Show authorizer callbacks"

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        guard arguments.count == 2 else { throw ShellError("Usage: .auth ON|OFF") }
        let db = shell.connection
        let on = DotCommandArguments.booleanValue(arguments[1], shell: shell) != 0
        shell.printsAuthorizerCallbacks = on && !shell.settings.safeMode
        if on && !shell.settings.safeMode {
            shell.installPrintingAuthorizer(on: db)
        } else if shell.settings.safeMode {
            shell.installSafeModeAuthorizer(on: db)
        } else {
            db.setAuthorizer(nil)
        }
        return .success
    }
}

/// The names sqlite3 prints for the authorizer action codes.
private let actionNames = [
    "", "CREATE_INDEX", "CREATE_TABLE", "CREATE_TEMP_INDEX", "CREATE_TEMP_TABLE", "CREATE_TEMP_TRIGGER",
    "CREATE_TEMP_VIEW", "CREATE_TRIGGER", "CREATE_VIEW", "DELETE", "DROP_INDEX", "DROP_TABLE",
    "DROP_TEMP_INDEX", "DROP_TEMP_TABLE", "DROP_TEMP_TRIGGER", "DROP_TEMP_VIEW", "DROP_TRIGGER",
    "DROP_VIEW", "INSERT", "PRAGMA", "READ", "SELECT", "TRANSACTION", "UPDATE", "ATTACH", "DETACH",
    "ALTER_TABLE", "REINDEX", "ANALYZE", "CREATE_VTABLE", "DROP_VTABLE", "FUNCTION", "SAVEPOINT", "RECURSIVE",
]

extension Shell {
    /// Installs `.auth on`'s authorizer.
    func installPrintingAuthorizer(on connection: Connection) {
        // The shell owns the connection, which owns the authorizer: no strong reference back.
        connection.setAuthorizer { [unowned self] request in
            let out = self.out
            let op = Int(request.action.rawValue)
            out.write("authorizer: " + (op >= 0 && op < actionNames.count ? actionNames[op] : "(null)"))
            for argument in request.parameterBytes {
                out.write(" ")
                if let argument {
                    CellEscapes.writeC(argument, to: out)
                } else {
                    out.write("NULL")
                }
            }
            out.write("\n")
            return .allow
        }
    }
}
