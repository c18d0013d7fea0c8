#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An archive open for changes, as SQLite's zipfile keeps one during a write transaction:
/// opened for appending (and created when missing); each member written gets its local header
/// and stored bytes appended at once, and the end of the transaction appends the central
/// directory and its end record. Nothing already in the file is rewritten: the old
/// directories, and the data of members deleted or written again, stay where they were.
final class ZipAppender {
    private let fd: Int32
    /// The file's size: where the next bytes go.
    private(set) var size: Int

    /// Opens `path` as fopen(path, "ab+") does; "zipfile: failed to open file PATH for
    /// writing" when it cannot (a folder, a file that cannot be written, a missing folder).
    init(path: String) throws {
        let fd = open(path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0o666)
        var info = stat()
        guard fd >= 0, fstat(fd, &info) == 0 else {
            if fd >= 0 { close(fd) }
            throw ZipError("zipfile: failed to open file \(path) for writing")
        }
        self.fd = fd
        size = Int(info.st_size)
    }

    deinit { close(fd) }

    /// Appends `bytes`: "error in fwrite()" when they cannot all be written.
    private func append(_ bytes: [UInt8]) throws {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return write(fd, base + done, raw.count - done)
            }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw ZipError("error in fwrite()") }
            done += n
        }
        size += bytes.count
    }

    /// Appends `member`'s local header and stored bytes; returns the member with the offset
    /// of its header (cut to 32 bits, as SQLite records it).
    func append(_ member: ZipMember) throws -> ZipMember {
        var placed = member
        placed.entry.localHeaderOffset = UInt32(truncatingIfNeeded: size)
        try append(ZipFormat.localHeader(placed.entry))
        try append(try member.rawData())
        return placed
    }

    /// Appends the central directory of `members` (each at the offset it records) and the
    /// end record, whose counts and offsets are cut to 16 and 32 bits as SQLite writes them.
    func finish(_ members: [ZipMember]) throws {
        let directoryOffset = size
        var directory: [UInt8] = []
        for member in members {
            directory += ZipFormat.centralHeader(member.entry, offset: member.entry.localHeaderOffset)
            if directory.count >= 1 << 20 {
                try append(directory)
                directory.removeAll(keepingCapacity: true)
            }
        }
        try append(directory)
        try append(ZipFormat.endRecord(entryCount: members.count, directorySize: size - directoryOffset, directoryOffset: directoryOffset))
    }
}
