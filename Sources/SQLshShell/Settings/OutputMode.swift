/// The output modes of `.mode`, with sqlite3's names. What defines each (its names,
/// separators, option and renderer) is its ``OutputModeDefinition``.
public enum OutputMode: String, CaseIterable, Sendable {
    case ascii, box, csv, column, html, insert, json, line, list, markdown, quote, table, tabs, tcl
    /// Only `N rows` after each statement (sqlite3's undocumented `.mode count`).
    case count
    /// Nothing shown (sqlite3's undocumented `.mode off`).
    case off
    /// sqlsh's interactive default: a box table fitted to the terminal width, numbers
    /// right-aligned, NULLs distinct, long values wrapped or cut with a visible `…`.
    case pretty
    /// EXPLAIN output formatting (set internally by `.explain`, not selectable with `.mode`).
    case explain

    /// The name `.mode` and `.show` print (sqlite3's `modeDescr`): `tabs` is `list` there.
    public var displayName: String { definition.shownName }

    /// Whether the mode collects the whole result to lay it out in columns (and takes the
    /// `--wrap`, `--wordwrap` and `--quote` options).
    public var isColumnar: Bool { definition.isColumnar }
}
