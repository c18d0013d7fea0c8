/// `.mode MODE ?OPTIONS? ?TABLE?`: the output mode, as sqlite3 3.40.1's `.mode`.
///
/// Mode names may be abbreviated (the first of sqlite3's list that starts with the typed
/// word wins: `.mode c` is `column`). Without a mode, the current one is printed and then set
/// again (which resets its separators and options, as in sqlite3).
struct ModeCommand: DotCommand {
    static let name = "mode"
    static let minimumPrefix = 1
    static let usage = ".mode MODE ?OPTIONS?"
    static let summary = "Set output mode"
    static let details = """
       MODE is one of:
         ascii       Columns/rows delimited by 0x1F and 0x1E
         box         Tables using unicode box-drawing characters
         csv         Comma-separated values
         column      Output in columns.  (See .width)
         html        HTML <table> code
         insert      SQL insert statements for TABLE
         json        Results in a JSON array
         line        One value per line
         list        Values delimited by "|"
         markdown    Markdown table format
         pretty      Box fitted to the terminal (the interactive default)
         qbox        Shorthand for "box --wrap 60 --quote"
         quote       Escape answers as for SQL
         table       ASCII-art table
         tabs        Tab-separated values
         tcl         TCL list elements
       OPTIONS: (for columnar modes or insert mode):
         --wrap N       Wrap output lines to no longer than N characters
         --wordwrap B   Wrap or not at word boundaries per B (on/off)
         --ww           Shorthand for "--wordwrap 1"
         --quote        Quote output text as SQL literals
         --noquote      Do not quote output text
         TABLE          The name of SQL table used for "insert" mode
    """

    /// sqlite3's order of comparison: the typed name must be a prefix of one of these.
    private static let names = ["lines", "columns", "list", "html", "tcl", "csv", "tabs", "insert", "quote",
                                "ascii", "markdown", "table", "box", "count", "off", "json",
                                // sqlsh's own: the interactive default (a box fitted to the terminal).
                                "pretty"]

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        var mode: String?
        var table: String?
        var wrap = 60
        var wordWrap = false
        var quote = false
        var i = 1
        while i < arguments.count {
            let z = arguments[i]
            if ShellValues.isOption(z, "wrap") && i + 1 < arguments.count {
                i += 1
                wrap = Int(Int32(truncatingIfNeeded: DotCommandArguments.integerValue(arguments[i])))
            } else if ShellValues.isOption(z, "ww") {
                wordWrap = true
            } else if ShellValues.isOption(z, "wordwrap") && i + 1 < arguments.count {
                i += 1
                wordWrap = DotCommandArguments.booleanValue(arguments[i], shell: shell) != 0
            } else if ShellValues.isOption(z, "quote") {
                quote = true
            } else if ShellValues.isOption(z, "noquote") {
                quote = false
            } else if mode == nil {
                mode = z
                if z == "qbox" {
                    mode = "box"
                    (wrap, wordWrap, quote) = (60, false, true)
                }
            } else if table == nil {
                table = z
            } else if z.hasPrefix("-") {
                throw ShellError("""
                    unknown option: \(z)
                    options:
                      --noquote
                      --quote
                      --wordwrap on/off
                      --wrap N
                      --ww
                    """)
            } else {
                throw ShellError("extra argument: \"\(z)\"")
            }
            i += 1
        }
        var settings = shell.settings
        let current = settings.mode
        if mode == nil {
            if current.isColumnar {
                shell.out.write("current output mode: \(current.displayName) \(settings.columnarOptions)\n")
            } else {
                shell.out.write("current output mode: \(current.displayName)\n")
            }
            mode = current.displayName
        }
        let typed = mode!
        guard let name = names.first(where: { $0.hasPrefix(typed) }) else {
            throw ShellError("Error: mode should be one of: ascii box column csv html insert json line list markdown qbox quote table tabs tcl")
        }
        switch name {
        case "lines":
            settings.mode = .line
            settings.rowSeparator = "\n"
        case "columns":
            settings.mode = .column
            if !settings.headersSet { settings.headers = true }
            settings.rowSeparator = "\n"
        case "list":
            settings.mode = .list
            settings.columnSeparator = "|"
            settings.rowSeparator = "\n"
        case "html": settings.mode = .html
        case "tcl":
            settings.mode = .tcl
            settings.columnSeparator = " "
            settings.rowSeparator = "\n"
        case "csv":
            settings.mode = .csv
            settings.columnSeparator = ","
            settings.rowSeparator = "\r\n"
        case "tabs":
            settings.mode = .list
            settings.columnSeparator = "\t"
        case "insert":
            settings.mode = .insert
            settings.insertTable = table ?? "table"
        case "quote":
            settings.mode = .quote
            settings.columnSeparator = ","
            settings.rowSeparator = "\n"
        case "ascii":
            settings.mode = .ascii
            settings.columnSeparator = "\u{1F}"
            settings.rowSeparator = "\u{1E}"
        case "markdown": settings.mode = .markdown
        case "table": settings.mode = .table
        case "box": settings.mode = .box
        case "count": settings.mode = .count
        case "off": settings.mode = .off
        case "pretty":
            settings.mode = .pretty
            if !settings.headersSet { settings.headers = true }
        default: settings.mode = .json
        }
        if settings.mode.isColumnar {
            settings.wrapWidth = wrap
            settings.wordWrap = wordWrap
            settings.quoteValues = quote
        }
        shell.settings = settings
        shell.updateExplainSetting()
        return .success
    }
}
