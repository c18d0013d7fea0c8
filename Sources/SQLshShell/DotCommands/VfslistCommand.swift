import SQLshCore

/// `.vfslist`: every registered VFS, the main database's marked `<--- CURRENT`.
struct VfslistCommand: DotCommand {
    static let name = "vfslist"
    static let usage = ".vfslist"
    static let summary = "List all available VFSes"

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        let current = shell.isDatabaseOpen ? shell.connection.vfs() : nil
        let all = VFSDescription.registered
        for (i, vfs) in all.enumerated() {
            describe(vfs, current: vfs.id == current?.id, to: shell.out)
            if i < all.count - 1 { shell.out.write("-----------------------------------\n") }
        }
        return .success
    }

    /// The four lines sqlite3 prints for a VFS.
    static func describe(_ vfs: VFSDescription, current: Bool, to out: OutputWriter) {
        out.write("vfs.zName      = \"\(vfs.name ?? "(null)")\"\(current ? "  <--- CURRENT" : "")\n")
        out.write("vfs.iVersion   = \(vfs.version)\n")
        out.write("vfs.szOsFile   = \(vfs.fileObjectSize)\n")
        out.write("vfs.mxPathname = \(vfs.maxPathLength)\n")
    }
}
