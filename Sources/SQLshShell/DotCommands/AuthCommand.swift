import CSQLite
import Glibc

/// `.auth ON|OFF`: an authorizer that prints every callback (`authorizer: ACTION A1 A2 A3 A4`,
/// arguments C-quoted or `NULL`) to the output, as sqlite3's `shellAuth` does. In safe mode
/// sqlite3 3.40.1 keeps its safe-mode authorizer and prints nothing, and so does sqlsh.
struct AuthCommand: DotCommand {
    static let name = "auth"
    static let minimumPrefix = 1
    static let usage = ".auth ON|OFF"
    static let summary = "Show authorizer callbacks"

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        guard arguments.count == 2 else { throw ShellError("Usage: .auth ON|OFF") }
        let db = shell.connection
        let on = DotCommandArguments.booleanValue(arguments[1], shell: shell) != 0
        if on && !shell.settings.safeMode {
            shell.installPrintingAuthorizer(on: db.handle)
        } else if shell.settings.safeMode {
            shell.installSafeModeAuthorizer(on: db)
        } else {
            sqlite3_set_authorizer(db.handle, nil, nil)
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
    func installPrintingAuthorizer(on handle: OpaquePointer) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        sqlite3_set_authorizer(handle, { context, op, a1, a2, a3, a4 in
            guard let context else { return SQLITE_OK }
            let shell = Unmanaged<Shell>.fromOpaque(context).takeUnretainedValue()
            let out = shell.out
            out.write("authorizer: " + (op >= 0 && Int(op) < actionNames.count ? actionNames[Int(op)] : "(null)"))
            for argument in [a1, a2, a3, a4] {
                out.write(" ")
                if let argument {
                    let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(argument).assumingMemoryBound(to: UInt8.self),
                                                    count: strlen(argument))
                    CellEscapes.writeC(bytes, to: out)
                } else {
                    out.write("NULL")
                }
            }
            out.write("\n")
            return SQLITE_OK
        }, context)
    }
}
