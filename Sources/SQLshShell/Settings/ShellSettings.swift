/// Everything dot-commands change and renderers read. `.show` prints it.
public struct ShellSettings {
    /// The output mode (`.mode`).
    public var mode: OutputMode = .list
    /// Whether column names are printed (`.headers`).
    public var headers = false
    /// Whether `.headers` or `-header`/`-noheader` chose the header setting (then `.mode column`
    /// leaves it alone; sqlite3's `SHFLG_HeaderSet`).
    public var headersSet = false
    /// The text between columns (`.separator`).
    public var columnSeparator = "|"
    /// The text after each row (`.separator`).
    public var rowSeparator = "\n"
    /// The text printed for NULL (`.nullvalue`).
    public var nullValue = ""
    /// Column widths of columnar modes (`.width`); 0 is automatic, negative right-aligns.
    public var columnWidths: [Int] = []
    /// The table name of `insert` mode.
    public var insertTable = "table"
    /// Columnar modes: wrap cells wider than this many characters (0: no limit) (`--wrap N`).
    public var wrapWidth = 0
    /// Columnar modes: wrap at word boundaries (`--wordwrap on`).
    public var wordWrap = false
    /// Columnar modes: quote values as SQL literals (`--quote`).
    public var quoteValues = false
    /// Where `.output`/`.once` sends results (`.show` prints it); empty for standard output.
    public var outputFile = ""
    /// Stop after the first error (`.bail`, `-bail`).
    public var bail = false
    /// Print each input before running it (`.echo`, `-echo`).
    public var echo = false
    /// Print the change counts after each statement (`.changes`).
    public var showChanges = false
    /// Print the run time of each statement (`.timer`).
    public var timer = false
    /// EXPLAIN QUERY PLAN before each statement (`.eqp`): off, on, full, trigger.
    public var eqp = "off"
    /// Automatic EXPLAIN formatting (`.explain`): on, off, auto.
    public var explain = "auto"
    /// The main prompt (`.prompt`).
    public var prompt = "sqlsh> "
    /// The continuation prompt (`.prompt`).
    public var continuationPrompt = "  ...> "
    /// Colour headers, NULLs and errors (interactive use on a terminal without `NO_COLOR`).
    public var colour = false
    /// The terminal's width in columns, which the `pretty` mode fits its tables to (0: no limit).
    public var terminalWidth = 0
    /// `.maxrows N`: the most rows a `pretty` result shows before only its first and last ones
    /// (nil: as many as fit the terminal).
    public var maximumRows: Int?
    /// `.maxwidth N`: the most columns a `pretty` table takes (nil: the terminal's width).
    public var maximumWidth: Int?
    /// `.types on|off`: whether `pretty` tables at the prompt show each column's type under
    /// its header (see ``ColumnTypes``).
    public var columnTypes = true
    /// `.highlight on|off`: whether the line being typed at the prompt is coloured (SQL as you
    /// type, a suggestion from history, the matching bracket). Needs ``colour`` too.
    public var highlight = true
    /// `.numformat SEP`: numbers on the screen in groups of three digits (nil: plain digits).
    public var numberFormat: NumberFormat?
    /// The terminal's height in lines: a `pretty` result taller than this shows its first and
    /// last rows and a footer with the row count (0: no limit, every row is shown).
    public var terminalHeight = 0
    /// Whether a `pretty` result taller than the terminal goes whole through
    /// ``pagerCommand`` instead of showing its first and last rows (`.pager on`).
    public var pagerEnabled = false
    /// The pager `.last` (and `.pager on`) write to: `$PAGER`, else `less -SRFX` when `less`
    /// is installed; empty for none (then the whole result is printed).
    public var pagerCommand = ""
    /// Refuse commands that touch files or load code (`-safe`).
    public var safeMode = false

    public init() {}

    /// `text` cut to the 19 bytes that fit sqlite3's fixed buffers for separators and the
    /// null value (`.separator`, `.nullvalue`).
    public static func fitted(_ text: String) -> String {
        let bytes = Array(text.utf8)
        guard bytes.count > 19 else { return text }
        return String(decoding: bytes[0..<19], as: UTF8.self)
    }

    /// The columnar options as `.mode` and `.show` print them:
    /// `--wrap 60 --wordwrap off --noquote`.
    public var columnarOptions: String {
        "--wrap \(wrapWidth) --wordwrap \(wordWrap ? "on" : "off") --\(quoteValues ? "" : "no")quote"
    }
}
