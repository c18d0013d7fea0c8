#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLshCore

/// sqlean's `fileio_*` scalar functions (and its `mkdir`, `symlink` names). The stock shell's
/// `readfile`, `writefile` and `lsmode` keep the stock behaviour (see ``FileIOPack``); sqlean's
/// variants of those are reached through their `fileio_*` names.
enum SqleanFileFunctions {
    static let all: [CatalogFunction] = [
        read, write, append, mkdirEntry, mkdirAlias, symlinkEntry, symlinkAlias, mode,
    ]

    static let refused = "Direct-only, and refused in -safe mode."
    static let pathNote = "A path with a NUL byte inside counts as a NULL path (C would cut it short)."

    /// The path argument as a C string, or nil for NULL and for a text with a NUL byte inside
    /// (which C would cut short, naming another file; sqlean does). Valid during the call.
    static func path(_ value: Argument) -> UnsafePointer<CChar>? {
        guard let p = value.cString else { return nil }
        return strlen(p) == value.byteCount ? p : nil
    }

    // MARK: fileio_read

    static let read = CatalogFunction(
        arguments: "path[, offset[, limit]]",
        summary: "the contents of a file, or part of it, as a blob",
        details: """
            fileio_read(path[, offset[, limit]]): the bytes of the file as a blob, from byte \
            offset (default 0; at or past the end gives an empty blob) and at most limit bytes \
            (0 or NULL: to the end). NULL path, or a file that cannot be opened (missing, \
            unreadable), gives NULL. Errors: "offset must be >= 0", "limit must be >= 0"; a \
            result longer than the length limit (a directory counts as one) is "string or blob \
            too big", checked before reading; a failed read is "disk I/O error". sqlean also \
            registers this as readfile(path, offset, limit); sqlsh keeps the stock shell's \
            one-argument readfile. \(pathNote) \(refused)
            """,
        example: "select fileio_read('/etc/hostname', 0, 4);",
        functions: {
            (1...3).map { count in
                SQLFunction("fileio_read", argumentCount: count, options: .directOnly, writingResult: { arguments, result in
                    guard let path = path(arguments[0]) else { return result.setNull() }
                    var offset: Int64 = 0, limit: Int64 = 0
                    if arguments.count >= 2, !arguments[1].isNull {
                        offset = arguments[1].int64
                        if offset < 0 { throw SQLiteError(message: "offset must be >= 0") }
                    }
                    if arguments.count == 3, !arguments[2].isNull {
                        limit = arguments[2].int64
                        if limit < 0 { throw SQLiteError(message: "limit must be >= 0") }
                    }
                    readPart(result, path, offset: offset, limit: limit)
                })
            }
        })

    /// Sets the result to `limit` bytes (0: all) of a file from `offset`, as a blob: NULL when
    /// it cannot be opened, `SQLITE_TOOBIG` past the length limit (before allocating),
    /// `SQLITE_IOERR` when reading fails. A directory is `SQLITE_TOOBIG` on every file system:
    /// sqlean's answer on ext4, where the end of a directory is a huge offset (on tmpfs it is
    /// small, and sqlean's read would fail with an I/O error instead).
    static func readPart(_ result: ResultContext, _ path: UnsafePointer<CChar>, offset: Int64, limit: Int64) {
        guard let file = fopen(path, "rb") else { return result.setNull() }
        defer { fclose(file) }
        var status = stat()
        if fstat(fileno(file), &status) == 0 && FileAccess.isDirectory(UInt32(status.st_mode)) { return result.setTooBig() }
        fseeko(file, 0, SEEK_END)
        let size = Int64(ftello(file))
        guard size >= 0 else { return result.setErrorCode(.ioErr) }
        let start = min(offset, size)
        var count = size - start
        if limit > 0 { count = min(count, limit) }
        guard count <= Int64(result.lengthLimit) else { return result.setTooBig() }
        guard fseeko(file, off_t(start), SEEK_SET) == 0 else { return result.setErrorCode(.ioErr) }
        let length = Int(count)
        if !result.write(.blob, capacity: length, { fread($0, 1, length, file) == length ? length : nil }) {
            result.setErrorCode(.ioErr)
        }
    }

    // MARK: fileio_write

