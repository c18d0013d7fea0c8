#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How the catalog's file readers open what a statement names (CSV, JSON, vsv, zipfile, the
/// file functions): only regular files, and never waiting. A FIFO's `open` blocks until a
/// writer comes (past Ctrl-C: the signal only interrupts SQLite), and a device such as
/// `/dev/zero` never ends; both are refused with a message that says what the path is.
///
/// `package`: the files subsystem (SQLshFiles) opens its files the same way.
package enum RegularFile {
    /// What a path that is not a regular file is, for messages.
    package struct Refusal: Error {
        /// `a FIFO`, `a directory`, `a character device`...
        package let kind: String
        package let isDirectory: Bool
    }

    /// Opens `path` read-only without blocking and checks that it is a regular file.
    /// - Returns: the descriptor (the caller closes it; reads block as usual) and its status.
    /// - Throws: `Refusal` for anything but a regular file (the descriptor closed), or the
    ///   `errno` of a failed open (as `Int32`) in ``OpenFailure``.
    package static func openForReading(_ path: String) throws -> (descriptor: Int32, info: stat) {
        try path.withCString { try openForReading(cString: $0) }
    }

    /// ``openForReading(_:)`` for a name given as bytes (a name that is not UTF-8 is opened
    /// as it is); a name holding a NUL byte names no file.
    package static func openForReading(bytes: [UInt8]) throws -> (descriptor: Int32, info: stat) {
        guard !bytes.contains(0) else { throw OpenFailure(code: ENOENT) }
        return try (bytes.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { name in
            guard let base = name.baseAddress else { throw OpenFailure(code: ENOENT) }
            return try openForReading(cString: base)
        }
    }

    private static func openForReading(cString path: UnsafePointer<CChar>) throws -> (descriptor: Int32, info: stat) {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw OpenFailure(code: errno) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = errno
            close(fd)
            throw OpenFailure(code: code)
        }
        let type = info.st_mode & S_IFMT
        guard type == S_IFREG else {
            close(fd)
            throw Refusal(kind: kind(type), isDirectory: type == S_IFDIR)
        }
        // Regular files ignore O_NONBLOCK; cleared all the same, for clarity of what reads do.
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
        return (fd, info)
    }

    /// A failed `open` or `fstat`.
    package struct OpenFailure: Error {
        package let code: Int32
        package var reason: String { String(cString: strerror(code)) }
    }

    private static func kind(_ type: mode_t) -> String {
        switch type {
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "not a regular file"
        }
    }
}

extension RegularFile.Refusal {
    /// `NAME is a FIFO, not a regular file`.
    package func message(_ path: String) -> String {
        kind == "not a regular file" ? "\(path) is not a regular file" : "\(path) is \(kind), not a regular file"
    }
}
