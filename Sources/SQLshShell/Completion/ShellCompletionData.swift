#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLshCore
import SQLshCatalog

/// Completion data read from a shell's live connection and catalog at completion time (a few
/// small queries: cheap, and tables created a moment ago are there at once).
public struct ShellCompletionData: CompletionData {
    public let shell: Shell

    public init(shell: Shell) {
        self.shell = shell
    }

    /// SQLite's keywords, in its keyword-table order, then the words friendly SQL adds.
    static let sqlKeywords: [String] = SQLText.keywords + FriendlySQL.keywords

    public func keywords() -> [String] { Self.sqlKeywords }

    /// The first column of every row of `sql` (errors give no rows).
    private func column(_ sql: String, binding: String? = nil) -> [String] {
        guard let statement = try? shell.connection.prepare(sql) else { return [] }
        if let binding { try? statement.bind(binding, at: 1) }
        var out: [String] = []
        while (try? statement.step()) == true {
            if let text = statement.string(at: 0) { out.append(text) }
        }
        return out
    }

    public func schemaNames() -> [String] {
        column("SELECT name FROM pragma_database_list")
    }

    public func tableNames() -> [String] {
        var names: [String] = []
        for schema in schemaNames() {
            let quoted = "\"" + schema.replacingAll("\"", with: "\"\"") + "\""
            names += column("SELECT name FROM \(quoted).sqlite_schema WHERE type IN ('table','view') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'")
        }
        return names
    }

    public func columnNames(of table: String) -> [String] {
        column("SELECT name FROM pragma_table_info(?1)", binding: table)
    }

    public func functionNames() -> [String] {
        var names = column("SELECT DISTINCT name FROM pragma_function_list").filter { name in
            name.utf8.allSatisfy(SQLTokenizer.isIdentifierByte) && !name.hasPrefix("sqlite_")
        }
        let present = Set(names)
        for function in shell.catalog.functions
        where function.kind != .collation && shell.catalog.isEnabled(function.name) && !present.contains(function.name) {
            names.append(function.name)
        }
        return names
    }

    /// Virtual table modules, which eponymous ones make callable in FROM as table-valued
    /// functions (`json_each(...)`, `pragma_table_info(...)`).
    public func moduleNames() -> [String] {
        column("SELECT name FROM pragma_module_list")
    }

    public func catalogNames() -> [String] {
        shell.catalog.functions.map(\.name) + shell.catalog.packs.map(\.name)
    }

    public func dotCommandNames() -> [String] {
        DotCommandRegistry.all.flatMap { [$0.name] + $0.aliases }
    }

    public func dotCommand(named typed: String) -> String? {
        DotCommandRegistry.command(named: typed)?.name
    }

    public func dotCommandUsage(_ name: String) -> String? {
        DotCommandRegistry.command(named: name)?.usage
    }

    public func directoryEntries(_ path: String) -> [(name: String, isDirectory: Bool)] {
        guard let dir = opendir(path) else { return [] }
        defer { closedir(dir) }
        var out: [(name: String, isDirectory: Bool)] = []
        while let entry = readdir(dir) {
            let name = String(cString: DirectoryEntryName.cString(entry))
            var isDirectory = entry.pointee.d_type == UInt8(DT_DIR)
            if entry.pointee.d_type == UInt8(DT_LNK) || entry.pointee.d_type == UInt8(DT_UNKNOWN) {
                var info = stat()
                let full = path.hasSuffix("/") ? path + name : path + "/" + name
                if stat(full, &info) == 0 { isDirectory = (info.st_mode & S_IFMT) == S_IFDIR }
            }
            out.append((name, isDirectory))
        }
        return out
    }

    public var allowsFileNames: Bool { !shell.isSafeModeActive }

    public func homeDirectory() -> String? {
        getenv("HOME").map { String(cString: $0) }
    }
}
