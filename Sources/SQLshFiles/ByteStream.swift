import CZlib
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLshCatalog
import SQLshCore

/// What identifies a file's content for reuse: a table made from it is made again when any of
/// these changed (an editor that writes a new file changes the inode, one that rewrites in
/// place the size or the modification time).
struct FileIdentity: Equatable, Sendable {
    var device: UInt64, inode: UInt64, size: Int64, modifiedSeconds: Int64, modifiedNanoseconds: Int64

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modifiedSeconds = Int64(info.st_mtim.tv_sec)
        modifiedNanoseconds = Int64(info.st_mtim.tv_nsec)
    }

    /// The identity of the file at `path` now, nil when it cannot be read.
    static func of(_ path: String) -> FileIdentity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileIdentity(info)
    }
}

/// An error of the files pack with the message shown as it is.
struct FileTableError: Error, SQLiteErrorConvertible, CustomStringConvertible {
    let message: String
    init(_ message: String) { self.message = message }
    var sqliteMessage: String { message }
    var description: String { message }
}

/// The bytes of a file, plain or gzip-compressed (told by its first two bytes, `1f 8b`, not
/// by its name), read through one buffer from start to end.
///
/// A reader addresses bytes by their offset from the start of the (decompressed) file and
/// says from which offset on it still needs them (``fill(keeping:)``): the record it is
/// reading. The buffer grows only when one record does not fit in it, up to `maxKept` bytes
/// (the connection's length limit): a file of any size is read in constant memory.
final class ByteStream {
    /// The buffer; its first byte is the file's byte at ``origin``.
    private(set) var buffer: UnsafeMutablePointer<UInt8>
    /// The buffer's size.
    private(set) var capacity: Int
    /// The file offset of `buffer[0]`.
    private(set) var origin = 0
    /// How many bytes of the buffer hold data.
    private(set) var count = 0
    /// Whether the end of the file was reached (nothing more to read).
    private(set) var atEnd = false
    /// The file's name, for messages.
    let path: String
    /// Whether the file is gzip-compressed.
    let isCompressed: Bool
    /// The file's size on disk (compressed size for a `.gz` file), 0 when unknown.
    let fileSize: Int64
    /// The most bytes one record may span.
    let maxKept: Int
    /// What sets ``maxKept``, for messages: `the length limit`, `max_line_size`...
    let limitName: String
    /// Whether Ctrl-C was pressed since the stream opened: each read checks, so that a long
    /// read ends within one buffer's read.
    private let interrupt: InterruptCheck

    private var descriptor: Int32 = -1
    private var gz: gzFile?

    /// Opens `path`. `compression`: nil to tell from the first bytes, true or false to say.
    /// - Throws: `cannot open NAME: REASON` (missing, unreadable, a folder, a FIFO or a device:
    ///   only regular files are read).
    init(path: String, maxKept: Int, limitName: String = "the length limit", compression: Bool? = nil,
         initialCapacity: Int = 256 << 10, interrupt: InterruptCheck = InterruptCheck()) throws {
        self.interrupt = interrupt
        self.path = path
        self.maxKept = max(maxKept, 1)
        self.limitName = limitName
        let fd: Int32
        let info: stat
        do {
            (fd, info) = try RegularFile.openForReading(path)
        } catch let failure as RegularFile.OpenFailure {
            throw FileTableError("cannot open \(path): \(failure.reason)")
        } catch let refusal as RegularFile.Refusal {
            throw FileTableError(refusal.isDirectory ? "cannot open \(path): Is a directory"
                                 : "cannot open \(path): \(refusal.message(path)) (sqlsh reads files, not pipes or devices)")
        }
        fileSize = info.st_mode & S_IFMT == S_IFREG ? Int64(info.st_size) : 0
        var compressed = compression ?? false
        if compression == nil, info.st_mode & S_IFMT == S_IFREG {
            var magic: (UInt8, UInt8) = (0, 0)
            let n = withUnsafeMutableBytes(of: &magic) { pread(fd, $0.baseAddress, 2, 0) }
            compressed = n == 2 && magic.0 == 0x1F && magic.1 == 0x8B
        } else if compression == nil {
            compressed = path.lowercased().hasSuffix(".gz")
        }
        isCompressed = compressed
        let size = max(4096, min(initialCapacity, compressed ? initialCapacity : Int(max(fileSize + 1, 4096))))
        capacity = size
        buffer = .allocate(capacity: size)
        if compressed {
            guard let file = gzdopen(fd, "rb") else {
                close(fd)
                buffer.deallocate()
                throw FileTableError("cannot open \(path): out of memory")
            }
            gzbuffer(file, 128 << 10)
            gz = file
        } else {
            descriptor = fd
        }
    }

    deinit {
        if let gz { gzclose(gz) }
        if descriptor >= 0 { close(descriptor) }
        buffer.deallocate()
    }

    // Forced inlining in this file: Benchmarks/files.sh: every byte read.
    /// The file offset just past the buffered bytes.
    @inline(__always) var end: Int { origin + count }

    /// The byte at file offset `offset` (at or after the kept offset), reading more when it is
    /// not buffered yet; nil at the end of the file.
    @inline(__always)
    func byte(at offset: Int, keeping keep: Int) throws -> UInt8? {
        while offset >= origin + count {
            if try !fill(keeping: keep) { return nil }
        }
        return buffer[offset - origin]
    }

