import SQLshCore

/// `.vfsname ?AUX?`: the name of the VFS stack of a database (`main` by default), when one is open.
struct VfsnameCommand: DotCommand {
    static let name = "vfsname"
    static let usage = ".vfsname ?AUX?"
    static let summary = "Print the name of the VFS stack"

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        guard shell.isDatabaseOpen else { return .success }
        let schema = arguments.count == 2 ? arguments[1] : "main"
        if let name = shell.connection.fileControlText(.vfsName, schema: schema) {
            shell.out.write(name + "\n")
        }
        return .success
    }
}
