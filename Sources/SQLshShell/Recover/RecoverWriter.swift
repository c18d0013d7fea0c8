import SQLshCore

/// Writes the SQL script `.recover` prints for a database image, in the order and shape of
/// sqlite3 3.40's recover extension:
///
/// ```sql
/// BEGIN;
/// PRAGMA writable_schema = on;
/// PRAGMA encoding = 'UTF-8';            -- then page_size, auto_vacuum, user_version, application_id
/// CREATE TABLE t(a, b);                 -- tables (sqlite_sequence first), then UNIQUE indexes
/// INSERT OR IGNORE INTO 't'(_rowid_, 'a', 'b') VALUES (1, 'x', NULL);
/// CREATE TABLE lost_and_found(rootpgno INTEGER, pgno INTEGER, nfield INTEGER, id INTEGER, c0, c1);
/// INSERT INTO lost_and_found VALUES(7, 9, 2, 12, 'y', 3);
/// CREATE INDEX i ON t(b);               -- other indexes, views, triggers
/// PRAGMA writable_schema = off;
/// COMMIT;
/// ```
///
/// The schema comes from the `sqlite_schema` tree on page 1; each statement is tried in a
/// scratch in-memory database first and left out when SQLite rejects it, as sqlite3 does. Rows
/// come from walking each table's tree; rows on pages no tree reaches (and, unless
/// `--ignore-freelist`, on freelist pages) go to the lost-and-found table.
final class RecoverWriter {
    struct Options {
        /// The lost-and-found table's name (`--lost-and-found`); `_0`, `_1`... is appended
        /// when the schema already has a table of that name.
        var lostAndFound = "lost_and_found"
        /// `--ignore-freelist`: leave freelist pages out of the lost-and-found scan.
        var ignoreFreelist = false
        /// `--no-rowids`: write NULL for the rowids of tables without INTEGER PRIMARY KEY.
        var recoverRowids = true
    }

    /// What recovery met on the way.
    struct Report: Equatable {
        /// Pages a tree pointed to that could not be read (zeroed, missing, wrong kind).
        var unreadablePages = 0
        /// Cells that could not be read, or only in part.
        var damagedCells = 0
        /// Rows written to the schema's tables.
        var rows = 0
        /// Rows written to the lost-and-found table.
        var lostRows = 0
        /// Whether recovery was stopped part way (the script then has no COMMIT).
        var interrupted = false
    }

    /// One row of `sqlite_schema`.
    struct SchemaEntry {
        var type: String?
        var name: String?
        var tableName: String?
        var rootPage: Int?
        var sql: String?

        var isVirtualTable: Bool { sql.map { Self.like($0, prefix: "create virtual") } ?? false }
        var isUniqueIndex: Bool { type == "index" && (sql.map { $0.lowercased().contains(elements: "unique") } ?? false) }

        /// `LIKE 'prefix%'`: ASCII case-insensitive.
        static func like(_ text: String, prefix: String) -> Bool { text.lowercased().hasPrefix(prefix) }
    }

    let file: DatabaseFile
    let options: Options
    private let walker: BTreeWalker
    private let scratch: Connection
    private var script: [UInt8] = []
    private let out: OutputWriter
    private(set) var report = Report()

    /// `shouldStop` is asked before each page is read; when it says yes, the script ends
    /// where it is (no COMMIT) and ``Report/interrupted`` is set.
    init(file: DatabaseFile, options: Options, out: OutputWriter, shouldStop: (() -> Bool)? = nil) throws {
        self.file = file
        self.options = options
        self.out = out
        walker = BTreeWalker(file)
        walker.shouldStop = shouldStop
        scratch = try Connection()
        // The scratch database only ever runs CREATE statements read from the damaged file;
        // it must not reach any other file.
        _ = scratch.setLimit(.attached, 0)
        try scratch.execute("PRAGMA writable_schema = 1")
    }

