#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file read whole, as sqlite3's `readFile` reads it: `.check`'s expected output, the
/// `--deserialize` image, `/proc/self/io` for `.stats` (whose size the file system does not
/// know, so it is read to its end rather than by its size), the database image `.recover` reads.
enum WholeFile {
    /// The file's bytes, or nil when it cannot be opened.
    static func read(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        // The size, when the file system knows it, saves growing the array (a database image).
        var info = stat()
        if fstat(fd, &info) == 0 && info.st_size > 0 { bytes.reserveCapacity(Int(clamping: info.st_size)) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
        }
        return bytes
    }
}
