import SQLshCatalog
import SQLshCore
import SQLshFiles
/// Context-aware completion for the interactive prompt and `.complete`: pure logic over a
/// ``CompletionData``.
///
/// ```swift
/// let engine = CompletionEngine(data: ShellCompletionData(shell: shell))
/// engine.complete("select * from us").candidates   // [users]
/// ```
///
/// - SQL: table and view names after `FROM`, `JOIN`, `INTO`, `UPDATE`, `TABLE` (and after a
///   comma in a `FROM` list); columns of a table or alias after `name.`; elsewhere the columns
///   of the tables the statement mentions (of all tables, up to 50, while it mentions none),
///   table names, function names and keywords.
///   Keywords follow the case of what was typed; names keep their own case and are quoted when
///   they need it (or when the typed fragment opened a quote).
/// - Dot-commands: their names, then their arguments: modes for `.mode`, the alternatives of
///   the usage line (`on|off`), function and pack names for `.enable`/`.disable`, file paths
///   for commands that take files, table names for `.schema`, `.tables`, `.indexes`, `.dump`.
public struct CompletionEngine {
    public let data: CompletionData

    public init(data: CompletionData) {
        self.data = data
    }

    /// Completes the end of `text`: everything typed for the current input up to the cursor
    /// (earlier lines of an unfinished statement included, joined by `\n`).
    ///
    /// `after` is the text after the cursor: tables it names count as mentioned (`select na|
    /// from users` offers the columns of `users`), and aliases it defines resolve.
    public func complete(_ text: String, after: String = "") -> Completion {
        if text.utf8.first == UInt8(ascii: ".") && !text.utf8.contains(10) {
            return completeDotCommand(text)
        }
        return completeSQL(text, after: after)
    }

    // MARK: SQL

    private static let tableKeywords: Set<String> = ["FROM", "JOIN", "INTO", "UPDATE", "TABLE", "VIEW", "EXISTS"]
    private static var clauseKeywords: Set<String> { SQLClauseKeywords.all }

