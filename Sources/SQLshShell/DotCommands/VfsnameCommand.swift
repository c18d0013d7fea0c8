import CSQLite

/// `.vfsname ?AUX?`: the name of the VFS stack of a database (`main` by default), when one is open.
struct VfsnameCommand: DotCommand {
    static let name = "vfsname"
    static let minimumPrefix = 1
    static let usage = ".vfsname ?AUX?"
    static let summary = "Print the name of the VFS stack"

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        guard shell.isDatabaseOpen else { return .success }
        let schema = arguments.count == 2 ? arguments[1] : "main"
        var name: UnsafeMutablePointer<CChar>?
        sqlite3_file_control(shell.connection.handle, schema, SQLITE_FCNTL_VFSNAME, &name)
        if let name {
            shell.out.write(String(cString: name) + "\n")
            sqlite3_free(name)
        }
        return .success
    }
}
