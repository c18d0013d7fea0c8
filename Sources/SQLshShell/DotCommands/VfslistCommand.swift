import CSQLite

/// `.vfslist`: every registered VFS, the main database's marked `<--- CURRENT`.
struct VfslistCommand: DotCommand {
    static let name = "vfslist"
    static let minimumPrefix = 1
    static let usage = ".vfslist"
    static let summary = "List all available VFSes"

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        var current: UnsafeMutablePointer<sqlite3_vfs>?
        if shell.isDatabaseOpen {
            sqlite3_file_control(shell.connection.handle, "main", SQLITE_FCNTL_VFS_POINTER, &current)
        }
        var vfs = sqlite3_vfs_find(nil)
        while let this = vfs {
            describe(this, current: this == current, to: shell.out)
            if this.pointee.pNext != nil { shell.out.write("-----------------------------------\n") }
            vfs = this.pointee.pNext
        }
        return .success
    }

    /// The four lines sqlite3 prints for a VFS.
    static func describe(_ vfs: UnsafeMutablePointer<sqlite3_vfs>, current: Bool, to out: OutputWriter) {
        let name = vfs.pointee.zName.map { String(cString: $0) } ?? "(null)"
        out.write("vfs.zName      = \"\(name)\"\(current ? "  <--- CURRENT" : "")\n")
        out.write("vfs.iVersion   = \(vfs.pointee.iVersion)\n")
        out.write("vfs.szOsFile   = \(vfs.pointee.szOsFile)\n")
        out.write("vfs.mxPathname = \(vfs.pointee.mxPathname)\n")
    }
}