    private func completeSQL(_ text: String, after: String) -> Completion {
        let (tokens, inComment) = CompletionToken.tokens(of: text)
        let end = text.utf8.count
        guard !inComment else { return Completion(fragment: "", candidates: []) }
        // The whole statement as far as it can be read: the tokens before the cursor and those
        // after it (the word the cursor is in the middle of is left out).
        var everything = tokens
        let (later, _) = CompletionToken.tokens(of: after)
        let firstLater = after.utf8.first.map { SQLTokenizer.isIdentifierByte($0) } == true ? 1 : 0
        everything += later.dropFirst(firstLater)
        var preceding = tokens[...]
        var fragment = ""
        var quote: UInt8? = nil
        if let last = tokens.last, last.end == end {
            switch last.kind {
            case .word:
                fragment = last.text
                preceding = tokens.dropLast()
            case .quoted:
                fragment = String(decoding: Array(text.utf8)[last.start..<end], as: UTF8.self)
                quote = Array(text.utf8)[last.start]
                preceding = tokens.dropLast()
                if !last.isOpen { return Completion(fragment: fragment, candidates: []) }
            case .literal:
                // An open string after FROM or JOIN, or in read_csv(: a file name being typed.
                let bytes = Array(text.utf8)
                guard last.isOpen, bytes[last.start] == UInt8(ascii: "'"), data.allowsFileNames else {
                    return Completion(fragment: "", candidates: [])
                }
                fragment = String(decoding: bytes[last.start..<end], as: UTF8.self)
                quote = bytes[last.start]
                preceding = tokens.dropLast()
            case .punctuation:
                break
            }
        }
        let typed = quote == nil ? fragment : String(fragment.dropFirst())
        let keywordSet = Set(data.keywords())
        var out: [Completion.Candidate] = []

        // `name.` → columns of that table or alias, or tables of that schema.
        let before = Array(preceding)
        if before.count >= 2, before[before.count - 1].kind == .punctuation, before[before.count - 1].text == ".",
           before[before.count - 2].kind == .word || before[before.count - 2].kind == .quoted {
            let qualifierToken = before[before.count - 2]
            let qualifier = qualifierToken.text
            if data.schemaNames().contains(where: { asciiLowercased($0) == asciiLowercased(qualifier) }) {
                out += names(data.tableNames(), .table, typed: typed, quote: quote, keywords: keywordSet)
            } else {
                let table = resolve(qualifier, in: everything, keywords: keywordSet) ?? qualifier
                out += names(data.columnNames(of: table), .column, typed: typed, quote: quote, keywords: keywordSet)
            }
            return Completion(fragment: fragment, candidates: unique(out))
        }

        // The first argument of read_csv(...), read_json(...): any file.
        if quote == UInt8(ascii: "'") {
            if before.count >= 2, before[before.count - 1].text == "(", before[before.count - 2].kind == .word,
               FileTablesSubsystem.isReader(before[before.count - 2].text) {
                return Completion(fragment: fragment, candidates: files(typed, quote: quote, directoriesOnly: false))
            }
            // A string after FROM or JOIN may name a file the files pack reads as a table:
            // those, and folders. Any other string is no name.
            guard isTableContext(before), let last = before.last,
                  last.keyword == "FROM" || last.keyword == "JOIN" || last.text == "," else {
                return Completion(fragment: "", candidates: [])
            }
            return Completion(fragment: fragment, candidates: dataFiles(typed, quote: quote))
        }

        if isTableContext(Array(preceding)) {
            out += names(data.tableNames(), .table, typed: typed, quote: quote, keywords: keywordSet)
            // A quoted name after FROM or JOIN may be a file, too.
            if let quote, let last = before.last, last.keyword == "FROM" || last.keyword == "JOIN" || last.text == "," {
                out += dataFiles(typed, quote: quote)
            }
            return Completion(fragment: fragment, candidates: unique(out))
        }

        // Right after a table in FROM/JOIN/UPDATE/INTO: what can follow it, not every keyword.
        if quote == nil, let followers = followersOfTable(Array(preceding), keywords: keywordSet) {
            let lowercase = typed.utf8.first.map { $0 >= 97 && $0 <= 122 } ?? true
            for word in followers where hasPrefixIgnoringCase(word.text, typed) {
                out.append(.init(word.kind == .keyword && !lowercase ? asciiUppercased(word.text) : word.text, word.kind))
            }
            return Completion(fragment: fragment, candidates: unique(out))
        }

        // Columns of the tables the statement names; before it names any (`SELECT na|`), of
        // every table when there are not too many.
        var tables = mentionedTables(everything, keywords: keywordSet)
        if tables.isEmpty {
            let all = data.tableNames()
            if all.count <= 50 { tables = all }
        }
        for table in tables {
            out += names(data.columnNames(of: table), .column, typed: typed, quote: quote, keywords: keywordSet)
        }
        let expression = Self.startsAnExpression(before)
        // In an expression a table name is rarely what comes next: only when typed for.
        if !expression || !typed.isEmpty {
            out += names(data.tableNames(), .table, typed: typed, quote: quote, keywords: keywordSet)
        }
        if quote == nil {
            let lowercase = typed.utf8.first.map { $0 >= 97 && $0 <= 122 } ?? false
            for keyword in data.keywords() where hasPrefixIgnoringCase(keyword, typed) {
                // Nothing typed yet in an expression: only the keywords that can start one.
                if expression && typed.isEmpty && !Self.expressionKeywords.contains(keyword) { continue }
                out.append(.init(lowercase ? asciiLowercased(keyword) : keyword, .keyword))
            }
            for function in data.functionNames() where hasPrefixIgnoringCase(function, typed) {
                out.append(.init(function, .function))
            }
        }
        let candidates = unique(out)
        guard expression else { return Completion(fragment: fragment, candidates: candidates) }
        // After WHERE, AND, SELECT, SET, ON, BY...: the statement's columns first, then
        // functions, then keywords, then tables (the order is stable within each kind).
        func rank(_ kind: Completion.Candidate.Kind) -> Int {
            switch kind {
            case .column: return 0
            case .function: return 1
            case .keyword: return 2
            default: return 3
            }
        }
        let ordered = candidates.enumerated().sorted {
            rank($0.element.kind) != rank($1.element.kind) ? rank($0.element.kind) < rank($1.element.kind) : $0.offset < $1.offset
        }.map(\.element)
        return Completion(fragment: fragment, candidates: ordered)
    }

    /// Keywords after which an expression comes (`where |`, `and |`, `order by |`, `set |`).
    private static let expressionIntroducers: Set<String> = [
        "WHERE", "AND", "OR", "ON", "SET", "SELECT", "BY", "HAVING", "WHEN", "THEN", "ELSE", "NOT", "DISTINCT",
        "CASE", "IN", "LIKE", "GLOB", "BETWEEN", "IS", "RETURNING",
    ]

