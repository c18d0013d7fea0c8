import SQLshCore

/// `.vfsinfo ?AUX?`: the VFS of a database (`main` by default), when one is open.
struct VfsinfoCommand: DotCommand {
    static let name = "vfsinfo"
    static let usage = ".vfsinfo ?AUX?"
    static let summary = "Information about the top-level VFS"

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        guard shell.isDatabaseOpen else { return .success }
        let schema = arguments.count == 2 ? arguments[1] : "main"
        if let vfs = shell.connection.vfs(schema: schema) { VfslistCommand.describe(vfs, current: false, to: shell.out) }
        return .success
    }
}