    /// Reads more of the file, dropping the buffered bytes before file offset `keep`.
    /// - Returns: false at the end of the file (nothing more was read).
    /// - Throws: when the kept bytes would pass ``maxKept``, or the file cannot be read (a
    ///   damaged or truncated gzip stream).
    func fill(keeping keep: Int) throws -> Bool {
        if atEnd { return false }
        if interrupt.isRequested { throw SQLiteError(code: .interrupt, message: "interrupted") }
        let drop = min(max(keep - origin, 0), count)
        if drop > 0 {
            if count > drop { memmove(buffer, buffer + drop, count - drop) }
            origin += drop
            count -= drop
        }
        if count == capacity {
            guard count < maxKept else { throw ByteStreamOverflow(kept: count) }
            // Doubled, up to one byte past the most a record may keep (so that reaching the
            // limit is seen); `maxKept` is at most SQLite's length limit, far from Int.max.
            let grown = min(capacity.multipliedReportingOverflow(by: 2).partialValue, maxKept &+ 1)
            let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
            bigger.update(from: buffer, count: count)
            buffer.deallocate()
            buffer = bigger
            capacity = grown
        }
        let room = capacity - count
        let n: Int
        if let gz {
            let got = gzread(gz, buffer + count, UInt32(min(room, 1 << 30)))
            if got < 0 { throw FileTableError("cannot read \(path): \(gzipError(gz))") }
            n = Int(got)
            if n == 0 {
                var code: Int32 = 0
                _ = gzerror(gz, &code)
                if code != Z_OK && code != Z_STREAM_END { throw FileTableError("cannot read \(path): \(gzipError(gz))") }
            }
        } else {
            var got = 0
            repeat { got = read(descriptor, buffer + count, room) } while got < 0 && errno == EINTR
            if got < 0 { throw FileTableError("cannot read \(path): \(String(cString: strerror(errno)))") }
            n = got
        }
        if n == 0 {
            atEnd = true
            // A file cut short while it is read (another program truncating it) would end the
            // table early, silently: its size at open says how much there was to read.
            if !isCompressed, end < fileSize {
                throw FileTableError("cannot read \(path): the file was truncated while it was read (\(end) of \(fileSize) bytes)")
            }
            return false
        }
        count += n
        return true
    }

    private func gzipError(_ file: gzFile) -> String {
        var code: Int32 = 0
        guard let text = gzerror(file, &code) else { return "damaged gzip data" }
        let message = String(cString: text)
        if code == Z_BUF_ERROR { return "the gzip data ends early (truncated file)" }
        return message.isEmpty ? "damaged gzip data" : message
    }
}

extension ByteStream {
    /// The 1-based column, in characters, of file offset `offset` in the line starting at
    /// `lineStart` (only buffered bytes are read).
    func column(of offset: Int, lineStart: Int) -> Int {
        var column = 1
        var i = min(max(lineStart, origin), end)
        while i < min(offset, end) {
            if buffer[i - origin] & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        return column
    }

    /// The text of the line starting at file offset `start`: its first 200 bytes, as far as
    /// they are buffered (`…` after a longer one).
    func lineText(from start: Int) -> String {
        var i = min(max(start, origin), end)
        var bytes: [UInt8] = []
        while i < end, bytes.count < 200 {
            let c = buffer[i - origin]
            if c == 10 || c == 13 { break }
            bytes.append(c)
            i += 1
        }
        var text = String(decoding: bytes, as: UTF8.self)
        if bytes.count == 200 { text += "…" }
        return text
    }
}

/// One record would need more than the stream's `maxKept` bytes.
struct ByteStreamOverflow: Error {
    let kept: Int
}

/// The files a table reads: one file, every file a glob pattern matches (`data/*.csv`, in
/// name order), or the files of a list, with what each was when they were found.
struct FileSet: Equatable {
    let paths: [String]
    let identities: [FileIdentity?]

    /// Whether a name is a glob pattern (`*`, `?` or `[`).
    static func isPattern(_ name: String) -> Bool {
        name.contains(where: { $0 == "*" || $0 == "?" || $0 == "[" })
    }

    /// The files of `names` (patterns expanded, each in name order).
    /// - Throws: `no file matches PATTERN` for a pattern that matches nothing (a plain name
    ///   is kept as it is: opening it says what is wrong).
    static func resolve(_ names: [String]) throws -> FileSet {
        var paths: [String] = []
        for name in names {
            guard isPattern(name) else { paths.append(name); continue }
            let matches = expand(name)
            guard !matches.isEmpty else { throw FileTableError("no file matches \(name)") }
            paths += matches
        }
        return FileSet(paths: paths, identities: paths.map(FileIdentity.of))
    }

    /// The regular files a pattern matches, in name order.
    static func expand(_ pattern: String) -> [String] {
        var found = glob_t()
        defer { globfree(&found) }
        guard glob(pattern, 0, nil, &found) == 0 else { return [] }
        var paths: [String] = []
        for i in 0..<Int(found.gl_pathc) {
            guard let p = found.gl_pathv[i] else { continue }
            let path = String(cString: p)
            var info = stat()
            if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG { paths.append(path) }
        }
        return paths.sorted()
    }

    /// Whether the files of `names` are not these any more (added, removed or changed).
    func isStale(_ names: [String]) -> Bool {
        guard let now = try? FileSet.resolve(names) else { return true }
        return now != self
    }
}
