#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLshCore

/// A depth-first walk of a directory tree, for `fsdir` and `lsdir`: the root first, then (when
/// it is a directory) its entries named `path/entry` in directory order, each descended into
/// before the next one when the walk is recursive. Symbolic links are listed, never followed.
/// The open directories are closed when the walk ends or is dropped.
final class DirectoryWalk {
    /// Whether subdirectories of the root are descended into.
    let recursive: Bool
    /// The current path, nil at the end.
    private(set) var path: [UInt8]?
    /// The current path's `lstat`.
    private(set) var status = stat()
    private var levels: [(dir: OpaquePointer, path: [UInt8])] = []
    private var atRoot = true

    /// A walk that has ended (no rows).
    init() { recursive = false }

    /// Starts at `root` (which must not hold a NUL byte).
    /// - Parameter missingRootIsEmpty: a root that does not exist gives no rows (lsdir) rather
    ///   than "cannot stat file" (fsdir).
    init(root: [UInt8], recursive: Bool, missingRootIsEmpty: Bool) throws {
        self.recursive = recursive
        if lstat(root + [0], &status) != 0 {
            if missingRootIsEmpty && (errno == ENOENT || errno == ENOTDIR) { return }
            throw SQLiteError(message: "cannot stat file: \(String(decoding: root, as: UTF8.self))")
        }
        path = root
    }

    deinit { for level in levels { closedir(level.dir) } }

    /// Moves to the next path, or to the end.
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

extension DirectoryWalk {
    /// The plan of a walk's table function (fsdir, lsdir), whose hidden columns 4 and 5 are
    /// its arguments `path` and `dir`: plan 0 without a usable `path = ?` (the function then
    /// fails when run), 1 with the path, 2 with the path and `dir = ?`.
    /// - Throws: ``TableValuedPlanError/unusablePlan`` when a value comes from a table not
    ///   scanned yet: SQLite then tries a join order that has it.
    static func plan(_ info: IndexInfo, pathCost: Double, pathAndDirCost: Double, estimatedRows: Int64?) throws {
        var pathIndex = -1, dirIndex = -1
        var unusablePath = false, unusableDir = false
        for i in 0..<info.constraintCount {
            let constraint = info.constraint(i)
            guard constraint.op == .equal else { continue }
            switch (constraint.column, constraint.isUsable) {
            case (4, true): pathIndex = i
            case (4, false): unusablePath = true
            case (5, true): dirIndex = i
            case (5, false): unusableDir = true
            default: break
            }
        }
        if (unusablePath && pathIndex < 0) || (unusableDir && dirIndex < 0) { throw TableValuedPlanError.unusablePlan }
        guard pathIndex >= 0 else {
            info.planNumber = 0
            info.estimatedRows = 0x7fffffff
            return
        }
        info.use(constraint: pathIndex, asArgument: 1, omit: true)
        if dirIndex >= 0 { info.use(constraint: dirIndex, asArgument: 2, omit: true) }
        info.planNumber = dirIndex >= 0 ? 2 : 1
        info.estimatedCost = dirIndex >= 0 ? pathAndDirCost : pathCost
        if let estimatedRows { info.estimatedRows = estimatedRows }
    }
}
