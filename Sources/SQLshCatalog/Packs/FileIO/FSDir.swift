#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLshCore

/// `fsdir(PATH[, DIR])`: PATH and, recursively, everything below it (symbolic links not
/// followed), as the stock shell's fileio.c of 3.40.1: columns name, mode, mtime, data and
/// the hidden path and dir. With DIR, files are looked up under DIR and named relative to it.
struct FSDir: DirectoryWalkCursor {
    static let columns: [TableValuedColumn] = [
        .column("name"), .column("mode"), .column("mtime"), .column("data"),
        .parameter("path"), .parameter("dir"),
    ]
    static var options: TableValuedOptions { .directOnly }

    /// Plan 0: no path (an error when run); 1: path; 2: path and DIR.
    static func bestIndex(_ info: IndexInfo) throws {
        try DirectoryWalk.plan(info, pathCost: 100, pathAndDirCost: 10, estimatedRows: nil)
    }

    var walk = DirectoryWalk()
    /// The length of `DIR/` before each path: the name column leaves it out.
    private var baseLength = 0
    var row: Int64 = 1

    init() {}

    mutating func filter(_ arguments: FilterArguments) throws {
        walk = DirectoryWalk()
        baseLength = 0
        row = 1
        try Self.requirePath(arguments, function: "fsdir")
        // Like the C code, each path stops at a NUL byte.
        var path = Array(arguments[0].textBytes.prefix { $0 != 0 })
        if arguments.count > 1, !arguments[1].isNull {
            let base = arguments[1].textBytes.prefix { $0 != 0 }
            baseLength = base.count + 1
            path = Array(base) + [UInt8(ascii: "/")] + path
        }
        walk = try DirectoryWalk(root: path, recursive: true, missingRootIsEmpty: false)
    }

    func column(_ index: Int, into result: ResultContext) throws {
        guard let path = walk.path else { return result.setNull() }
        switch index {
        case 0:
            path.withUnsafeBufferPointer { bytes in
                let name = UnsafeBufferPointer(rebasing: bytes[Swift.min(baseLength, bytes.count)...])
                // Like the C code, the name stops at a NUL byte.
                let end = name.firstIndex(of: 0) ?? name.endIndex
                result.setText(utf8: UnsafeBufferPointer(rebasing: name[..<end]))
            }
        case 1:
            result.set(Int64(walk.status.st_mode))
        case 2:
            result.set(Int64(walk.status.st_mtim.tv_sec))
        case 3:
            let mode = UInt32(walk.status.st_mode)
            if FileAccess.isDirectory(mode) {
                result.setNull()
            } else if FileAccess.isSymlink(mode) {
                var buffer = [CChar](repeating: 0, count: 64)
                var n = 0
                while true {
                    n = readlink(path + [0], &buffer, buffer.count)
                    if n < buffer.count { break }
                    buffer = [CChar](repeating: 0, count: buffer.count * 2)
                }
                buffer.withUnsafeBytes { raw in
                    result.setText(utf8: UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt8.self)[..<Swift.max(0, n)]))
                }
            } else {
                (path + [0]).withUnsafeBufferPointer { p in
                    p.baseAddress!.withMemoryRebound(to: CChar.self, capacity: p.count) {
                        FileAccess.readContents(result, $0)
                    }
                }
            }
        default:
            result.setNull()
        }
    }
}
