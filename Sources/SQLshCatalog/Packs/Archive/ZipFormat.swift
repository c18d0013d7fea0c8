import SQLshCore

/// The parts of the ZIP format (PKWARE's APPNOTE.TXT) that the zipfile module reads and writes:
/// the central directory, local file headers and the end-of-central-directory record, all
/// little-endian. Every read is bounds-checked: a hostile archive gives an error, never a trap.
enum ZipFormat {
    static let localHeaderSignature: UInt32 = 0x0403_4b50
    static let centralHeaderSignature: UInt32 = 0x0201_4b50
    static let endSignature: UInt32 = 0x0605_4b50
    static let localHeaderSize = 30
    static let centralHeaderSize = 46
    static let endRecordSize = 22
    /// The bytes of the end record that are read (all but the comment's length), which is
    /// all SQLite's zipfile needs to find it.
    static let endRecordReadSize = 20
    /// The "extended timestamp" extra field: flags byte, then the modification time (Unix seconds).
    static let extendedTimestampTag: UInt16 = 0x5455
    /// What sqlite's zipfile writes as "version made by": Unix (3), spec version 3.0.
    static let versionMadeBy: UInt16 = (3 << 8) + 30
    static let versionNeeded: UInt16 = 20
    /// General-purpose flag bit 11: names are UTF-8.
    static let utf8Flag: UInt16 = 0x800
    /// The longest name a local header may give (SQLite's zipfile refuses longer ones).
    static let maxLocalNameLength = 250
    /// SQLite 3.53's answer for an archive blob whose records run past its end, with its
    /// result code (SQLITE_CORRUPT, which the shell prints as " (11)" after the message).
    static let corrupt = SQLiteError(code: .corrupt, message: "zip archive is corrupt")
}

/// A ZIP-format error; its message is the statement's error.
struct ZipError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// One member of an archive, as its central directory entry describes it.
struct ZipEntry {
    var name: [UInt8]
    var versionMadeBy: UInt16 = ZipFormat.versionMadeBy
    var versionNeeded: UInt16 = ZipFormat.versionNeeded
    var flags: UInt16 = ZipFormat.utf8Flag
    var method: UInt16 = 0
    var dosTime: UInt16 = 0
    var dosDate: UInt16 = 0
    var crc: UInt32 = 0
    var compressedSize: UInt32 = 0
    var uncompressedSize: UInt32 = 0
    var extra: [UInt8] = []
    var comment: [UInt8] = []
    var internalAttributes: UInt16 = 0
    var externalAttributes: UInt32 = 0
    /// The disk the member starts on (read for zipfile_cds; always written as 0).
    var diskStart: UInt16 = 0
    /// Offset of the local header in the archive it was read from.
    var localHeaderOffset: UInt32 = 0
    /// Where the stored bytes start in the archive it was read from (after the local header,
    /// whose name and extra field may differ in length from the central directory's).
    var dataOffset: Int = 0
    /// The modification time from the extended timestamp field, when there is one.
    var unixTime: Int64?

    /// The POSIX mode (the high 16 bits of the external attributes).
    var mode: UInt32 { externalAttributes >> 16 }

    /// Modification time: the extended timestamp, else the DOS date and time read as UTC
    /// (cut to an unsigned 32-bit number, as SQLite's zipfile keeps it).
    var mtime: Int64 {
        unixTime ?? Int64(UInt32(truncatingIfNeeded: ZipTime.unixTime(dosDate: dosDate, dosTime: dosTime)))
    }

    /// Whether an empty member reads as a directory (NULL data): its mode has the directory
    /// bit (0o040000, which a socket's and a block device's have too: SQLite's zipfile tests
    /// that bit alone), or its name ends in '/'.
    var isDirectory: Bool { mode & 0o040000 != 0 || name.last == UInt8(ascii: "/") }
}

/// Little-endian reads from a byte buffer; nil past the end.
struct ZipBytes {
    let bytes: UnsafeRawBufferPointer

    func u16(_ at: Int) -> UInt16? {
        guard at >= 0, at <= bytes.count - 2 else { return nil }
        return UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8
    }

