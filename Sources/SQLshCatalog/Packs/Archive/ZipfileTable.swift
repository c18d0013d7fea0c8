#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLshCore

/// The `zipfile` module, as SQLite's ext/misc/zipfile.c: `SELECT * FROM zipfile('a.zip')`
/// (or a blob holding an archive) reads an archive; `CREATE VIRTUAL TABLE t USING
/// zipfile('a.zip')` makes a table that INSERT, UPDATE and DELETE change. As SQLite's zipfile
/// does, each member written is appended to the file at once, and the end of the transaction
/// (a rollback too) appends a new central directory (``ZipAppender``).
enum ZipfileModule: WritableVirtualTableModule {
    static var isEponymous: Bool { true }
    static var options: TableValuedOptions { [.directOnly, .touchesFiles] }

    static func admit(arguments: [String], context: VirtualTableContext) throws {
        // A table of the schema; the eponymous zipfile(FILE) is refused by the shell's
        // authorizer, which ends a safe shell as sqlite3 does.
        if !(arguments.isEmpty && context.tableName.lowercased() == "zipfile") {
            try SafeMode.refuseModule("zipfile", on: context.handle)
        }
    }

    static func makeTable(arguments: [String], context: VirtualTableContext) throws -> any VirtualTable {
        // The eponymous table (no arguments) reads the archive named by its hidden argument.
        if (context.tableName.lowercased() != "zipfile" && arguments.isEmpty) || arguments.count > 1 {
            throw SQLiteError(message: "zipfile constructor requires one argument")
        }
        return ZipfileTable(connection: context.connection, path: arguments.first.map(dequoted))
    }

    /// A module argument with its quotes ('x', "x", `x`, [x]) removed and doubled quotes
    /// undone, as SQLite dequotes identifiers and strings.
    static func dequoted(_ text: String) -> String {
        let spaces: Set<Character> = [" ", "\t", "\n", "\r"]
        let chars = Array(text.drop(while: { spaces.contains($0) }).reversed().drop(while: { spaces.contains($0) }).reversed())
        guard let first = chars.first, "'\"`[".contains(first) else { return String(chars) }
        let close: Character = first == "[" ? "]" : first
        var out = ""
        var i = 1
        while i < chars.count {
            if chars[i] == close {
                if close != "]", i + 1 < chars.count, chars[i + 1] == close {
                    out.append(close)
                    i += 2
                    continue
                }
                break
            }
            out.append(chars[i])
            i += 1
        }
        return out
    }
}

/// Column numbers of the zipfile table.
enum ZipfileColumn {
    static let name = 0, mode = 1, mtime = 2, sz = 3, rawdata = 4, data = 5, method = 6, file = 7
}

/// One zipfile table: the eponymous one, or one made by CREATE VIRTUAL TABLE.
final class ZipfileTable: WritableVirtualTable, FunctionOverloadingVirtualTable {
    /// The connection the table is on (borrowed).
    let connection: Connection
    /// The archive of a created table; nil for the eponymous one.
    let path: String?
    /// The members while a write transaction is open (nil otherwise).
    private(set) var pending: [ZipMember]?

    init(connection: Connection, path: String?) {
        self.connection = connection
        self.path = path
    }

    var schema: String {
        "CREATE TABLE y(name PRIMARY KEY, mode, mtime, sz, rawdata, data, method, z HIDDEN) WITHOUT ROWID"
    }

    func bestIndex(_ info: IndexInfo) throws {
        var chosen: Int?
        var unusable = false
        for i in 0..<info.constraintCount {
            let c = info.constraint(i)
            guard c.column == Int32(ZipfileColumn.file) else { continue }
            if !c.isUsable {
                unusable = true
            } else if c.op == .equal {
                chosen = i
            }
        }
        info.estimatedCost = 1000
        if let chosen {
            info.use(constraint: chosen, asArgument: 1, omit: true)
            info.planNumber = 1
        } else if unusable {
            throw TableValuedPlanError.unusablePlan
        } else {
            info.planNumber = 0
        }
    }

    /// The number of cursors opened on the table: the next one's number (the hidden column
    /// z), as SQLite's zipfile counts them.
    private var cursorsOpened: Int64 = 0

    /// The open cursors by number (for zipfile_cds), held weakly.
    private var cursors: [Int64: WeakCursor] = [:]

    private final class WeakCursor {
        weak var cursor: ZipfileCursor?
        init(_ cursor: ZipfileCursor) { self.cursor = cursor }
    }