    static let write = CatalogFunction(
        arguments: "path, data[, perm[, mtime]]",
        summary: "write data to a file, replacing it; the number of bytes written",
        details: """
            fileio_write(path, data[, perm[, mtime]]): writes data (a blob, or the text form of \
            other values; NULL writes an empty file) to path, replacing the file, creating it \
            and any missing parent directories, and returns the number of bytes written. perm \
            is the permission bits as a number (default 438 = 0666, applied with chmod so the \
            umask does not reduce them; 0 or NULL leaves them to the umask); type bits are \
            ignored: unlike the stock writefile, it never makes directories or links. mtime \
            (seconds since 1970) sets the modification time. NULL path gives NULL. A failure \
            gives NULL with two arguments (as in sqlean) and the error "failed to write file: \
            PATH" with three or four. sqlean also registers this as writefile; sqlsh keeps the \
            stock shell's writefile. \(pathNote) \(refused)
            """,
        example: "select fileio_write('/tmp/hello.txt', 'hello');  -- 5",
        functions: {
            (2...4).map { count in
                SQLFunction("fileio_write", argumentCount: count, options: .directOnly, writingResult: { arguments, result in
                    guard let path = path(arguments[0]) else { return result.setNull() }
                    let perm: UInt32 = arguments.count >= 3 ? UInt32(bitPattern: Int32(truncatingIfNeeded: arguments[2].int64)) : 0o666
                    let mtime = arguments.count == 4 ? arguments[3].int64 : -1
                    let data = arguments[1]
                    var outcome = FileAccess.write(result, path, data, mode: perm & 0o7777, mtime: mtime)
                    if outcome == 1 && errno == ENOENT && FileAccess.makeParentDirectories(path) {
                        outcome = FileAccess.write(result, path, data, mode: perm & 0o7777, mtime: mtime)
                    }
                    if outcome != 0 {
                        if arguments.count == 2 { return result.setNull() }
                        throw SQLiteError(message: "failed to write file: \(String(cString: path))")
                    }
                })
            }
        })

    // MARK: fileio_append

    /// A file open for appending, kept for the rows of one statement while the path argument
    /// stays the same (SQLite's auxiliary data), closed when SQLite drops it.
    final class AppendTarget {
        let descriptor: Int32
        init(_ descriptor: Int32) { self.descriptor = descriptor }
        deinit { close(descriptor) }
    }

    static let append = CatalogFunction(
        arguments: "path, text",
        summary: "append text to a file; the number of bytes written",
        details: """
            fileio_append(path, text): appends the text form of text (blob bytes as they are) \
            to the file, creating it and any missing parent directories, and returns the number \
            of bytes written. The file stays open for the rows of one statement while path is \
            the same, and every call writes at once (unlike sqlean, which buffers until the \
            statement ends and stops at a NUL byte). NULL text writes nothing and gives NULL. \
            Errors: "failed to open file" (NULL path too), "failed to append string to file". \
            \(pathNote) \(refused)
            """,
        example: "select fileio_append('/tmp/log.txt', 'one line' || char(10));  -- 9",
        functions: {
            [SQLFunction("fileio_append", argumentCount: 2, options: .directOnly, writingResult: { arguments, result in
                guard let path = path(arguments[0]) else { throw SQLiteError(message: "failed to open file") }
                let text = arguments[1]
                if text.isNull { return result.setNull() }
                let target: AppendTarget
                if let cached = arguments.auxiliaryData(for: 0) as? AppendTarget {
                    target = cached
                } else {
                    let flags = O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC
                    var descriptor = open(path, flags, 0o666)
                    if descriptor < 0 && errno == ENOENT && FileAccess.makeParentDirectories(path) {
                        descriptor = open(path, flags, 0o666)
                    }
                    guard descriptor >= 0 else { throw SQLiteError(message: "failed to open file") }
                    target = AppendTarget(descriptor)
                    arguments.setAuxiliaryData(target, for: 0)
                }
                let bytes = text.textBytes
                var written = 0
                while written < bytes.count {
                    let n = Glibc.write(target.descriptor, bytes.baseAddress.map { $0 + written }, bytes.count - written)
                    if n < 0 && errno == EINTR { continue }
                    guard n > 0 else { throw SQLiteError(message: "failed to append string to file") }
                    written += n
                }
                result.set(bytes.count)
            })]
        })

