import CSQLite
import Glibc
import SQLshCore

/// `fsdir(PATH[, DIR])`: PATH and, recursively, everything below it (symbolic links not
/// followed), as the stock shell's fileio.c of 3.40.1: columns name, mode, mtime, data and
/// the hidden path and dir. With DIR, files are looked up under DIR and named relative to it.
struct FSDir: TableValuedFunction {
    static let columns: [TableValuedColumn] = [
        .column("name"), .column("mode"), .column("mtime"), .column("data"),
        .parameter("path"), .parameter("dir"),
    ]
    static var options: TableValuedOptions { .directOnly }

    static func bestIndex(_ info: IndexInfo) throws {
        var pathIndex = -1, dirIndex = -1
        var unusablePath = false, unusableDir = false
        for i in 0..<info.constraintCount {
            let constraint = info.constraint(i)
            guard constraint.op == .equal else { continue }
            switch constraint.column {
            case 4:
                if constraint.isUsable { pathIndex = i; unusablePath = false } else if pathIndex < 0 { unusablePath = true }
            case 5:
                if constraint.isUsable { dirIndex = i; unusableDir = false } else if dirIndex < 0 { unusableDir = true }
            default:
                break
            }
        }
        if unusablePath || unusableDir { throw TableValuedPlanError.unusablePlan }
        if pathIndex < 0 {
            info.planNumber = 0
            info.estimatedRows = 0x7fffffff
        } else {
            info.use(constraint: pathIndex, asArgument: 1, omit: true)
            if dirIndex >= 0 {
                info.use(constraint: dirIndex, asArgument: 2, omit: true)
                info.planNumber = 2
                info.estimatedCost = 10
            } else {
                info.planNumber = 1
                info.estimatedCost = 100
            }
        }
    }

    private var walk = Walk()
    private var row: Int64 = 1

    init() {}

    mutating func filter(_ arguments: FilterArguments) throws {
        walk = Walk()
        row = 1
        guard arguments.planNumber != 0, arguments.count > 0 else {
            throw SQLiteError(message: "table function fsdir requires an argument")
        }
        guard let dir = sqlite3_value_text(arguments[0].rawValue) else {
            throw SQLiteError(message: "table function fsdir requires a non-NULL argument")
        }
        var path = Array(UnsafeBufferPointer(start: dir, count: strlen(dir)))
        if arguments.count > 1, let base = sqlite3_value_text(arguments[1].rawValue) {
            let baseBytes = UnsafeBufferPointer(start: base, count: strlen(base))
            walk.baseLength = baseBytes.count + 1
            path = Array(baseBytes) + [UInt8(ascii: "/")] + path
        }
        walk.path = path
        try walk.statCurrent()
    }

    var isAtEnd: Bool { walk.path == nil }

    mutating func next() throws {
        row += 1
        try walk.advance()
    }

    func column(_ index: Int, into result: ResultContext) throws {
        guard let path = walk.path else { return result.setNull() }
        switch index {
        case 0:
            path.withUnsafeBufferPointer { bytes in
                let name = UnsafeBufferPointer(rebasing: bytes[Swift.min(walk.baseLength, bytes.count)...])
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
                        FileAccess.readContents(result.rawValue, $0)
                    }
                }
            }
        default:
            result.setNull()
        }
    }

    func rowid() throws -> Int64 { row }

    /// The directory walk: open directories (closed when the walk ends or is dropped), the
    /// current path and its `lstat`.
    final class Walk {
        var levels: [(dir: OpaquePointer, path: [UInt8])] = []
        var path: [UInt8]?
        var status = stat()
        var baseLength = 0

        deinit { for level in levels { closedir(level.dir) } }

        func statCurrent() throws {
            guard let path else { return }
            if lstat(path + [0], &status) != 0 {
                throw SQLiteError(message: "cannot stat file: \(String(decoding: path, as: UTF8.self))")
            }
        }

        func advance() throws {
            if let current = path, FileAccess.isDirectory(UInt32(status.st_mode)) {
                path = nil
                guard let dir = opendir(current.map { CChar(bitPattern: $0) } + [0]) else {
                    throw SQLiteError(message: "cannot read directory: \(String(decoding: current, as: UTF8.self))")
                }
                levels.append((dir, current))
            }
            while let level = levels.last {
                if let entry = readdir(level.dir) {
                    let name = DirectoryEntryName.bytes(entry)
                    if name == [UInt8(ascii: ".")] || name == [UInt8(ascii: "."), UInt8(ascii: ".")] { continue }
                    path = level.path + [UInt8(ascii: "/")] + name
                    try statCurrent()
                    return
                }
                closedir(level.dir)
                levels.removeLast()
            }
            path = nil
        }
    }
}
