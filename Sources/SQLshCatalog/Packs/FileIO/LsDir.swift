import CSQLite
import Glibc
import SQLshCore

/// `fileio_ls(path[, recursive])` / `lsdir`: sqlean's directory listing. The path itself, then
/// (when it is a directory) its entries named `path/entry` in directory order, descending into
/// subdirectories depth-first when `recursive` is true. Symbolic links are listed, never
/// followed. Columns: name, mode (st_mode), mtime (seconds), size (bytes); the hidden path and
/// dir (the recursion flag) read back NULL, as in sqlean.
struct LsDir: TableValuedFunction {
    static let columns: [TableValuedColumn] = [
        .column("name"), .column("mode"), .column("mtime"), .column("size"),
        .parameter("path"), .parameter("dir"),
    ]
    static var options: TableValuedOptions { .directOnly }

    private static let pathColumn: Int32 = 4
    private static let dirColumn: Int32 = 5

    /// Plan 0: no path (an error when run); 1: path; 2: path and recursion flag.
    static func bestIndex(_ info: IndexInfo) throws {
        var pathIndex = -1, dirIndex = -1
        var unusablePath = false, unusableDir = false
        for i in 0..<info.constraintCount {
            let constraint = info.constraint(i)
            guard constraint.op == .equal else { continue }
            switch (constraint.column, constraint.isUsable) {
            case (pathColumn, true): pathIndex = i
            case (pathColumn, false): unusablePath = true
            case (dirColumn, true): dirIndex = i
            case (dirColumn, false): unusableDir = true
            default: break
            }
        }
        // A value that comes from a table not scanned yet: wait for a join order that has it.
        if (unusablePath && pathIndex < 0) || (unusableDir && dirIndex < 0) { throw TableValuedPlanError.unusablePlan }
        guard pathIndex >= 0 else {
            info.planNumber = 0
            info.estimatedRows = 0x7fffffff
            return
        }
        info.use(constraint: pathIndex, asArgument: 1, omit: true)
        if dirIndex >= 0 { info.use(constraint: dirIndex, asArgument: 2, omit: true) }
        info.planNumber = dirIndex >= 0 ? 2 : 1
        info.estimatedCost = 100
        info.estimatedRows = 1000
    }

    private var walk: Walk?
    private var row: Int64 = 1

    init() {}

    mutating func filter(_ arguments: FilterArguments) throws {
        walk = nil
        row = 1
        guard arguments.planNumber != 0, arguments.count > 0 else {
            throw SQLiteError(message: "table function lsdir requires an argument")
        }
        guard let text = sqlite3_value_text(arguments[0].rawValue) else {
            throw SQLiteError(message: "table function lsdir requires a non-NULL argument")
        }
        let path = Array(UnsafeBufferPointer(start: text, count: Int(sqlite3_value_bytes(arguments[0].rawValue))))
        let recursive = arguments.count > 1 && sqlite3_value_int64(arguments[1].rawValue) != 0
        walk = try Walk(root: path, recursive: recursive)
    }

    var isAtEnd: Bool { walk?.path == nil }

    mutating func next() throws {
        row += 1
        try walk?.advance()
    }

    func column(_ index: Int, into result: ResultContext) throws {
        guard let walk, let path = walk.path else { return result.setNull() }
        switch index {
        case 0: path.withUnsafeBufferPointer { result.setText(utf8: $0) }
        case 1: result.set(Int64(walk.status.st_mode))
        case 2: result.set(Int64(walk.status.st_mtim.tv_sec))
        case 3: result.set(Int64(walk.status.st_size))
        default: result.setNull()
        }
    }

    func rowid() throws -> Int64 { row }

    /// The walk: the open directories (closed when it ends or is dropped), the current path
    /// and its `lstat`.
    final class Walk {
        let recursive: Bool
        var levels: [(dir: OpaquePointer, path: [UInt8])] = []
        var path: [UInt8]?
        var status = stat()
        /// Whether the current path is the root (listed even when not recursive).
        var atRoot = true

        /// Starts at `root`; a root that does not exist gives no rows.
        init(root: [UInt8], recursive: Bool) throws {
            self.recursive = recursive
            if root.contains(0) { return }  // no such file: C would stop at the NUL
            if lstat(root + [0], &status) != 0 {
                if errno == ENOENT || errno == ENOTDIR { return }
                throw SQLiteError(message: "cannot stat file: \(String(decoding: root, as: UTF8.self))")
            }
            path = root
        }

        deinit { for level in levels { closedir(level.dir) } }

        func advance() throws {
            if let current = path, FileAccess.isDirectory(UInt32(status.st_mode)), atRoot || recursive {
                path = nil
                guard let dir = opendir(current.map { CChar(bitPattern: $0) } + [0]) else {
                    throw SQLiteError(message: "cannot read directory: \(String(decoding: current, as: UTF8.self))")
                }
                levels.append((dir, current))
            }
            atRoot = false
            path = nil
            while let level = levels.last {
                if let entry = readdir(level.dir) {
                    let name = DirectoryEntryName.bytes(entry)
                    if name == [UInt8(ascii: ".")] || name == [UInt8(ascii: "."), UInt8(ascii: ".")] { continue }
                    let child = level.path + [UInt8(ascii: "/")] + name
                    if lstat(child + [0], &status) != 0 {
                        throw SQLiteError(message: "cannot stat file: \(String(decoding: child, as: UTF8.self))")
                    }
                    path = child
                    return
                }
                closedir(level.dir)
                levels.removeLast()
            }
        }
    }
}
