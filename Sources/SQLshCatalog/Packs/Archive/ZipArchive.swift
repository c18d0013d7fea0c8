#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLshCore

/// An archive being read: its bytes (a blob given to zipfile()) or an open file, and its
/// central directory. Member data is read on demand, each offset checked against the size.
final class ZipArchive {
    private enum Storage {
        case bytes([UInt8])
        case file(Int32)
    }

    private let storage: Storage
    let size: Int
    /// The entries, when the directory was read at once (see ``init(path:readingDirectory:)``).
    private(set) var entries: [ZipEntry] = []
    /// The end record's facts; nil for an empty file.
    private(set) var end: ZipDirectoryLocation?

    /// Opens `path`; a missing or unreadable file is "cannot open file: PATH", a folder
    /// (which opens, as with fopen, but reads nothing) "error in fread()". With
    /// `readingDirectory`, the recorded number of entries is read at once (as SQLite's zipfile
    /// loads a table's archive); without, only the end record (entries are then read one at
    /// a time with ``entry(at:)``, as its scans of a file do).
    init(path: String, readingDirectory: Bool = true) throws {
        let fd: Int32
        let info: stat
        do {
            (fd, info) = try RegularFile.openForReading(path)
        } catch let refusal as RegularFile.Refusal {
            // A folder opens, as with fopen, but reads nothing; a FIFO or a device is not read.
            throw ZipError(refusal.isDirectory ? "error in fread()" : "cannot open file: \(refusal.message(path))")
        } catch {
            throw ZipError("cannot open file: \(path)")
        }
        storage = .file(fd)
        size = Int(info.st_size)
        end = try findEnd()
        if readingDirectory { try readDirectory() }
    }

    /// An archive held in memory (zipfile(BLOB)), its directory read at once.
    init(bytes: [UInt8]) throws {
        storage = .bytes(bytes)
        size = bytes.count
        end = try findEnd()
        try readDirectory()
    }

    private var isFile: Bool {
        if case .file = storage { return true }
        return false
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
                guard let base = buffer.baseAddress else { return count == 0 }
                while done < count {
                    let n = pread(fd, base + done, count - done, off_t(offset + done))
                    if n < 0 && errno == EINTR { continue }
                    if n <= 0 { return false }
                    done += n
                }
                return true
            }
            return ok ? out : nil
        }
    }

    /// The end record, looked for in the last 64 KiB; nil for an empty file (a table's file
    /// before its first commit), not for an empty blob, as in SQLite's zipfile.
    private func findEnd() throws -> ZipDirectoryLocation? {
        if size == 0 && isFile { return nil }
        let tailCount = min(size, 64 * 1024)
        guard tailCount >= ZipFormat.endRecordReadSize, let tail = read(at: size - tailCount, count: tailCount) else {
            throw ZipError("cannot find end of central directory record")
        }
        return try tail.withUnsafeBytes { try ZipFormat.findEnd(in: $0) }
    }

    /// Reads the recorded number of entries, one after the other from the recorded offset.
    private func readDirectory() throws {
        guard let end else { return }
        var offset = end.offset
        entries.reserveCapacity(min(end.entryCount, 65_535))
        for _ in 0..<end.entryCount {
            let (entry, next) = try entry(at: offset)
            entries.append(entry)
            offset = next
        }
    }

    /// The central directory entry at `offset` and the offset of the next one, read as
    /// SQLite 3.53's zipfileGetEntry reads them: the fixed part, the name, extra field and
    /// comment, then the member's local header, whose lengths say where its data starts.
    /// A directory entry that does not fit in the archive is "error in fread()" for a file,
    /// "zip archive is corrupt" for a blob; a wrong signature "failed to read CDS at offset N";
    /// a local header that is short, wrong or names more than 250 bytes "failed to read LFH
    /// at offset N" (a signed 32-bit number, as SQLite prints it); in a blob, stored bytes
    /// that run past its end make the archive corrupt.
    func entry(at offset: Int) throws -> (ZipEntry, Int) {
        let shortCDS: any Error = isFile ? ZipError("error in fread()") : ZipFormat.corrupt
        guard let fixed = read(at: offset, count: ZipFormat.centralHeaderSize) else { throw shortCDS }
        guard var (entry, nameLength, extraLength, commentLength) = fixed.withUnsafeBytes({ ZipFormat.centralHeader(fixed: $0) }) else {
            throw ZipError("failed to read CDS at offset \(offset)")
        }
        let variableCount = nameLength + extraLength + commentLength
        guard let variable = read(at: offset + ZipFormat.centralHeaderSize, count: variableCount) else { throw shortCDS }
        entry.name = Array(variable[..<nameLength])
        entry.extra = Array(variable[nameLength..<(nameLength + extraLength)])
        entry.comment = Array(variable[(nameLength + extraLength)...])
        entry.unixTime = ZipFormat.extendedTimestamp(in: entry.extra)
        let headerOffset = Int(entry.localHeaderOffset)
        let signedOffset = Int32(bitPattern: entry.localHeaderOffset)
        guard let header = read(at: headerOffset, count: ZipFormat.localHeaderSize) else {
            throw ZipError("failed to read LFH at offset \(signedOffset)")
        }
        let (signature, localNameLength, localExtraLength) = header.withUnsafeBytes { raw -> (UInt32?, UInt16?, UInt16?) in
            let b = ZipBytes(bytes: raw)
            return (b.u32(0), b.u16(26), b.u16(28))
        }
        guard signature == ZipFormat.localHeaderSignature, let localNameLength, let localExtraLength,
              Int(localNameLength) <= ZipFormat.maxLocalNameLength else {
            throw ZipError("failed to read LFH at offset \(signedOffset)")
        }
        entry.dataOffset = headerOffset + ZipFormat.localHeaderSize + Int(localNameLength) + Int(localExtraLength)
        if !isFile, entry.compressedSize > 0, Int(entry.compressedSize) > size - entry.dataOffset {
            throw ZipFormat.corrupt
        }
        return (entry, offset + ZipFormat.centralHeaderSize + variableCount)
    }

    /// `entry`'s stored (possibly compressed) bytes.
    func rawData(of entry: ZipEntry) throws -> [UInt8] {
        guard let data = read(at: entry.dataOffset, count: Int(entry.compressedSize)) else {
            throw ZipError("error in fread()")
        }
        return data
    }
}
