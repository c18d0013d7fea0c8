/// The output modes of `.mode`, with sqlite3's names.
public enum OutputMode: String, CaseIterable, Sendable {
    case ascii, box, csv, column, html, insert, json, line, list, markdown, quote, table, tabs, tcl
    /// EXPLAIN output formatting (set internally by `.explain`, not selectable with `.mode`).
    case explain
}
