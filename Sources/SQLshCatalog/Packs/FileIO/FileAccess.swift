#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLshCore

/// The file operations behind `readfile`, `writefile` and `fsdir`, written with the same C
/// library calls as SQLite's `ext/misc/fileio.c` (3.40.1) so that edge cases (directories,
/// missing parents, permissions) behave the same.
enum FileAccess {
    static let typeMask: UInt32 = 0o170000
    static let directoryType: UInt32 = 0o040000
    static let regularType: UInt32 = 0o100000
    static let symlinkType: UInt32 = 0o120000

    static func isDirectory(_ mode: UInt32) -> Bool { mode & typeMask == directoryType }
    static func isSymlink(_ mode: UInt32) -> Bool { mode & typeMask == symlinkType }
    static func isRegular(_ mode: UInt32) -> Bool { mode & typeMask == regularType }

    /// Sets the result to the contents of a file as a blob: NULL when it cannot be opened,
    /// `SQLITE_TOOBIG` past the length limit (a directory reports a huge size), `SQLITE_IOERR`
    /// when reading fails.
    static func readContents(_ result: ResultContext, _ path: UnsafePointer<CChar>) {
        guard let file = fopen(path, "rb") else { return }
        defer { fclose(file) }
        fseek(file, 0, SEEK_END)
        let size = ftell(file)
        rewind(file)
        guard size >= 0 else { return result.setNoMemory() }
        // Over the length limit: "string or blob too big" before allocating.
        if !result.write(.blob, capacity: size, { fread($0, 1, size, file) == size ? size : nil }) {
            result.setErrorCode(.ioErr)
        }
    }

    /// Writes a file, directory or symbolic link as fileio.c's `writeFile` does.
    /// - Returns: 0 on success, 1 or 2 on failure (`errno` set for 1); a regular file's byte
    ///   count is set as the result.
    static func write(_ result: ResultContext, _ path: UnsafePointer<CChar>, _ data: Argument,
                      mode: UInt32, mtime: Int64) -> Int {
        if isSymlink(mode) {
            guard let target = data.cString else { return 1 }
            if symlink(target, path) < 0 { return 1 }
        } else if isDirectory(mode) {
            if mkdir(path, mode_t(mode)) != 0 {
                var st = stat()
                if errno != EEXIST || stat(path, &st) != 0 || !isDirectory(UInt32(st.st_mode))
                    || (UInt32(st.st_mode) & 0o777 != mode & 0o777 && chmod(path, mode_t(mode & 0o777)) != 0) {
                    return 1
                }
            }
        } else {
            guard let file = fopen(path, "wb") else { return 1 }
            var failed = false
            var written: Int64 = 0
            let bytes = data.blobBytes  // NULL: an empty file
            if bytes.count > 0 {
                let count = bytes.count
                let n = fwrite(bytes.baseAddress, 1, count, file)
                written = Int64(count)
                failed = n != count
            }
            fclose(file)
            if !failed && mode != 0 && chmod(path, mode_t(mode & 0o777)) != 0 { failed = true }
            if failed { return 2 }
            result.set(written)
        }
        // 3.40.1 calls utimes() on symbolic links too (it fails when the target is missing).
        if mtime >= 0 {
            var times = [timeval(tv_sec: time(nil), tv_usec: 0), timeval(tv_sec: Int(mtime), tv_usec: 0)]
            if utimes(path, &times) != 0 { return 1 }
        }
        return 0
    }

    /// Creates the missing parent directories of `path` (mode 0777 before umask).
    /// - Returns: false when one cannot be created or a parent is not a directory.
    static func makeParentDirectories(_ path: UnsafePointer<CChar>) -> Bool {
        var copy = Array(UnsafeBufferPointer(start: path, count: strlen(path) + 1))
        let count = copy.count - 1
        var i = 1
        while true {
            while i < count && copy[i] != CChar(UInt8(ascii: "/")) { i += 1 }
            if i >= count { return true }
            copy[i] = 0
            var st = stat()
            var ok = true
            if stat(copy, &st) != 0 {
                if mkdir(copy, 0o777) != 0 { ok = false }
            } else if !isDirectory(UInt32(st.st_mode)) {
                ok = false
            }
            copy[i] = CChar(UInt8(ascii: "/"))
            if !ok { return false }
            i += 1
        }
    }

    /// `ls -l` style text for a mode: type letter (`-`, `d`, `l`, `?`) and permissions.
    static func lsMode(_ mode: Int32) -> String {
        withLsMode(mode) { String(decoding: $0, as: UTF8.self) }
    }

    /// The `ls -l` text of a mode as 10 bytes on the stack, passed to `body`.
    static func withLsMode<R>(_ mode: Int32, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 10) { buffer in
            let text = buffer.baseAddress.unsafelyUnwrapped
            writeLsMode(mode, into: text)
            return body(UnsafeBufferPointer(start: text, count: 10))
        }
    }

    /// Writes the 10 bytes of the `ls -l` text of a mode.
    static func writeLsMode(_ mode: Int32, into text: UnsafeMutablePointer<UInt8>) {
        let m = UInt32(bitPattern: mode)
        text[0] = isSymlink(m) ? UInt8(ascii: "l") : isRegular(m) ? UInt8(ascii: "-") : isDirectory(m) ? UInt8(ascii: "d") : UInt8(ascii: "?")
        for i in 0..<3 {
            let bits = mode >> Int32((2 - i) * 3)
            text[1 + i * 3] = bits & 4 != 0 ? UInt8(ascii: "r") : UInt8(ascii: "-")
            text[2 + i * 3] = bits & 2 != 0 ? UInt8(ascii: "w") : UInt8(ascii: "-")
            text[3 + i * 3] = bits & 1 != 0 ? UInt8(ascii: "x") : UInt8(ascii: "-")
        }
    }
}