    /// Writes the whole script.
    func run() {
        statement("BEGIN")
        statement("PRAGMA writable_schema = on")
        statement("PRAGMA encoding = " + SQLQuoting.literal(file.encoding.pragmaName))
        statement("PRAGMA page_size = '\(file.pageSize)'")
        statement("PRAGMA auto_vacuum = '\(file.autoVacuum)'")
        statement("PRAGMA user_version = '\(file.userVersion)'")
        statement("PRAGMA application_id = '\(file.applicationID)'")
        defer {
            flush()
            report.unreadablePages = walker.unreadablePages.count
            report.damagedCells = walker.damagedCells
            report.interrupted = walker.isStopped
        }
        var schema = readSchema()
        // Only when the schema tree itself is damaged (the only pages walked so far are its):
        // an intact empty schema means there is nothing to look for.
        if schema.isEmpty && !walker.unreadablePages.isEmpty { schema = readOrphanedSchema() }
        let tables = createTablesAndUniqueIndexes(schema)
        writeRows(schema, tables)
        writeLostAndFound(schema)
        guard !walker.isStopped else { return }
        createTheRest(schema)
        statement("PRAGMA writable_schema = off")
        statement("COMMIT")
    }

    // MARK: The schema

    /// The rows of the `sqlite_schema` tree, in page and cell order.
    func readSchema() -> [SchemaEntry] {
        var entries: [(page: Int, cell: Int, entry: SchemaEntry)] = []
        guard file.pageCount > 0 else { return [] }
        walker.walk(root: 1, table: true) { row in
            entries.append((row.page, row.cell, Self.schemaEntry(row.values)))
        }
        entries.sort { ($0.page, $0.cell) < ($1.page, $1.cell) }
        return entries.map(\.entry)
    }

    /// Beyond sqlite3: when the schema tree yields nothing because it is damaged (page 1
    /// zeroed or not a b-tree page, its children unreadable), the leaves of a larger
    /// `sqlite_schema` tree may still be in the file, orphaned. Table leaves holding only rows
    /// that look like schema rows (a known type, names, a root page inside the file, SQL
    /// starting with CREATE) are taken as the schema, in page and cell order.
    func readOrphanedSchema() -> [SchemaEntry] {
        var entries: [SchemaEntry] = []
        guard file.pageCount > 1 else { return [] }
        for number in 2...file.pageCount where !walker.isUsed(number) && !file.isStructural(number) {
            if walker.stopRequested() { return [] }
            guard let page = BTreePage(file, number: number), page.kind == .tableLeaf else { continue }
            var found: [SchemaEntry] = []
            var others = 0
            walker.rows(of: page) { row in
                let entry = Self.schemaEntry(row.values)
                if row.values.count == 5, Self.looksLikeSchema(entry, pageCount: file.pageCount) {
                    found.append(entry)
                } else {
                    others += 1
                }
            }
            // A schema leaf holds nothing else.
            if !found.isEmpty && others == 0 {
                walker.claim(number)
                entries += found
            }
        }
        return entries
    }

    static func looksLikeSchema(_ entry: SchemaEntry, pageCount: Int) -> Bool {
        guard let type = entry.type, ["table", "index", "view", "trigger"].contains(type),
              let name = entry.name, entry.tableName != nil, let root = entry.rootPage, root >= 0, root <= pageCount,
              (type == "table" || type == "index") == (root > 0)
        else { return false }
        // The index of a UNIQUE or PRIMARY KEY constraint has no SQL.
        guard let sql = entry.sql else { return type == "index" && name.hasPrefix("sqlite_autoindex_") }
        return SchemaEntry.like(sql, prefix: "create ")
    }

    static func schemaEntry(_ values: [RecordValue]) -> SchemaEntry {
        func text(_ i: Int) -> String? {
            guard i < values.count, case .text(let bytes) = values[i] else { return nil }
            return String(decoding: bytes, as: UTF8.self)
        }
        var root: Int?
        if values.count > 3, case .integer(let r) = values[3] { root = Int(clamping: r) }
        return SchemaEntry(type: text(0), name: text(1), tableName: text(2), rootPage: root, sql: text(4))
    }

