#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole reads and writes on a file descriptor, and the shell's own temporary files.
///
/// `read(2)` and `write(2)` may move fewer bytes than asked and fail with `EINTR` when a
/// signal (Ctrl-C) arrives; these loops finish the job or say it failed.
enum FileDescriptorIO {
    /// Writes all of `bytes`; false on an error (a full disk, a closed pipe).
    static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var offset = 0
        while offset < bytes.count {
            let n = write(fd, base + offset, bytes.count - offset)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            offset += n
        }
        return true
    }

    /// Reads until `bytes` is full or the file ends: the number of bytes read, -1 on an error.
    static func readAll(_ fd: Int32, _ bytes: UnsafeMutableRawBufferPointer) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        var offset = 0
        while offset < bytes.count {
            let n = read(fd, base + offset, bytes.count - offset)
            if n < 0 && errno == EINTR { continue }
            if n < 0 { return -1 }
            if n == 0 { break }
            offset += n
        }
        return offset
    }

    /// The folder for the shell's temporary files: `$TMPDIR`, else `/tmp`.
    static var temporaryDirectory: String {
        let directory = getenv("TMPDIR").map { String(cString: $0) } ?? ""
        return directory.isEmpty ? "/tmp" : directory
    }

    /// Creates a new file `<temporaryDirectory>/<prefix>XXXXXX<suffix>` (`mkstemps`, mode
    /// 0600): its descriptor and path, or nil when it cannot be made.
    static func makeTemporaryFile(prefix: String, suffix: String = "") -> (fd: Int32, path: String)? {
        var template = Array((temporaryDirectory + "/" + prefix + "XXXXXX" + suffix).utf8CString)
        let suffixLength = Int32(suffix.utf8.count)
        let fd = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkstemps($0, suffixLength) } ?? -1
        }
        guard fd >= 0 else { return nil }
        let path = template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return (fd, String(decoding: path, as: UTF8.self))
    }
}