    func u32(_ at: Int) -> UInt32? {
        guard at >= 0, at <= bytes.count - 4 else { return nil }
        return UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
    }

    func slice(_ at: Int, _ count: Int) -> [UInt8]? {
        guard at >= 0, count >= 0, at <= bytes.count, count <= bytes.count - at else { return nil }
        return Array(bytes[at..<(at + count)])
    }
}

/// Little-endian writes.
extension Array where Element == UInt8 {
    mutating func appendZip16(_ v: UInt16) { append(UInt8(v & 0xff)); append(UInt8(v >> 8)) }
    mutating func appendZip32(_ v: UInt32) {
        append(UInt8(v & 0xff)); append(UInt8((v >> 8) & 0xff)); append(UInt8((v >> 16) & 0xff)); append(UInt8(v >> 24))
    }
}

/// The end-of-central-directory record's facts.
struct ZipDirectoryLocation {
    var entryCount: Int
    var size: Int
    var offset: Int
}

extension ZipFormat {
    /// Finds the end-of-central-directory record in `tail`, the last bytes of an archive (at
    /// most 64 KiB, as SQLite's zipfile reads), from the end: the last signature followed by
    /// the 16 bytes that are read. Its numbers are not checked (as in SQLite's zipfile).
    static func findEnd(in tail: UnsafeRawBufferPointer) throws -> ZipDirectoryLocation {
        let b = ZipBytes(bytes: tail)
        var at = tail.count - endRecordReadSize
        while at >= 0 {
            if b.u32(at) == endSignature,
               let count = b.u16(at + 8), let size = b.u32(at + 12), let offset = b.u32(at + 16) {
                return ZipDirectoryLocation(entryCount: Int(count), size: Int(size), offset: Int(offset))
            }
            at -= 1
        }
        throw ZipError("cannot find end of central directory record")
    }

    /// The fixed part (46 bytes) of a central directory entry, as an entry without its name,
    /// extra field and comment, and the lengths of those; nil when the signature is wrong.
    static func centralHeader(fixed: UnsafeRawBufferPointer) -> (entry: ZipEntry, nameLength: Int, extraLength: Int, commentLength: Int)? {
        let b = ZipBytes(bytes: fixed)
        guard b.u32(0) == centralHeaderSignature,
              let madeBy = b.u16(4), let needed = b.u16(6), let flags = b.u16(8),
              let method = b.u16(10), let time = b.u16(12), let date = b.u16(14),
              let crc = b.u32(16), let csize = b.u32(20), let usize = b.u32(24),
              let nameLength = b.u16(28), let extraLength = b.u16(30), let commentLength = b.u16(32),
              let diskStart = b.u16(34), let internalAttributes = b.u16(36), let external = b.u32(38), let offset = b.u32(42)
        else { return nil }
        let entry = ZipEntry(name: [], versionMadeBy: madeBy, versionNeeded: needed, flags: flags, method: method,
                             dosTime: time, dosDate: date, crc: crc, compressedSize: csize, uncompressedSize: usize,
                             internalAttributes: internalAttributes, externalAttributes: external,
                             diskStart: diskStart, localHeaderOffset: offset)
        return (entry, Int(nameLength), Int(extraLength), Int(commentLength))
    }

    /// The modification time of an extended timestamp extra field, when `extra` has one.
    static func extendedTimestamp(in extra: [UInt8]) -> Int64? {
        extra.withUnsafeBytes { raw -> Int64? in
            let b = ZipBytes(bytes: raw)
            var at = 0
            while let tag = b.u16(at), let size = b.u16(at + 2) {
                if tag == extendedTimestampTag, size >= 5, raw.count - at - 4 >= 5, raw[at + 4] & 1 != 0, let t = b.u32(at + 5) {
                    return Int64(t)
                }
                at += 4 + Int(size)
            }
            return nil
        }
    }

    /// The extra field sqlite's zipfile writes: an extended timestamp with the modification time.
    static func timestampExtra(_ mtime: Int64) -> [UInt8] {
        var extra: [UInt8] = []
        extra.appendZip16(extendedTimestampTag)
        extra.appendZip16(5)
        extra.append(1)
        extra.appendZip32(UInt32(truncatingIfNeeded: mtime))
        return extra
    }