    /// Keywords that can start an expression, offered there before anything is typed.
    private static let expressionKeywords: Set<String> = [
        "NOT", "EXISTS", "CASE", "CAST", "NULL", "TRUE", "FALSE", "CURRENT_DATE", "CURRENT_TIME",
        "CURRENT_TIMESTAMP", "DISTINCT", "RAISE",
    ]

    /// Whether the word being typed starts or continues an expression: after an introducing
    /// keyword, an operator, an opening parenthesis or a comma in a select list.
    private static func startsAnExpression(_ preceding: [CompletionToken]) -> Bool {
        guard let last = preceding.last else { return false }
        switch last.kind {
        case .word:
            return expressionIntroducers.contains(asciiUppercased(last.text))
        case .punctuation:
            // Multi-character operators by their last character: `<=`, `||`, `->>`.
            guard let final = last.text.unicodeScalars.last else { return false }
            return ["=", "<", ">", "(", "+", "-", "*", "/", "|", "%", "!", ","].contains(final)
        case .quoted, .literal:
            return false
        }
    }

    /// Whether the word being typed names a table: right after FROM/JOIN/INTO/UPDATE/TABLE, or
    /// after a comma in a FROM list, or after ON in CREATE INDEX.
    private func isTableContext(_ preceding: [CompletionToken]) -> Bool {
        guard let previous = preceding.last else { return false }
        if let keyword = previous.keyword {
            if Self.tableKeywords.contains(keyword) { return true }
            if keyword == "ON" {
                let words = Set(preceding.compactMap(\.keyword))
                return words.contains("INDEX") && !words.contains("JOIN")
            }
            return false
        }
        if previous.kind == .punctuation && previous.text == "," {
            var depth = 0
            for token in preceding.reversed() {
                if token.kind == .punctuation {
                    if token.text == ")" { depth += 1 }
                    if token.text == "(" { if depth == 0 { return false }; depth -= 1 }
                }
                if depth == 0, let keyword = token.keyword, Self.clauseKeywords.contains(keyword) {
                    return keyword == "FROM"
                }
            }
        }
        return false
    }

    /// What may follow a table named after FROM, JOIN, UPDATE or INTO (the word being typed
    /// comes next): nil when the preceding tokens do not end with such a table (and perhaps an
    /// alias). Keywords are lower case here; the caller matches the typed case.
    ///
    /// `from customers |` offers an alias (`c`), `as`, `where`, the joins, `group by`,
    /// `order by`, `limit` and the compound operators; after a JOIN's table also `on` and
    /// `using`; after `update t`, `set`; after `insert into t`, `values`, `select`,
    /// `default values`; after `delete from t`, `where` and `returning`.
    private func followersOfTable(_ preceding: [CompletionToken], keywords: Set<String>) -> [Completion.Candidate]? {
        var k = preceding.count - 1
        guard k >= 1 else { return nil }
        func isName(_ token: CompletionToken) -> Bool {
            token.kind == .quoted || (token.kind == .word && !keywords.contains(asciiUppercased(token.text))
                                      && !Self.clauseKeywords.contains(asciiUppercased(token.text)))
        }
        // An alias after the table (`customers c`, `customers as c`).
        var hasAlias = false
        if isName(preceding[k]), k >= 2 {
            let before = preceding[k - 1]
            if before.keyword == "AS", k >= 3, isName(preceding[k - 2]) {
                hasAlias = true
                k -= 2
            } else if isName(before) {
                hasAlias = true
                k -= 1
            }
        }
        guard isName(preceding[k]) else { return nil }
        var tableIndex = k
        // schema.table
        if k >= 2, preceding[k - 1].kind == .punctuation, preceding[k - 1].text == ".", isName(preceding[k - 2]) {
            tableIndex = k - 2
        }
        guard tableIndex >= 1 else { return nil }
        let introducer = preceding[tableIndex - 1]
        let words = preceding.compactMap(\.keyword)
        var introducedBy = introducer.keyword
        if introducer.kind == .punctuation && introducer.text == "," && isTableContext(Array(preceding[..<tableIndex])) {
            introducedBy = "FROM"
        }
        guard let introducedBy else { return nil }
        let table = preceding[k].text
        var out: [Completion.Candidate] = []
        func keyword(_ list: [String]) { out += list.map { .init($0, .keyword) } }
        switch introducedBy {
        case "FROM" where words.first == "DELETE":
            if hasAlias { return nil }
            keyword(["where", "returning", "indexed by", "not indexed"])
        case "FROM", "JOIN":
            if !hasAlias, let alias = Self.suggestedAlias(for: table, keywords: keywords) {
                out.append(.init(alias, .value))
                keyword(["as"])
            }
            keyword(["where", "join", "left join", "inner join", "cross join", "natural join", "full join",
                     "right join", "group by", "order by", "limit", "union", "union all", "except",
                     "intersect", "window"])
            if introducedBy == "JOIN" { keyword(["on", "using"]) }
            if !hasAlias { keyword(["indexed by", "not indexed"]) }
        case "UPDATE":
            if hasAlias { return nil }
            keyword(["set", "as"])
        case "INTO":
            if hasAlias { return nil }
            keyword(["values", "select", "default values", "as"])
        default:
            return nil
        }
        return out
    }

