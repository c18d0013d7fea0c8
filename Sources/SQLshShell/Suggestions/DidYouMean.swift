#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLshCatalog
import SQLshCore
import SQLshFiles

/// "Did you mean" for a person at the prompt: the names closest to a misspelt table, column,
/// function or dot-command (`no such table: ordres` → `Did you mean orders?`). Scripts never
/// see them (sqlite3's text is the contract there).
extension Shell {
    /// The suggestion line for SQLite's error `message` (its first line), or nil when nothing
    /// is close or the error is not about a name.
    func suggestion(forError message: [UInt8]) -> String? {
        let text = String(decoding: message.prefix { $0 != 10 }, as: UTF8.self)
        enum Kind { case table, column, function }
        let kind: Kind
        var name: String
        // What is missing, as the core reads SQLite's message (tables and functions).
        switch SQLiteError(message: text).missingName {
        case .table(let missing)?:
            // A file named in FROM that is not there either (the files subsystem reads it when it is).
            if FileTablesSubsystem.isDataFileName(missing) {
                let near = Self.nearFile(to: missing).map { " Did you mean '\($0)'?" } ?? ""
                return "No file \(Self.absolute(missing)) either: a file named in FROM is read as a table when it exists.\(near)"
            }
            (kind, name) = (.table, missing)
        case .function(let missing)?:
            (kind, name) = (.function, missing)
        default:
            let column = "no such column: "
            guard text.hasPrefix(column) else { return nil }
            (kind, name) = (.column, String(text.dropFirst(column.count)))
        }
        if let space = name.firstIndex(of: " ") { name = String(name[..<space]) }  // ` (disabled: ...)`
        var qualifier = ""
        if kind != .function, let dot = name.lastIndex(of: ".") {
            qualifier = String(name[...dot])
            name = String(name[name.index(after: dot)...])
        }
        let candidates: [String]
        switch kind {
        case .table: candidates = tableNames()
        case .column: candidates = columnNames()
        case .function: candidates = functionNames()
        }
        guard let found = Self.closest(to: name, among: candidates) else { return nil }
        return "Did you mean \(qualifier)\(found)?"
    }

    /// The data file in `path`'s folder whose name is closest to `path`'s (`sales.csv` for
    /// `sale.csv`), as it would be written in FROM; nil when none is close.
    static func nearFile(to path: String) -> String? {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard let directory = opendir(folder.isEmpty ? "." : folder) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        // A folder of many files: the first 10,000 names are enough for a suggestion.
        while names.count < 10_000, let entry = readdir(directory) {
            let entryName = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if FileTablesSubsystem.isDataFileName(entryName) { names.append(entryName) }
        }
        return closest(to: name, among: names).map { folder + $0 }
    }

    /// `path` made absolute with the working folder, as a person can look for it.
    static func absolute(_ path: String) -> String {
        guard !path.hasPrefix("/"), let cwd = getcwd(nil, 0) else { return path }
        defer { free(cwd) }
        return String(cString: cwd) + "/" + path
    }

    /// The suggestion for an unknown dot-command typed as `name`.
    func suggestion(forCommand name: String) -> String? {
        let names = DotCommandRegistry.all.map { $0.name }
        return Self.closest(to: name, among: names).map { "Did you mean .\($0)?" }
    }

    /// The closest name, compared without case; at most a third of the name's length apart
    /// (one edit for short names, three at most); none when the name itself is among them.
    static func closest(to typed: String, among names: [String]) -> String? {
        let lowered = typed.lowercased()
        // The name exists (a column of another table): a near name would mislead.
        if names.contains(where: { $0.lowercased() == lowered }) { return nil }
        let limit = max(1, min(3, lowered.count / 3))
        var best: (name: String, distance: Int)?
        for name in Set(names) {
            let distance = EditDistance.between(lowered, name.lowercased(), limit: limit)
            guard distance <= limit else { continue }
            if let current = best, current.distance < distance || (current.distance == distance && current.name < name) { continue }
            best = (name, distance)
        }
        return best?.name
    }

    /// The names the prompt's completion knows (tables and views of every schema, their
    /// columns, enabled functions), the same lists Tab offers.
    private func tableNames() -> [String] { ShellCompletionData(shell: self).tableNames() }

    private func columnNames() -> [String] {
        let data = ShellCompletionData(shell: self)
        let tables = data.tableNames()
        return tables.flatMap { data.columnNames(of: $0) } + tables
    }

    private func functionNames() -> [String] { ShellCompletionData(shell: self).functionNames() }
}