    /// A local file header for `entry` (its name and extra field included).
    ///
    /// Local and central headers share the fields from "version needed" to "extra field
    /// length" (``Array/appendSharedHeaderFields(_:)``).
    static func localHeader(_ entry: ZipEntry) -> [UInt8] {
        var h: [UInt8] = []
        h.reserveCapacity(localHeaderSize + entry.name.count + entry.extra.count)
        h.appendZip32(localHeaderSignature)
        h.appendSharedHeaderFields(entry)
        h += entry.name
        h += entry.extra
        return h
    }

    /// A central directory entry for `entry`, whose local header is at `offset`.
    static func centralHeader(_ entry: ZipEntry, offset: UInt32) -> [UInt8] {
        var h: [UInt8] = []
        h.appendZip32(centralHeaderSignature)
        h.appendZip16(entry.versionMadeBy)
        h.appendSharedHeaderFields(entry)
        h.appendZip16(UInt16(truncatingIfNeeded: entry.comment.count))
        h.appendZip16(entry.diskStart)
        h.appendZip16(entry.internalAttributes)
        h.appendZip32(entry.externalAttributes)
        h.appendZip32(offset)
        h += entry.name
        h += entry.extra
        h += entry.comment
        return h
    }

    /// The end-of-central-directory record.
    static func endRecord(entryCount: Int, directorySize: Int, directoryOffset: Int) -> [UInt8] {
        var h: [UInt8] = []
        h.appendZip32(endSignature)
        h.appendZip16(0)
        h.appendZip16(0)
        h.appendZip16(UInt16(truncatingIfNeeded: entryCount))
        h.appendZip16(UInt16(truncatingIfNeeded: entryCount))
        h.appendZip32(UInt32(truncatingIfNeeded: directorySize))
        h.appendZip32(UInt32(truncatingIfNeeded: directoryOffset))
        h.appendZip16(0)
        return h
    }
}

/// MS-DOS dates and times (two 16-bit fields, 2-second resolution, from 1980), read and
/// written as UTC as sqlite's zipfile does.
enum ZipTime {
    static func unixTime(dosDate: UInt16, dosTime: UInt16) -> Int64 {
        let year = 1980 + Int64((dosDate >> 9) & 0x7f)
        let month = Int64((dosDate >> 5) & 0x0f)
        let day = Int64(dosDate & 0x1f)
        let hour = Int64((dosTime >> 11) & 0x1f), minute = Int64((dosTime >> 5) & 0x3f), second = Int64(dosTime & 0x1f) * 2
        return CivilDays.daysSince1970(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second
    }

    /// DOS date and time of a Unix time; zero for times before 1980.
    static func dos(_ unix: Int64) -> (date: UInt16, time: UInt16) {
        let (q, r) = unix.quotientAndRemainder(dividingBy: 86_400)
        let dayNumber = r < 0 ? q - 1 : q
        let secondOfDay = r < 0 ? r + 86_400 : r
        let (year, month, day) = CivilDays.date(daysSince1970: dayNumber)
        guard year >= 1980, year <= 2107 else { return (0, 0) }
        let date = UInt16(day) | UInt16(month) << 5 | UInt16(year - 1980) << 9
        let time = UInt16(secondOfDay % 60 / 2) | UInt16(secondOfDay / 60 % 60) << 5 | UInt16(secondOfDay / 3600) << 11
        return (date, time)
    }
}

extension [UInt8] {
    /// The fields a local file header and a central directory entry have in common, in the
    /// same order: version needed, flags, method, DOS time and date, CRC-32, both sizes, and
    /// the lengths of the name and the extra field.
    mutating func appendSharedHeaderFields(_ entry: ZipEntry) {
        appendZip16(entry.versionNeeded)
        appendZip16(entry.flags)
        appendZip16(entry.method)
        appendZip16(entry.dosTime)
        appendZip16(entry.dosDate)
        appendZip32(entry.crc)
        appendZip32(entry.compressedSize)
        appendZip32(entry.uncompressedSize)
        appendZip16(UInt16(truncatingIfNeeded: entry.name.count))
        appendZip16(UInt16(truncatingIfNeeded: entry.extra.count))
    }
}
