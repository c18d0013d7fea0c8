#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLshCatalog
import SQLshFiles

/// What a database file is, as sqlite3 3.40.1's `deduceDatabaseType` tells: an SQLite
/// database, a ZIP archive (opened as the `zip` table of an in-memory database), or a
/// database appended to another file (the `apndvfs` VFS, which sqlsh's SQLite lacks); and,
/// beyond sqlite3, a data file (`data.csv`, `events.ndjson.gz`) opened as the table of an
/// in-memory database.
public enum DatabaseFileKind: Equatable, Sendable {
    case normal, zip, appendVFS
    /// A CSV, TSV, JSON or NDJSON file (perhaps `.gz`): the one table of an in-memory
    /// database, named after the file (``isDataFile(path:)``).
    case dataFile

    /// Whether a file is read as a table rather than opened as a database: an existing
    /// regular file whose name the files subsystem reads (``FileTablesSubsystem/isDataFileName(_:)``)
    /// and that is not an SQLite database (its first 16 bytes are not
    /// `SQLite format 3\0`: a database named `x.csv` stays a database).
    public static func isDataFile(path: String) -> Bool {
        guard FileTablesSubsystem.isDataFileName(path) else { return false }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
        var head = [UInt8](repeating: 0, count: 16)
        let n = head.withUnsafeMutableBytes { pread(fd, $0.baseAddress, 16, 0) }
        return !(n == 16 && head == Array("SQLite format 3\0".utf8))
    }

    /// Looks at the file's first 16 and last 25 (or 22) bytes. A missing or empty file named
    /// `*.zip` (any case) is a ZIP archive when `defaultZip` (the `-A` option, `.archive`'s
    /// `--file`); any other missing file is a database.
    public static func deduce(path: String, defaultZip: Bool) -> DatabaseFileKind {
        let zipName = path.utf8.count >= 4 && path.suffix(4).lowercased() == ".zip"
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return defaultZip && zipName ? .zip : .normal }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return .normal }
        let size = Int(info.st_size)
        func read(at offset: Int, count: Int) -> [UInt8]? {
            guard offset >= 0, size - offset >= count else { return nil }
            var bytes = [UInt8](repeating: 0, count: count)
            let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, off_t(offset)) }
            return n == count ? bytes : nil
        }
        if let head = read(at: 0, count: 16), head == Array("SQLite format 3\0".utf8) { return .normal }
        if let tail = read(at: size - 25, count: 25), tail.prefix(17).elementsEqual("Start-Of-SQLite3-".utf8) {
            return .appendVFS
        }
        if let end = read(at: size - 22, count: 22) {
            if end[0] == 0x50 && end[1] == 0x4b && end[2] == 0x05 && end[3] == 0x06 { return .zip }
            return .normal
        }
        return defaultZip && zipName ? .zip : .normal
    }
}