    /// Creates the tables (sqlite_sequence first) and UNIQUE indexes, writing each statement
    /// SQLite accepts; returns the tables rows can be written to.
    func createTablesAndUniqueIndexes(_ schema: [SchemaEntry]) -> [RecoverTable] {
        let tables = schema.filter { $0.type == "table" }
        let ordered = tables.filter { $0.name == "sqlite_sequence" } + tables.filter { $0.name != "sqlite_sequence" }
            + schema.filter { $0.type != "table" && $0.isUniqueIndex }
        var created: [RecoverTable] = []
        for entry in ordered {
            guard let sql = entry.sql else { continue }
            if entry.isVirtualTable {
                let name = entry.name.map(SQLQuoting.literal) ?? "NULL"
                let insert = "INSERT INTO sqlite_schema VALUES('table', \(name), \(name), 0, \(SQLQuoting.literal(sql)))"
                if (try? scratch.execute(insert)) != nil { statement(insert) }
                continue
            }
            guard runCreateStatement(sql) else { continue }
            statement(sql)
            guard entry.type == "table", let root = entry.rootPage,
                  let name = try? scratch.scalar("SELECT name FROM sqlite_schema WHERE type='table' ORDER BY rowid DESC LIMIT 1"),
                  case .text(let tableName) = name,
                  let table = try? RecoverTable(name: tableName, root: root, scratch: scratch)
            else { continue }
            created.append(table)
        }
        return created
    }

    /// Views, triggers and the other indexes, after the data.
    func createTheRest(_ schema: [SchemaEntry]) {
        for entry in schema {
            guard let type = entry.type, type != "table", !entry.isUniqueIndex, let sql = entry.sql else { continue }
            if runCreateStatement(sql) { statement(sql) }
        }
    }

    /// Runs one CREATE statement in the scratch database: exactly one statement, starting with
    /// CREATE, so that a damaged (or hostile) schema cannot make it do anything else.
    func runCreateStatement(_ sql: String) -> Bool {
        let trimmed = sql.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard SchemaEntry.like(String(trimmed.prefix(7)), prefix: "create") else { return false }
        var text = sql
        return text.withUTF8 { buffer -> Bool in
            guard let (statement, consumed) = try? scratch.prepare(utf8: buffer), let statement else { return false }
            let rest = UnsafeBufferPointer(rebasing: buffer[consumed...])
            if !rest.isEmpty {
                guard let (next, _) = try? scratch.prepare(utf8: rest), next == nil else { return false }
            }
            return (try? statement.step()) != nil
        }
    }

    // MARK: Rows

    /// `INSERT OR IGNORE` statements for every row of every created table, sqlite_sequence last
    /// (after `DELETE FROM sqlite_sequence`, since the inserts before may have filled it).
    func writeRows(_ schema: [SchemaEntry], _ tables: [RecoverTable]) {
        let entries = schema.filter { $0.type == "table" && $0.sql != nil && !$0.isVirtualTable }
        let ordered = entries.filter { $0.tableName != "sqlite_sequence" } + entries.filter { $0.tableName == "sqlite_sequence" }
        for entry in ordered {
            guard let root = entry.rootPage, let table = tables.last(where: { $0.root == root }) else { continue }
            if table.name.lowercased() == "sqlite_sequence" { statement("DELETE FROM sqlite_sequence") }
            writeRows(of: table)
        }
    }

    private func writeRows(of table: RecoverTable) {
        // `INSERT OR IGNORE INTO 't'(_rowid_, 'a', 'b') VALUES (`, made once per field count.
        var prefixes: [Int: [UInt8]] = [:]
        walker.walk(root: table.root, table: table.hasRowid) { row in
            let fields = min(row.values.count, table.columns.count)
            guard fields > 0 else { return }
            if let prefix = prefixes[fields] {
                script += prefix
            } else {
                let prefix = Self.insertPrefix(table, fields: fields)
                prefixes[fields] = prefix
                script += prefix
            }
            var separator = false
            if table.writesRowid {
                let rowid = options.recoverRowids ? row.rowid.map(RecordValue.integer) ?? .null : .null
                RecoverLiteral.append(rowid, escapeNewlines: false, to: &script)
                separator = true
            }
            for column in table.columns where column.isWritable {
                guard let field = column.field, field < fields else { continue }
                if separator { script += ", ".utf8 }
                separator = true
                if column.isRowid {
                    RecoverLiteral.append(row.rowid.map(RecordValue.integer) ?? .null, escapeNewlines: false, to: &script)
                } else {
                    RecoverLiteral.append(row.values[field], escapeNewlines: true, to: &script)
                }
            }
            script += ");\n".utf8
            report.rows += 1
            if script.count >= 1 << 16 { flush() }
        }
    }

