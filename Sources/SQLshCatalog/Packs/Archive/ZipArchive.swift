import Glibc

/// An archive being read: its bytes (a blob given to zipfile()) or an open file, and its
/// central directory. Member data is read on demand, each offset checked against the size.
final class ZipArchive {
    private enum Storage {
        case bytes([UInt8])
        case file(Int32)
    }

    private let storage: Storage
    let size: Int
    private(set) var entries: [ZipEntry] = []

    /// Opens `path`; a missing or unreadable file is "cannot open file: PATH", a folder
    /// (which opens, as with fopen, but reads nothing) "error in fread()".
    init(path: String) throws {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw ZipError("cannot open file: \(path)") }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            close(fd)
            throw ZipError("cannot open file: \(path)")
        }
        guard info.st_mode & S_IFMT != S_IFDIR else {
            close(fd)
            throw ZipError("error in fread()")
        }
        storage = .file(fd)
        size = Int(info.st_size)
        try readDirectory()
    }

    /// An archive held in memory (zipfile(BLOB)).
    init(bytes: [UInt8]) throws {
        storage = .bytes(bytes)
        size = bytes.count
        try readDirectory()
    }

    deinit {
        if case .file(let fd) = storage { close(fd) }
    }

    /// `count` bytes at `offset`, or nil when they are not all in the archive.
    func read(at offset: Int, count: Int) -> [UInt8]? {
        guard offset >= 0, count >= 0, offset <= size, count <= size - offset else { return nil }
        switch storage {
        case .bytes(let bytes):
            return Array(bytes[offset..<(offset + count)])
        case .file(let fd):
            var out = [UInt8](repeating: 0, count: count)
            var done = 0
            let ok = out.withUnsafeMutableBytes { buffer -> Bool in
                while done < count {
                    let n = pread(fd, buffer.baseAddress! + done, count - done, off_t(offset + done))
                    if n < 0 && errno == EINTR { continue }
                    if n <= 0 { return false }
                    done += n
                }
                return true
            }
            return ok ? out : nil
        }
    }

    private func readDirectory() throws {
        // An empty file is an empty archive (a table's file before its first commit); an
        // empty blob is not, as in SQLite's zipfile.
        if size == 0, case .file = storage { return }
        // As SQLite's zipfile: the record is looked for in the last 64 KiB only.
        let tailCount = min(size, 64 * 1024)
        guard tailCount >= ZipFormat.endRecordReadSize, let tail = read(at: size - tailCount, count: tailCount) else {
            throw ZipError("cannot find end of central directory record")
        }
        let location = try tail.withUnsafeBytes { try ZipFormat.findEnd(in: $0, archiveSize: size) }
        guard let directory = read(at: location.offset, count: location.size) else {
            throw ZipError("error in fread()")
        }
        entries = try directory.withUnsafeBytes { try ZipFormat.parseDirectory($0, count: location.entryCount, directoryOffset: location.offset) }
    }

    /// Where `entry`'s data starts: after its local header, whose name and extra field may
    /// differ in length from the central directory's.
    func dataOffset(of entry: ZipEntry) throws -> Int {
        let offset = Int(entry.localHeaderOffset)
        guard let header = read(at: offset, count: ZipFormat.localHeaderSize) else {
            throw ZipError("failed to read LFH at offset \(offset)")
        }
        let (signature, nameLength, extraLength) = header.withUnsafeBytes { raw -> (UInt32?, UInt16?, UInt16?) in
            let b = ZipBytes(bytes: raw)
            return (b.u32(0), b.u16(26), b.u16(28))
        }
        guard signature == ZipFormat.localHeaderSignature, let nameLength, let extraLength else {
            throw ZipError("failed to read LFH at offset \(offset)")
        }
        return offset + ZipFormat.localHeaderSize + Int(nameLength) + Int(extraLength)
    }

    /// `entry`'s stored (possibly compressed) bytes.
    func rawData(of entry: ZipEntry) throws -> [UInt8] {
        let start = try dataOffset(of: entry)
        guard let data = read(at: start, count: Int(entry.compressedSize)) else {
            throw ZipError("error in fread()")
        }
        return data
    }
}
