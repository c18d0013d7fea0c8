/// The output modes of `.mode`, with sqlite3's names.
public enum OutputMode: String, CaseIterable, Sendable {
    case ascii, box, csv, column, html, insert, json, line, list, markdown, quote, table, tabs, tcl
    /// sqlsh's interactive default: a box table fitted to the terminal width, numbers
    /// right-aligned, NULLs distinct, long values wrapped or cut with a visible `…`.
    case pretty
    /// EXPLAIN output formatting (set internally by `.explain`, not selectable with `.mode`).
    case explain
}