    /// The start of the INSERT for a record of `fields` fields: the columns whose fields it
    /// holds. (sqlite3 takes the first `fields` columns, which drops the last ones of a table
    /// with a VIRTUAL generated column.)
    static func insertPrefix(_ table: RecoverTable, fields: Int) -> [UInt8] {
        var names: [String] = table.writesRowid ? ["_rowid_"] : []
        for column in table.columns where column.isWritable && column.field.map({ $0 < fields }) == true {
            names.append(SQLQuoting.literal(column.name))
        }
        let text = "INSERT OR IGNORE INTO " + SQLQuoting.literal(table.name) + "(" + names.joined(separator: ", ") + ") VALUES ("
        return Array(text.utf8)
    }

    // MARK: Lost and found

    /// Rows on pages no tree of the schema reaches, each with the root of the orphaned tree it
    /// seems to belong to, its page, its field count and rowid (`id`, for table leaves).
    func writeLostAndFound(_ schema: [SchemaEntry]) {
        // Every root of the schema counts as used even when its table could not be created.
        for entry in schema {
            if let root = entry.rootPage, root > 0, !walker.isUsed(root) {
                walker.walk(root: root, table: nil, readRows: false) { _ in }
            }
        }
        let freelist = walker.freelistPages()
        if options.ignoreFreelist { freelist.forEach(walker.claim) }
        // Orphans: every page that is not used and reads as a b-tree page.
        var orphans: [BTreePage] = []
        for number in 1...max(1, file.pageCount) where !walker.isUsed(number) && !file.isStructural(number) {
            if walker.stopRequested() { return }
            if let page = BTreePage(file, number: number) { orphans.append(page) }
        }
        guard !orphans.isEmpty else { return }
        // Each orphan's parent, when another orphan points to it (the first such page wins).
        var parent: [Int: Int] = [:]
        let orphanNumbers = Set(orphans.map(\.number))
        for page in orphans {
            for child in page.children(file) where orphanNumbers.contains(child) && child != page.number && parent[child] == nil {
                parent[child] = page.number
            }
        }
        func root(of number: Int) -> Int {
            var current = number
            var seen: Set<Int> = [number]
            while let up = parent[current], seen.insert(up).inserted { current = up }
            return current
        }
        var rows: [(root: Int, row: BTreeWalker.Row)] = []
        var maxFields = 0
        for page in orphans where page.kind != .tableInterior {
            let top = root(of: page.number)
            walker.rows(of: page) { row in
                guard !row.values.isEmpty || row.rowid != nil else { return }
                maxFields = max(maxFields, row.values.count)
                rows.append((top, row))
            }
        }
        guard maxFields > 0 else { return }
        let name = lostAndFoundName(schema)
        var create = "CREATE TABLE \(name)(rootpgno INTEGER, pgno INTEGER, nfield INTEGER, id INTEGER"
        for i in 0..<maxFields { create += ", c\(i)" }
        statement(create + ")")
        let prefix = Array("INSERT INTO \(name) VALUES(".utf8)
        for (top, row) in rows {
            if report.lostRows % 4096 == 0 && walker.stopRequested() { return }
            script += prefix
            script += "\(top), \(row.page), \(row.values.count), ".utf8
            RecoverLiteral.append(row.rowid.map(RecordValue.integer) ?? .null, escapeNewlines: false, to: &script)
            for i in 0..<maxFields {
                script += ", ".utf8
                RecoverLiteral.append(i < row.values.count ? row.values[i] : .null, escapeNewlines: false, to: &script)
            }
            script += ");\n".utf8
            report.lostRows += 1
            if script.count >= 1 << 16 { flush() }
        }
    }

    /// The lost-and-found name, or with `_0`, `_1`... when the recovered schema has that name.
    func lostAndFoundName(_ schema: [SchemaEntry]) -> String {
        let names = Set(schema.compactMap { $0.name?.lowercased() })
        let base = SQLQuoting.identifier(options.lostAndFound)
        if !names.contains(options.lostAndFound.lowercased()) { return base }
        for i in 0..<1000 where !names.contains("\(options.lostAndFound)_\(i)".lowercased()) {
            return SQLQuoting.identifier("\(options.lostAndFound)_\(i)")
        }
        return SQLQuoting.identifier(options.lostAndFound + "_lost")
    }

    // MARK: Output

    private func statement(_ sql: String) {
        script += sql.utf8
        script += ";\n".utf8
    }

    private func flush() {
        script.withUnsafeBytes { out.write($0) }
        script.removeAll(keepingCapacity: true)
    }
}