    func makeCursor() throws -> any VirtualTableCursor {
        cursorsOpened += 1
        let cursor = ZipfileCursor(table: self, id: cursorsOpened)
        cursors = cursors.filter { $0.value.cursor != nil }
        cursors[cursorsOpened] = WeakCursor(cursor)
        return cursor
    }

    /// The open cursor numbered `id`, if any.
    func cursor(numbered id: Int64) -> ZipfileCursor? { cursors[id]?.cursor }

    /// `zipfile_cds`, made once: SQLite holds the object unretained while the table is open.
    private lazy var cdsFunction = ZipfileCDS.function(for: self)

    func overload(named name: String, argumentCount: Int) -> VirtualTableFunction? {
        name.lowercased() == "zipfile_cds" ? cdsFunction : nil
    }

    private var lengthLimit: Int { connection.limit(.length) }

    // MARK: writing

    /// The archive open for appending while a write transaction is open (nil otherwise).
    private var appender: ZipAppender?

    func begin() throws {
        guard let path, !path.isEmpty else { throw SQLiteError(message: "zipfile: missing filename") }
        guard pending == nil else { return }
        // Opened for appending (and created when missing) as SQLite's zipfile opens it: a
        // path that cannot be written, or a folder, fails at the first change.
        let file = try ZipAppender(path: path)
        if file.size == 0 {
            pending = []
        } else {
            let archive = try ZipArchive(path: path)
            pending = archive.entries.map { ZipMember(entry: $0, contents: .archive(archive)) }
        }
        appender = file
    }

    private func members() throws -> [ZipMember] {
        if pending == nil { try begin() }
        return pending ?? []
    }

    private func index(of key: Argument, in members: [ZipMember]) -> Int? {
        let name = Array(textBytes(key.rawValue))
        return members.firstIndex { ZipMemberBuilder.sameName($0.entry.name, name) }
    }

    func insert(_ row: VirtualTableRow) throws -> Int64 {
        try write(row, replacing: nil)
        return 0
    }

    func update(key: Argument, with row: VirtualTableRow) throws {
        try write(row, replacing: key)
    }

    func delete(key: Argument) throws {
        var list = try members()
        if let i = index(of: key, in: list) { list.remove(at: i) }
        pending = list
    }

    /// An INSERT (`key` nil) or UPDATE, checked in the order of SQLite's zipfileUpdate: sz,
    /// then rawdata (the later message wins), then method, mode and the duplicate name. An
    /// UPDATE receives the member's data (the cursor reads it even then), so the member is
    /// written again from it, as SQLite does.
    private func write(_ row: VirtualTableRow, replacing key: Argument?) throws {
        var list = try members()
        var oldIndex = key.flatMap { index(of: $0, in: list) }
        var message: String?
        if !row[ZipfileColumn.sz].isNull { message = "sz must be NULL" }
        if !row[ZipfileColumn.rawdata].isNull { message = "rawdata must be NULL" }
        if let message { throw ZipMemberBuilder.constraint(message) }
        let member = try ZipMemberBuilder.member(
            name: row[ZipfileColumn.name], mode: row[ZipfileColumn.mode], mtime: row[ZipfileColumn.mtime],
            data: row[ZipfileColumn.data], method: row[ZipfileColumn.method], lengthLimit: lengthLimit)
        let renamed = oldIndex.map { !ZipMemberBuilder.sameName(list[$0].entry.name, member.entry.name) } ?? true
        if renamed, let dup = list.firstIndex(where: { ZipMemberBuilder.sameName($0.entry.name, member.entry.name) }) {
            switch connection.virtualTableConflictResolution {
            case .ignore:
                return
            case .replace:
                list.remove(at: dup)
                if let old = oldIndex, dup < old { oldIndex = old - 1 }
            default:
                throw ZipMemberBuilder.constraint("duplicate name: \"\(String(decoding: member.entry.name, as: UTF8.self))\"")
            }
        }
        guard let appender else { throw SQLiteError(message: "zipfile: missing filename") }
        let placed = try appender.append(member)
        if let oldIndex {
            list[oldIndex] = placed
        } else {
            list.append(placed)
        }
        pending = list
    }

    /// Appends the central directory: the transaction's end (once, even when a failed sync
    /// is followed by a rollback).
    private func finish() throws {
        defer { pending = nil }
        guard let file = appender, let list = pending else { return }
        appender = nil
        try file.finish(list)
    }

    func sync() throws { try finish() }

    func commit() throws { try finish() }

    /// Writes the changes all the same, as SQLite's zipfile (whose xRollback is its xCommit):
    /// neither ROLLBACK nor a failed statement undoes the rows already written.
    func rollback() throws { try finish() }
}
