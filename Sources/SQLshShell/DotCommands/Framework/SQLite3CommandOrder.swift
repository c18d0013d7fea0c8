/// The order in which sqlite3 3.40.1's `do_meta_command` tries its commands, with the
/// shortest abbreviation each accepts. The first entry that accepts a typed name wins, so a
/// short prefix resolves to the earliest command (`.c` is `.clone`, `.d` is `.dump`).
///
/// Commands sqlsh does not implement are listed too: a prefix that sqlite3 gives to one of
/// them must not silently run a different command here.
enum SQLite3CommandOrder {
    struct Entry {
        /// The name sqlite3 compares the typed word against.
        let spelling: String
        /// The registered command it runs (differs for `.limits`, `.indices`).
        let target: String
        /// The shortest accepted prefix.
        let minimum: Int
        /// Whether only the full spelling is accepted (`.cd`, `.nonce`, `.excel`).
        let exact: Bool

        func accepts(_ typed: String) -> Bool {
            if exact { return typed == spelling }
            return typed.utf8.count >= minimum && spelling.hasPrefix(typed)
        }
    }

    private static func e(_ spelling: String, _ minimum: Int = 1, _ target: String? = nil) -> Entry {
        Entry(spelling: spelling, target: target ?? spelling, minimum: minimum, exact: false)
    }
    private static func exact(_ spelling: String) -> Entry {
        Entry(spelling: spelling, target: spelling, minimum: spelling.utf8.count, exact: true)
    }

    static let entries: [Entry] = [
        e("auth"), e("archive"),
        e("backup", 3), e("save", 3), e("bail", 3), e("binary", 3),
        exact("cd"), e("changes", 3), e("check", 3), e("clone"), e("connection"),
        e("databases", 2), e("dbconfig", 3), e("dbinfo", 3), e("recover"), e("dump"),
        e("echo"), e("eqp"), e("exit"), e("explain"), e("expert"),
        e("filectrl"), e("fullschema"),
        e("headers"), e("help"),
        e("import"), e("imposter"),
        e("limits", 5, "limit"), e("lint", 3), e("load"), e("log"),
        e("mode"),
        exact("nonce"), e("nullvalue"),
        e("open", 2), e("output"), e("once"), exact("excel"),
        e("parameter", 3), e("print", 3), e("progress", 3), e("prompt"),
        e("quit"),
        e("read", 3), e("restore", 3),
        e("scanstats"), e("schema"), e("selftest", 4), e("separator"), e("session", 3),
        e("sha3sum", 4), e("shell"), e("system"), e("show"), e("stats"),
        e("tables", 2), e("indices", 1, "indexes"), e("indexes"),
        e("testcase", 8), e("testctrl", 8), e("timeout", 5), e("timer", 5), e("trace"),
        e("version"), e("vfsinfo"), e("vfslist"), e("vfsname"),
        e("width"),
    ]

    private static let names: Set<String> = Set(entries.map(\.target))

    /// Whether sqlite3 has a command of this name.
    static func knows(_ name: String) -> Bool { names.contains(name) }
}
