import SQLshCore

/// `fileio_ls(path[, recursive])` / `lsdir`: sqlean's directory listing. The path itself, then
/// (when it is a directory) its entries named `path/entry` in directory order, descending into
/// subdirectories depth-first when `recursive` is true. Symbolic links are listed, never
/// followed. Columns: name, mode (st_mode), mtime (seconds), size (bytes); the hidden path and
/// dir (the recursion flag) read back NULL, as in sqlean.
struct LsDir: DirectoryWalkCursor {
    static let columns: [TableValuedColumn] = [
        .column("name"), .column("mode"), .column("mtime"), .column("size"),
        .parameter("path"), .parameter("dir"),
    ]
    static var options: TableValuedOptions { .directOnly }

    /// Plan 0: no path (an error when run); 1: path; 2: path and recursion flag.
    static func bestIndex(_ info: IndexInfo) throws {
        try DirectoryWalk.plan(info, pathCost: 100, pathAndDirCost: 100, estimatedRows: 1000)
    }

    var walk = DirectoryWalk()
    var row: Int64 = 1

    init() {}

    mutating func filter(_ arguments: FilterArguments) throws {
        walk = DirectoryWalk()
        row = 1
        try Self.requirePath(arguments, function: "lsdir")
        let path = Array(arguments[0].textBytes)
        let recursive = arguments.count > 1 && arguments[1].int64 != 0
        if path.contains(0) { return }  // no such file: C would stop at the NUL
        walk = try DirectoryWalk(root: path, recursive: recursive, missingRootIsEmpty: true)
    }

    func column(_ index: Int, into result: ResultContext) throws {
        guard let path = walk.path else { return result.setNull() }
        switch index {
        case 0: path.withUnsafeBufferPointer { result.setText(utf8: $0) }
        case 1: result.set(Int64(walk.status.st_mode))
        case 2: result.set(Int64(walk.status.st_mtim.tv_sec))
        case 3: result.set(Int64(walk.status.st_size))
        default: result.setNull()
        }
    }
}
