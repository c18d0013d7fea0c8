#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLshCore

/// An archive member: its directory entry and where its stored bytes are.
struct ZipMember {
    enum Contents {
        /// In an archive that was read (its data read on demand).
        case archive(ZipArchive)
        /// Stored bytes held in memory (a member just written).
        case bytes([UInt8])
    }

    var entry: ZipEntry
    var contents: Contents

    /// The stored (possibly compressed) bytes.
    func rawData() throws -> [UInt8] {
        switch contents {
        case .archive(let archive): return try archive.rawData(of: entry)
        case .bytes(let bytes): return bytes
        }
    }
}

/// The rules sqlite's zipfile applies to a new member, written by INSERT or UPDATE or given
/// to the zipfile() aggregate: a NULL data is a directory (its name gets a final '/'), a
/// method of NULL deflates when that is shorter, 0 stores, 8 deflates; the mode is an
/// integer or an `ls -l` string ("-rw-r--r--") and must agree with the data.
enum ZipMemberBuilder {
    static func constraint(_ message: String) -> SQLiteError { SQLiteError(code: .constraint, message: message) }

    /// How a member's name is taken, which differs between SQLite's xUpdate and its aggregate.
    enum NameRule {
        /// A table's INSERT or UPDATE: the name up to its first NUL, a '/' added to a
        /// directory's name that lacks one, any other name kept as given.
        case table
        /// The zipfile() aggregate: all the name's bytes; a directory's name ends in exactly
        /// one '/', and a file's name may not end in '/'.
        case aggregate
    }

    /// A member named `name` (NULL is the empty name) with the given values.
    static func member(name: Argument, mode: Argument?, mtime: Argument?, data: Argument?, method: Argument?,
                       nameRule: NameRule = .table, lengthLimit: Int) throws -> ZipMember {
        var entry = ZipEntry(name: [])
        let contents: ZipMember.Contents
        let isDirectory: Bool
        if let data, !data.isNull {
            isDirectory = false
            let input = blobOrTextBytes(data.rawValue)
            let automatic = method?.isNull ?? true
            let requested = method.map { $0.int32 } ?? 0
            guard requested == 0 || requested == 8 else {
                throw constraint("unknown compression method: \(requested)")
            }
            var stored = Array(input)
            var storedMethod: UInt16 = 0
            if automatic || requested == 8 {
                let deflated = try ZipDeflate.deflate(input)
                if requested == 8 || deflated.count < input.count {
                    stored = deflated
                    storedMethod = 8
                }
            }
            guard stored.count <= Int(UInt32.max), input.count <= Int(UInt32.max) else {
                throw SQLiteError(code: .tooBig, message: "string or blob too big")
            }
            entry.method = storedMethod
            entry.crc = ZipDeflate.crc32(input)
            entry.compressedSize = UInt32(stored.count)
            entry.uncompressedSize = UInt32(input.count)
            contents = .bytes(stored)
        } else {
            isDirectory = true
            contents = .bytes([])
        }
        let fileMode = try parseMode(mode, isDirectory: isDirectory)
        // An unsigned 32-bit time, as SQLite's zipfile keeps it (for the DOS fields too).
        let time = UInt32(truncatingIfNeeded: mtime.flatMap { $0.isNull ? nil : $0.int64 } ?? Int64(Glibc.time(nil)))
        let path = try memberName(name, isDirectory: isDirectory, rule: nameRule)
        guard path.count <= Int(UInt16.max) else { throw SQLiteError(code: .tooBig, message: "string or blob too big") }
        entry.name = path
        entry.versionMadeBy = ZipFormat.versionMadeBy
        entry.versionNeeded = ZipFormat.versionNeeded
        entry.flags = ZipFormat.utf8Flag
        entry.externalAttributes = fileMode << 16
        entry.extra = ZipFormat.timestampExtra(Int64(time))
        entry.unixTime = Int64(time)
        (entry.dosDate, entry.dosTime) = ZipTime.dos(Int64(time))
        entry.comment = []
        entry.internalAttributes = 0
        return ZipMember(entry: entry, contents: contents)
    }

    /// The stored name of a member named `name` (NULL is the empty name), by `rule`.
    static func memberName(_ name: Argument, isDirectory: Bool, rule: NameRule) throws -> [UInt8] {
        let slash = UInt8(ascii: "/")
        var path = name.isNull ? [] : Array(textBytes(name.rawValue))
        func dropFromNUL() {
            if let nul = path.firstIndex(of: 0) { path.removeSubrange(nul...) }
        }
        switch rule {
        case .table:
            dropFromNUL()
            if isDirectory && path.last != slash { path.append(slash) }
        case .aggregate:
            if !isDirectory {
                if path.last == slash { throw SQLiteError(message: "non-directory name must not end with /") }
            } else if path.last != slash {
                dropFromNUL()
                path.append(slash)
            } else {
                while path.count > 1 && path[path.count - 2] == slash { path.removeLast() }
            }
        }
        return path
    }

    /// An integer mode, or a 10-character `ls -l` string; NULL is 0755 for a directory and
    /// 0644 for a file. Errors as sqlite's zipfile.
    static func parseMode(_ value: Argument?, isDirectory: Bool) throws -> UInt32 {
        let mode: UInt32
        if let value, !value.isNull {
            mode = try parseModeText(value)
        } else {
            mode = isDirectory ? 0o040755 : 0o100644
        }
        if (mode & 0o040000 == 0) == isDirectory {
            throw constraint("zipfile: mode does not match data")
        }
        return mode
    }

    private static func parseModeText(_ value: Argument) throws -> UInt32 {
        let text = Array(textBytes(value.rawValue))
        if let first = text.first, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") {
            return UInt32(bitPattern: value.int32)
        }
        let parseError = SQLiteError(message: "zipfile: parse error in mode: \(String(decoding: text, as: UTF8.self))")
        guard text.count == 10 else { throw parseError }
        var mode: UInt32
        switch text[0] {
        case UInt8(ascii: "-"): mode = 0o100000
        case UInt8(ascii: "d"): mode = 0o040000
        case UInt8(ascii: "l"): mode = 0o120000
        default: throw parseError
        }
        let template = Array("-rwxrwxrwx".utf8)
        for i in 1..<10 {
            if text[i] == template[i] {
                mode |= 1 << UInt32(9 - i)
            } else if text[i] != UInt8(ascii: "-") {
                throw parseError
            }
        }
        return mode
    }

    /// Whether two names are the same member: equal, ignoring one final '/' on each.
    static func sameName(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        let x = a.last == UInt8(ascii: "/") ? a.dropLast() : a[...]
        let y = b.last == UInt8(ascii: "/") ? b.dropLast() : b[...]
        return x.elementsEqual(y)
    }
}