    // MARK: fileio_mkdir

    static let mkdirEntry = CatalogFunction(
        arguments: "path[, perm]",
        summary: "create a directory",
        details: """
            fileio_mkdir(path[, perm]): creates the directory path (not its parents) with the \
            permission bits perm (default 511 = 0777, reduced by the umask) and gives NULL. An \
            existing directory is accepted, its permission bits set to perm when they differ. \
            NULL path gives NULL. Error: "failed to create directory: PATH" (missing parent, a \
            file in the way, no permission). \(pathNote) \(refused)
            """,
        example: "select fileio_mkdir('/tmp/new_dir');  -- NULL",
        functions: { makeDirectoryFunctions("fileio_mkdir") })

    static let mkdirAlias = alias("mkdir", of: mkdirEntry) { makeDirectoryFunctions("mkdir") }

    static func makeDirectoryFunctions(_ name: String) -> [SQLFunction] {
        (1...2).map { count in
            SQLFunction(name, argumentCount: count, options: .directOnly, writingResult: { arguments, result in
                guard let path = path(arguments[0]) else { return result.setNull() }
                let perm = arguments.count == 2 ? mode_t(UInt32(bitPattern: Int32(truncatingIfNeeded: arguments[1].int64))) : 0o777
                if mkdir(path, perm) != 0 {
                    var status = stat()
                    let ok = stat(path, &status) == 0 && FileAccess.isDirectory(UInt32(status.st_mode))
                        && (status.st_mode & 0o777 == perm & 0o777 || chmod(path, perm & 0o777) == 0)
                    if !ok { throw SQLiteError(message: "failed to create directory: \(String(cString: path))") }
                }
                result.setNull()
            })
        }
    }

    // MARK: fileio_symlink

    static let symlinkEntry = CatalogFunction(
        arguments: "target, link",
        summary: "create a symbolic link",
        details: """
            fileio_symlink(target, link): creates the symbolic link link pointing to target and \
            gives NULL. NULL in either gives NULL. Error: "failed to create symlink to: TARGET" \
            (link exists, missing directory, no permission); sqlean never reports these \
            failures, a defect sqlsh does not copy. \(pathNote) \(refused)
            """,
        example: "select fileio_symlink('/etc/hostname', '/tmp/hostname_link');  -- NULL",
        functions: { symlinkFunctions("fileio_symlink") })

    static let symlinkAlias = alias("symlink", of: symlinkEntry) { symlinkFunctions("symlink") }

    static func symlinkFunctions(_ name: String) -> [SQLFunction] {
        [SQLFunction(name, argumentCount: 2, options: .directOnly, writingResult: { arguments, result in
            // The two texts belong to different values: reading the second leaves the first valid.
            guard let target = path(arguments[0]), let link = path(arguments[1]) else {
                return result.setNull()
            }
            if symlink(target, link) != 0 {
                throw SQLiteError(message: "failed to create symlink to: \(String(decoding: arguments[0].textBytes, as: UTF8.self))")
            }
            result.setNull()
        })]
    }

    // MARK: fileio_mode

    static let mode = CatalogFunction(
        arguments: "mode",
        summary: "an st_mode number as ls -l shows it (same as lsmode)",
        details: """
            fileio_mode(mode) is sqlean's name for lsmode: a numeric st_mode (as the mode \
            column of fileio_ls and fsdir gives it) as ls -l shows it: a type letter (- regular \
            file, d directory, l symbolic link, ? other) and the nine permission letters. The \
            argument is converted to an integer (NULL and 'abc' are 0). No file access.
            """,
        example: "select fileio_mode(33188), fileio_mode(16877);  -- '-rw-r--r--'|'drwxr-xr-x'",
        functions: {
            [SQLFunction("fileio_mode", argumentCount: 1, options: .pure, writingResult: { arguments, result in
                // Written straight into the result's buffer: through setText(utf8:), one more
                // copy of the 10 bytes made fileio_mode 1.04 times sqlean's.
                let mode = Int32(truncatingIfNeeded: arguments[0].int64)
                result.setText(count: 10) { FileAccess.writeLsMode(mode, into: $0) }
            })]
        })
}
