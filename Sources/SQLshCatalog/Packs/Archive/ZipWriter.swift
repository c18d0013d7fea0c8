import Glibc

/// Writes a whole archive: each member's local header and stored bytes, then the central
/// directory and its end record.
enum ZipWriter {
    /// The archive of `members` as bytes (the zipfile() aggregate's result).
    static func bytes(of members: [ZipMember]) throws -> [UInt8] {
        var out: [UInt8] = []
        try write(members) { out += $0 }
        return out
    }

    /// Writes the archive to `path` through a new file in the same folder, renamed over the
    /// old one once complete: an error leaves the old archive as it was.
    static func write(_ members: [ZipMember], to path: String) throws {
        var template = Array((path + ".zipXXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw ZipError("zipfile: failed to open file \(path) for writing") }
        // The name mkstemp filled in, up to its terminating NUL.
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var ok = false
        defer {
            close(fd)
            if !ok { unlink(temporary) }
        }
        var existing = stat()
        if stat(path, &existing) == 0 {
            fchmod(fd, existing.st_mode & 0o7777)
        } else {
            let mask = umask(0)
            umask(mask)
            fchmod(fd, 0o666 & ~mask)
        }
        var buffer: [UInt8] = []
        func flush() throws {
            var done = 0
            while done < buffer.count {
                let n = buffer.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + done, $0.count - done) }
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { throw ZipError("zipfile: error writing file \(path)") }
                done += n
            }
            buffer.removeAll(keepingCapacity: true)
        }
        try write(members) { bytes in
            buffer += bytes
            if buffer.count >= 1 << 20 { try flush() }
        }
        try flush()
        guard rename(temporary, path) == 0 else { throw ZipError("zipfile: failed to open file \(path) for writing") }
        ok = true
    }

    /// Emits the archive's bytes in order.
    private static func write(_ members: [ZipMember], _ emit: ([UInt8]) throws -> Void) throws {
        var offset = 0
        var offsets: [Int] = []
        offsets.reserveCapacity(members.count)
        for member in members {
            let header = ZipFormat.localHeader(member.entry)
            let data = try member.rawData()
            guard offset <= Int(UInt32.max) else { throw ZipError("zipfile: archive too large (no zip64 support)") }
            offsets.append(offset)
            try emit(header)
            try emit(data)
            offset += header.count + data.count
        }
        let directoryOffset = offset
        var directorySize = 0
        for (member, at) in zip(members, offsets) {
            let header = ZipFormat.centralHeader(member.entry, offset: UInt32(at))
            directorySize += header.count
            try emit(header)
        }
        guard members.count <= Int(UInt16.max), directoryOffset <= Int(UInt32.max) else {
            throw ZipError("zipfile: archive too large (no zip64 support)")
        }
        try emit(ZipFormat.endRecord(entryCount: members.count, directorySize: directorySize, directoryOffset: directoryOffset))
    }
}
