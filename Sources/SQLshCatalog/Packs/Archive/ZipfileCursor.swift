import SQLshCore

/// A scan of a zipfile table: the members of the archive named by the hidden argument (or of
/// the created table's archive, including changes not yet committed), in directory order.
final class ZipfileCursor: VirtualTableCursor {
    private let table: ZipfileTable
    /// The cursor's number on its table, which the hidden column z reads as.
    let id: Int64
    private var members: [ZipMember] = []
    private var position = 0
    /// A scan of a file's directory, read one entry at a time as SQLite's zipfile reads it:
    /// from the recorded offset up to the offset plus the recorded size (a 32-bit sum), the
    /// recorded number of entries only checked for zero. `members` then holds the current one.
    private var scan: (archive: ZipArchive, next: Int, end: Int)?
    private var rowNumber: Int64 = 0

    init(table: ZipfileTable, id: Int64) {
        self.table = table
        self.id = id
    }

    func filter(_ arguments: FilterArguments) throws {
        members = []
        position = 0
        scan = nil
        rowNumber = 0
        if let pending = table.pending {
            members = pending
            return
        }
        let path: String
        if let tablePath = table.path {
            path = tablePath
        } else if arguments.planNumber == 0 || arguments.isEmpty {
            throw SQLiteError(message: "zipfile() function requires an argument")
        } else if arguments[0].storageType == .blob {
            let archive = try ZipArchive(bytes: Array(blobOrTextBytes(arguments[0].rawValue)))
            members = archive.entries.map { ZipMember(entry: $0, contents: .archive(archive)) }
            return
        } else {
            // A C string, as SQLite opens it: up to a NUL.
            path = String(decoding: textBytes(arguments[0].rawValue).prefix { $0 != 0 }, as: UTF8.self)
        }
        let archive = try ZipArchive(path: path, readingDirectory: false)
        guard let end = archive.end, end.entryCount > 0 else { return }
        scan = (archive, end.offset, Int(UInt32(truncatingIfNeeded: end.offset + end.size)))
        try readNextEntry()
    }

    /// Moves a scan of a file to its next entry, or to the end.
    private func readNextEntry() throws {
        members = []
        position = 0
        guard let (archive, offset, end) = scan, offset < end else {
            scan = nil
            return
        }
        let (entry, next) = try archive.entry(at: offset)
        scan = (archive, next, end)
        members = [ZipMember(entry: entry, contents: .archive(archive))]
    }

    var isAtEnd: Bool { position >= members.count }

    /// The directory entry of the row the cursor is on (nil at the end).
    var currentEntry: ZipEntry? { isAtEnd ? nil : members[position].entry }

    func next() throws {
        rowNumber += 1
        if scan != nil {
            try readNextEntry()
        } else {
            position += 1
        }
    }

    func rowid() throws -> Int64 { rowNumber }

    func column(_ index: Int, into result: ResultContext) throws {
        let member = members[position]
        let entry = member.entry
        switch index {
        case ZipfileColumn.name:
            // Up to a NUL, as SQLite's zipfile copies the name.
            let end = entry.name.firstIndex(of: 0) ?? entry.name.count
            entry.name.withUnsafeBufferPointer { result.setText(utf8: UnsafeBufferPointer(rebasing: $0[..<end])) }
        case ZipfileColumn.mode:
            result.set(Int64(entry.mode))
        case ZipfileColumn.mtime:
            result.set(entry.mtime)
        case ZipfileColumn.sz:
            if result.isUnchangedColumn { return }
            result.set(Int64(entry.uncompressedSize))
        case ZipfileColumn.rawdata:
            if result.isUnchangedColumn { return }
            guard Int(entry.compressedSize) <= result.lengthLimit else { return result.setTooBig() }
            // As data: an empty member is NULL when it is a directory, an empty blob otherwise.
            if entry.uncompressedSize == 0 { return entry.isDirectory ? result.setNull() : result.setBlob([]) }
            let raw = try member.rawData()
            raw.withUnsafeBytes { result.setBlob($0) }
        case ZipfileColumn.data:
            // Read even for an UPDATE that leaves it alone, as SQLite's zipfile does: the
            // member is written again from its data.
            guard entry.method == 0 || entry.method == 8 else { return result.setNull() }
            guard Int(entry.compressedSize) <= result.lengthLimit,
                  entry.method == 0 || Int(entry.uncompressedSize) <= result.lengthLimit else {
                return result.setTooBig()
            }
            if let data = try Self.contents(of: member, lengthLimit: result.lengthLimit) {
                data.withUnsafeBytes { result.setBlob($0) }
            } else {
                result.setNull()
            }
        case ZipfileColumn.method:
            result.set(Int64(entry.method))
        default:
            result.set(id)
        }
    }

    /// A member's uncompressed bytes; nil for a directory (an empty member whose mode or
    /// name says directory) and for unknown compression methods.
    static func contents(of member: ZipMember, lengthLimit: Int) throws -> [UInt8]? {
        let entry = member.entry
        guard entry.method == 0 || entry.method == 8 else { return nil }
        if entry.uncompressedSize == 0 {
            return entry.isDirectory ? nil : []
        }
        let raw = try member.rawData()
        if entry.method == 0 { return raw }
        return try raw.withUnsafeBytes { try ZipDeflate.inflate($0, size: Int(entry.uncompressedSize)) }
    }
}