    /// A short alias for a table: the first letter of each part of its name (`order_items` →
    /// `oi`, `customers` → `c`), nil when that is not a plain identifier or is a keyword.
    public static func suggestedAlias(for table: String, keywords: Set<String>) -> String? {
        var alias: [UInt8] = []
        var atStart = true
        for byte in table.utf8 {
            if byte == UInt8(ascii: "_") || byte == 32 { atStart = true; continue }
            if atStart {
                guard byte < 0x80, SQLTokenizer.isIdentifierStart(byte) else { return nil }
                alias.append(byte >= 65 && byte <= 90 ? byte + 32 : byte)
                atStart = false
            }
        }
        guard !alias.isEmpty else { return nil }
        let text = String(decoding: alias, as: UTF8.self)
        return keywords.contains(asciiUppercased(text)) || Self.clauseKeywords.contains(asciiUppercased(text)) ? nil : text
    }

    /// Tables and views the statement names (by known table name), in order of appearance.
    private func mentionedTables(_ tokens: [CompletionToken], keywords: Set<String>) -> [String] {
        let known = data.tableNames()
        var byLowercase: [String: String] = [:]
        for name in known { byLowercase[asciiLowercased(name)] = name }
        var found: [String] = []
        for token in tokens where token.kind == .word || token.kind == .quoted {
            if let name = byLowercase[asciiLowercased(token.text)], !found.contains(name) { found.append(name) }
        }
        return found
    }

    /// The table an alias stands for (`FROM users u` → `u` is `users`).
    private func resolve(_ alias: String, in tokens: [CompletionToken], keywords: Set<String>) -> String? {
        let tables = Set(data.tableNames().map(asciiLowercased))
        let key = asciiLowercased(alias)
        for (i, token) in tokens.enumerated() where token.kind == .word || token.kind == .quoted {
            guard tables.contains(asciiLowercased(token.text)) else { continue }
            var j = i + 1
            if j < tokens.count, tokens[j].keyword == "AS" { j += 1 }
            if j < tokens.count, tokens[j].kind == .word || tokens[j].kind == .quoted,
               tokens[j].kind == .quoted || !keywords.contains(asciiUppercased(tokens[j].text)),
               asciiLowercased(tokens[j].text) == key {
                return token.text
            }
        }
        return nil
    }

    /// Candidates among `list` matching `typed`, quoted as needed.
    private func names(_ list: [String], _ kind: Completion.Candidate.Kind, typed: String, quote: UInt8?,
                       keywords: Set<String>) -> [Completion.Candidate] {
        var out: [Completion.Candidate] = []
        for name in list where hasPrefixIgnoringCase(name, typed) {
            if let quote {
                let close: String = quote == UInt8(ascii: "[") ? "]" : String(UnicodeScalar(quote))
                let body = quote == UInt8(ascii: "[") ? name : name.replacingAll(close, with: close + close)
                out.append(.init(String(UnicodeScalar(quote)) + body + close, kind))
            } else {
                out.append(.init(Self.quoteIfNeeded(name, keywords: keywords), kind))
            }
        }
        return out
    }

    /// `name` as is when it is a plain identifier, else in double quotes.
    static func quoteIfNeeded(_ name: String, keywords: Set<String>) -> String {
        let bytes = Array(name.utf8)
        let plain = !bytes.isEmpty && SQLTokenizer.isIdentifierStart(bytes[0]) && bytes[0] < 0x80
            && bytes.allSatisfy { $0 < 0x80 && SQLTokenizer.isIdentifierByte($0) && $0 != UInt8(ascii: "$") }
            && !keywords.contains(asciiUppercased(name))
        return plain ? name : "\"" + name.replacingAll("\"", with: "\"\"") + "\""
    }

