/// What the prompt says after an input written to a `.output`/`.once` file whose name says
/// another format than the mode writes: `wrote 3 rows to o.csv as list; use .mode csv or
/// copy (select ...) to 'o.csv'`. Scripts get nothing (sqlite3 says nothing).
struct RedirectNote {
    /// The file written.
    let path: String
    /// The mode the rows are written in.
    let mode: OutputMode
    /// The shell's count of rows written when the note was last given.
    var rowsBefore: Int

    /// A note for `path` written in `mode`, or nil when the name says that format (or none).
    init?(path: String, mode: OutputMode, rowsBefore: Int) {
        guard let wanted = Self.mode(forFileName: path), wanted != mode else { return nil }
        self.path = path
        self.mode = mode
        self.rowsBefore = rowsBefore
    }

    /// The mode a file name's extension asks for: `.csv` csv, `.tsv` tabs, `.json` json,
    /// `.html` html, `.md` markdown, `.sql` insert; nil for others.
    static func mode(forFileName name: String) -> OutputMode? {
        guard let dot = name.lastIndex(of: "."), !name[dot...].contains("/") else { return nil }
        switch name[name.index(after: dot)...].lowercased() {
        case "csv": return .csv
        case "tsv", "tab": return .tabs
        case "json": return .json
        case "html", "htm": return .html
        case "md", "markdown": return .markdown
        case "sql": return .insert
        default: return nil
        }
    }

    /// The note after an input that wrote `rows` rows.
    func text(rows: Int) -> String {
        let wanted = Self.mode(forFileName: path) ?? mode
        let quoted = "'" + path.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "''") + "'"
        let copyFormat = wanted == .csv || wanted == .json || wanted == .tabs ? "copy (select ...) to \(quoted)" : nil
        let advice = ".mode \(wanted.rawValue)" + (copyFormat.map { " or \($0)" } ?? "")
        return "wrote \(rows) row\(rows == 1 ? "" : "s") to \(path) as \(mode.rawValue); use \(advice)"
    }
}