    /// Sorted case-insensitively, first of each spelling kept (case-insensitive duplicates
    /// removed: a keyword that is also a function name is listed once).
    private func unique(_ candidates: [Completion.Candidate]) -> [Completion.Candidate] {
        var seen = Set<String>()
        var out: [Completion.Candidate] = []
        for candidate in candidates where seen.insert(asciiLowercased(candidate.text)).inserted {
            out.append(candidate)
        }
        return out.sorted {
            let a = asciiLowercased($0.text), b = asciiLowercased($1.text)
            return a != b ? a < b : $0.text < $1.text
        }
    }

    // MARK: Dot-commands

    private static let fileCommands: Set<String> = [
        "read", "import", "open", "output", "once", "cd", "save", "backup", "restore", "load", "log", "excel",
    ]
    private static let tableCommands: Set<String> = ["schema", "tables", "indexes", "indices", "dump", "lint"]
    private static let modeOptions = ["--wrap", "--wordwrap", "--ww", "--quote", "--noquote"]
    private static let commandOptions: [String: [String]] = [
        "import": ["--ascii", "--csv", "--schema", "--skip", "-v"],
        "open": ["--append", "--deserialize", "--hexdb", "--maxsize", "--new", "--nofollow", "--readonly", "--zip"],
        "output": ["--bom", "-e", "-x"],
        "once": ["--bom", "-e", "-x"],
        "dump": ["--data-only", "--newlines", "--nosys", "--preserve-rowids"],
        "fullschema": ["--indent"],
        "help": ["-all"],
        "schema": ["--indent", "--nosys"],
        "save": ["--append"],
    ]
    /// First arguments of commands whose usage line does not list them.
    private static let firstArguments: [String: [String]] = [
        "parameter": ["clear", "init", "list", "set", "unset"],
        "stats": ["off", "on", "stmt", "vmstep"],
        "limit": ["attached", "column", "compound_select", "expr_depth", "function_arg", "length",
                  "like_pattern_length", "sql_length", "trigger_depth", "variable_number", "vdbe_op",
                  "worker_threads"],
    ]

    private func completeDotCommand(_ text: String) -> Completion {
        let words = DotCommandArguments.split(text)
        let last = text.utf8.last ?? 0
        let endsInSpace = last == 32 || last == 9
        if words.count <= 1 && !endsInSpace {
            let typed = words.first ?? ""
            let candidates = data.dotCommandNames()
                .filter { hasPrefixIgnoringCase($0, typed) }
                .map { Completion.Candidate("." + $0, .command) }
            return Completion(fragment: "." + typed, candidates: unique(candidates))
        }
        // `. ` (no command name yet) offers nothing.
        guard !words.isEmpty else { return Completion(fragment: "", candidates: []) }
        let fragmentRaw = endsInSpace ? "" : lastWord(text)
        let fragment = words.count > 1 && !endsInSpace ? words[words.count - 1] : ""
        let index = endsInSpace ? words.count : words.count - 1
        let previous = Array(words[1..<index])
        guard let command = data.dotCommand(named: words[0]) else {
            return Completion(fragment: fragmentRaw, candidates: [])
        }
        let quote = fragmentRaw.utf8.first.flatMap { $0 == 34 || $0 == 39 ? $0 : nil }
        func values(_ list: [String], _ kind: Completion.Candidate.Kind = .value) -> Completion {
            Completion(fragment: fragmentRaw,
                       candidates: unique(list.filter { hasPrefixIgnoringCase($0, fragment) }.map { .init($0, kind) }))
        }
        let positional = previous.filter { !$0.hasPrefix("-") }.count + 1
        if fragment.hasPrefix("-"), let options = Self.commandOptions[command] {
            return values(options)
        }
        switch command {
        case "mode":
            if previous.last == "--wordwrap" { return values(["on", "off"]) }
            if index == 1 {
                return values(OutputModeDefinition.all.filter(\.isSelectable).map(\.name).sorted())
            }
            return values(Self.modeOptions)
        case "enable", "disable", "describe", "functions":
            // Names as arguments: no `(` after them.
            return values(data.catalogNames(), .value)
        case _ where index == 1 && Self.firstArguments[command] != nil:
            return values(Self.firstArguments[command] ?? [])
        case "help":
            return values(data.dotCommandNames(), .command)
        case _ where Self.tableCommands.contains(command):
            return values(data.tableNames(), .table)
        case "import" where positional == 2:
            return values(data.tableNames(), .table)
        case _ where Self.fileCommands.contains(command):
            // Safe mode refuses these commands; the file system is not shown either.
            guard data.allowsFileNames else { return Completion(fragment: fragmentRaw, candidates: []) }
            return Completion(fragment: fragmentRaw,
                              candidates: files(fragment, quote: quote, directoriesOnly: command == "cd"))
        default:
            guard index == 1, let usage = data.dotCommandUsage(command) else { return values([]) }
            return values(Self.alternatives(inUsage: usage))
        }
    }

    /// The raw last word of a dot-command line (its opening quote kept).
    private func lastWord(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var inQuote: UInt8? = nil
        // Find the start of the last argument, honouring an open quote.
        var k = 0
        var start = 0
        while k < bytes.count {
            let c = bytes[k]
            if let q = inQuote {
                if c == q { inQuote = nil }
            } else if c == 32 || c == 9 {
                start = k + 1
            } else if (c == 34 || c == 39) && (k == start) {
                inQuote = c
            }
            k += 1
        }
        return String(decoding: bytes[start...], as: UTF8.self)
    }

    /// The alternatives of a usage line's first argument: `.headers on|off` → on, off.
    static func alternatives(inUsage usage: String) -> [String] {
        let parts = usage.split(separator: " ")
        guard parts.count >= 2 else { return [] }
        var argument = Substring(parts[1])
        while argument.first == "?" { argument = argument.dropFirst() }
        while argument.last == "?" { argument = argument.dropLast() }
        guard argument.contains("|") else { return [] }
        return argument.split(separator: "|").map(String.init).filter { word in
            !word.isEmpty && word != "..." && word.utf8.allSatisfy { ($0 >= 97 && $0 <= 122) || $0 == 45 || ($0 >= 48 && $0 <= 57) }
        }
    }

    /// The files starting with `typed` that the files pack reads as tables (`.csv`, `.json`...),
    /// and folders; none in safe mode.
    private func dataFiles(_ typed: String, quote: UInt8?) -> [Completion.Candidate] {
        guard data.allowsFileNames else { return [] }
        return files(typed, quote: quote, directoriesOnly: false).filter { candidate in
            candidate.kind == .directory || FileTablesSubsystem.isDataFileName(String(candidate.text.dropFirst().dropLast()))
        }
    }

    /// File names starting with `typed` (a path; `~/` means the home directory).
    private func files(_ typed: String, quote: UInt8?, directoriesOnly: Bool) -> [Completion.Candidate] {
        let slash = typed.utf8.lastIndex(of: UInt8(ascii: "/"))
        let directory = slash.map { String(typed[...$0]) } ?? ""
        let base = slash.map { String(typed[typed.index(after: $0)...]) } ?? typed
        var listed = directory.isEmpty ? "." : directory
        if listed.hasPrefix("~/"), let home = data.homeDirectory() { listed = home + listed.dropFirst() }
        let opening = quote.map { String(UnicodeScalar($0)) } ?? ""
        var out: [Completion.Candidate] = []
        for entry in data.directoryEntries(listed) where entry.name.hasPrefix(base) {
            if entry.name == "." || entry.name == ".." { continue }
            if entry.name.hasPrefix(".") && !base.hasPrefix(".") { continue }
            if directoriesOnly && !entry.isDirectory { continue }
            var path = directory + entry.name
            var open = opening
            if quote == nil && path.utf8.contains(where: { $0 == 32 || $0 == 9 || $0 == 34 || $0 == 39 }) {
                // Unquoted, a space would split the argument: quote it as the argument syntax
                // wants (single quotes are literal; in double quotes \ and " are escaped).
                if path.utf8.contains(39) {
                    open = "\""
                    path = path.replacingAll("\\", with: "\\\\").replacingAll("\"", with: "\\\"")
                } else {
                    open = "'"
                }
            }
            if entry.isDirectory {
                out.append(.init(open + path + "/", .directory))
            } else {
                out.append(.init(open + path + open, .file))
            }
        }
        return out.sorted { $0.text < $1.text }
    }
}
