#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLshCatalog
@_spi(RawSQLite) import SQLshCore

/// Makes files named in FROM, and `read_csv(...)`/`read_json(...)` calls, tables a statement
/// can read, when SQLite fails to prepare it (``Connection/rewriteFailedStatements(_:)``).
///
/// - `select * from 'data.csv'`: SQLite reads `'data.csv'` as a table name and reports `no
///   such table: data.csv`. When the statement names it in FROM (quoted, as a string or a
///   name) and a file of that name exists with a known extension (`.csv`, `.tsv`, `.json`,
///   `.ndjson`, `.jsonl`, perhaps `.gz`), the temp table `temp."data.csv"` is made over the
///   file and the statement prepared again. A table of that name, when there is one, is
///   never missing, so it always wins.
/// - `read_csv('data.csv', header=true)`: a table-valued function's columns are fixed before
///   SQLite sees its arguments, so each call in FROM is replaced by a temp table named after
///   the call's canonical text, `temp."read_csv('data.csv', header=true)"`, whose columns
///   come from the file (the call is given the alias `read_csv` unless it has one).
///
/// Only the statement's own text is looked at (and the temp views and triggers, which this
/// session made): a view or trigger a database came with never makes a file readable. The
/// tables are reused by later statements until the file changes (``FileTables/dropStale(on:)``).
/// Which table is missing, and where the statement names it, comes from the core
/// (``FailedStatement/missingTable``): SQLite's message is not read here.
enum FileTableRewriter {
    /// Words that can follow a table in FROM without being its alias, besides the clause
    /// keywords (``SQLClauseKeywords/all``, upper case).
    private static let notAliases: Set<String> = [
        "LEFT", "RIGHT", "FULL", "INNER", "CROSS", "NATURAL", "OUTER", "INDEXED", "NOT", "AS", "OFFSET",
    ]

    private struct Call {
        var range: Range<Int>
        var function: String
        var call: Result<FileCall, FileTableError>
        var aliasFollows: Bool
    }

    private struct Scan {
        var end: Int
        var calls: [Call] = []
        /// Quoted names and strings in FROM: their range and unquoted text.
        var quoted: [(range: Range<Int>, text: String)] = []
        var isTrigger = false
    }

    /// Finds the first statement's end, its reader calls and its quoted names in FROM.
    private static func scan(_ text: UnsafeBufferPointer<UInt8>) -> Scan {
        var tokenizer = SQLTokenizer(text)
        var scan = Scan(end: text.count)
        var inFrom: [Bool] = [false]
        var previous: SQLToken?
        var previousWord = ""
        var words = 0
        var firstWord = ""
        func eligible() -> Bool {
            guard inFrom.last == true, let previous else { return false }
            if previous.isWord { return previousWord == "from" || previousWord == "join" }
            return previous.isPunctuation && text[previous.start] == UInt8(ascii: ",")
        }
        while let token = tokenizer.nextFileToken() {
            switch token.kind {
            case .operator, .illegal:
                let c = text[token.start]
                if c == UInt8(ascii: ";") && token.range.count == 1 {
                    scan.end = token.end
                    return scan
                }
                if c == UInt8(ascii: "(") { inFrom.append(false) }
                if c == UInt8(ascii: ")") && inFrom.count > 1 { inFrom.removeLast() }
            case .keyword, .identifier:
                let word = token.lowercasedText(in: text)
                words += 1
                if words == 1 { firstWord = word }
                if firstWord == "create" && word == "trigger" && words <= 4 { scan.isTrigger = true }
                if word == "from" || word == "join" {
                    inFrom[inFrom.count - 1] = true
                } else if SQLClauseKeywords.all.contains(token.uppercasedText(in: text)) {
                    inFrom[inFrom.count - 1] = false
                }
                if FileCall.readers[word] != nil, eligible() {
                    var ahead = tokenizer
                    if let open = ahead.nextFileToken(arguments: true), text[open.start] == UInt8(ascii: "("),
                       open.range.count == 1, let close = FileCall.closingParenthesis(text, after: open.start) {
                        let arguments = UnsafeBufferPointer(rebasing: text[open.end..<close])
                        let parsed: Result<FileCall, FileTableError>
                        do {
                            parsed = .success(try FileCall(function: word, arguments: arguments))
                        } catch let error as FileTableError {
                            parsed = .failure(FileTableError("\(word): \(error.message)"))
                        } catch {
                            parsed = .failure(FileTableError("\(word): \(error)"))
                        }
                        tokenizer.position = close + 1
                        var after = tokenizer
                        var aliasFollows = false
                        if let next = after.nextFileToken() {
                            switch next.kind {
                            case .keyword, .identifier:
                                let upper = next.uppercasedText(in: text)
                                aliasFollows = !(notAliases.contains(upper) || SQLClauseKeywords.all.contains(upper)) || upper == "AS"
                            case .quotedIdentifier, .string: aliasFollows = true
                            default: break
                            }
                        }
                        scan.calls.append(Call(range: token.range.lowerBound..<(close + 1), function: word, call: parsed,
                                               aliasFollows: aliasFollows))
                        previous = SQLToken(kind: .quotedIdentifier, start: token.start, end: close + 1)
                        previousWord = ""
                        continue
                    }
                }
                previousWord = word
            case .string, .quotedIdentifier:
                if eligible() {
                    scan.quoted.append((token.range, String(decoding: token.unquoted(in: text), as: UTF8.self)))
                }
            default:
                break
            }
            previous = token
            if !token.isWord { previousWord = "" }
        }
        scan.end = tokenizer.position
        return scan
    }

    /// What to do with a statement that failed to prepare (nil: nothing, SQLite's error stays).
    static func rewrite(_ failed: FailedStatement, on connection: Connection, isEnabled: (String) -> Bool) -> StatementRewrite? {
        let scan = Self.scan(failed.text)
        if scan.isTrigger { return nil }
        let calls = scan.calls.filter { isEnabled(baseFunction($0.function)) }
        if !calls.isEmpty {
            return rewriteCalls(calls, in: failed.text, end: scan.end, on: connection)
        }
        // The core read SQLite's message and found the name in the statement.
        guard let missing = failed.missingTable else { return nil }
        // Named by the statement, quoted, in FROM (`temp."read_csv(...)"` when a statement is
        // prepared again from a rewritten one): the file's (or call's) table.
        if let range = missing.range, missing.schema == nil || missing.schema?.lowercased() == "temp",
           let token = scan.quoted.first(where: { range.contains($0.range.lowerBound) && $0.text == missing.name }) {
            return makeTable(named: missing.name, at: token.range.lowerBound, on: connection, isEnabled: isEnabled)
        }
        guard missing.range == nil, missing.schema == nil else { return nil }
        // A temp view or trigger (made in this session) that names the file, or a temp view
        // that calls a reader. Only then is SQL run: SQLite's error message stays as it is
        // (its bytes need not be UTF-8) when the statement has nothing to do with files.
        if FileReadOptions.format(ofName: missing.name) != nil || FileCall.parse(missing.name) != nil,
           namedByTempSchema(missing.name, on: connection) {
            return makeTable(named: missing.name, at: nil, on: connection, isEnabled: isEnabled)
        }
        if FileCall.readers[missing.name.lowercased()] != nil, rewriteTempViews(on: connection, isEnabled: isEnabled) {
            return .retry
        }
        return nil
    }

    /// The function whose pack switch a reader follows (`read_csv_auto` is `read_csv`'s).
    static func baseFunction(_ name: String) -> String {
        name.hasSuffix("_auto") ? String(name.dropLast(5)) : name
    }

    /// Replaces each reader call by its table (made when missing).
    private static func rewriteCalls(_ calls: [Call], in text: UnsafeBufferPointer<UInt8>, end: Int,
                                     on connection: Connection) -> StatementRewrite {
        switch replacingCalls(calls, in: text, end: end, on: connection) {
        case .success(let (replacement, edits)): return .replace(text: replacement, length: end, edits: edits)
        case .failure(let error): return .fail(error)
        }
    }

    /// The first `end` bytes of `text` with each reader call replaced by its table (made when
    /// missing), and the edits made; the error of a call that cannot be read, placed at it.
    private static func replacingCalls(_ calls: [Call], in text: UnsafeBufferPointer<UInt8>, end: Int,
                                       on connection: Connection) -> Result<(String, [StatementEdit]), SQLiteError> {
        var replacement: [UInt8] = []
        var edits: [StatementEdit] = []
        var copied = 0
        for call in calls {
            let parsed: FileCall
            switch call.call {
            case .success(let value): parsed = value
            case .failure(let error): return .failure(SQLiteError(message: error.message, offset: call.range.lowerBound))
            }
            let name = parsed.canonicalText
            if let failure = ensureTable(name: name, module: parsed.function, on: connection) {
                return .failure(SQLiteError(code: failure.code, message: failure.message, offset: call.range.lowerBound))
            }
            replacement += text[copied..<call.range.lowerBound]
            var table = "temp." + quotedName(name)
            if !call.aliasFollows { table += " AS " + String(decoding: text[call.range.lowerBound..<(call.range.lowerBound + call.function.utf8.count)], as: UTF8.self) }
            edits.append(StatementEdit(original: call.range, replacementCount: table.utf8.count))
            replacement += Array(table.utf8)
            copied = call.range.upperBound
        }
        replacement += text[copied..<end]
        return .success((String(decoding: replacement, as: UTF8.self), edits))
    }

    /// Makes again each temp view (made in this session) that calls a reader, with each call
    /// replaced by its table, as a statement typed now would be; true when one was.
    private static func rewriteTempViews(on connection: Connection, isEnabled: (String) -> Bool) -> Bool {
        guard let statement = try? connection.prepare("SELECT name, sql FROM temp.sqlite_schema WHERE type = 'view'") else {
            return false
        }
        var views: [(String, String)] = []
        while (try? statement.step()) == true {
            if let name = statement.string(at: 0), let sql = statement.string(at: 1) { views.append((name, sql)) }
        }
        var rewritten = false
        for (name, stored) in views {
            var sql = stored
            let made = sql.withUTF8 { text -> String? in
                let scanned = scan(text)
                let calls = scanned.calls.filter { isEnabled(baseFunction($0.function)) }
                guard !calls.isEmpty, case .success(let (replacement, _)) = replacingCalls(calls, in: text, end: scanned.end, on: connection)
                else { return nil }
                return replacement
            }
            // SQLite keeps a temp view as `CREATE VIEW ...`: it is made again in temp.
            guard let made, made.uppercased().hasPrefix("CREATE VIEW ") else { continue }
            let create = "CREATE TEMP VIEW " + made.dropFirst("CREATE VIEW ".count)
            do {
                try connection.execute("SAVEPOINT sqlsh_view; DROP VIEW temp.\(quotedName(name)); \(create); RELEASE sqlsh_view")
                rewritten = true
            } catch {
                try? connection.execute("ROLLBACK TO sqlsh_view; RELEASE sqlsh_view")
            }
        }
        return rewritten
    }

    /// Makes the table for a file (or call) name a statement gave, then asks for the
    /// statement to be prepared again; nil when it names no file of a known kind.
    private static func makeTable(named name: String, at offset: Int?, on connection: Connection,
                                  isEnabled: (String) -> Bool) -> StatementRewrite? {
        let module: String
        if let call = FileCall.parse(name) {
            module = call.function
        } else if let (format, _) = FileReadOptions.format(ofName: name) {
            module = format.module
            // A missing file keeps SQLite's error (safe mode refuses without looking); a
            // pattern (`data/*.csv`) must match a file.
            if !SafeMode.isActive(on: connection.handle) {
                if FileSet.isPattern(name) ? FileSet.expand(name).isEmpty : FileIdentity.of(name) == nil { return nil }
            }
        } else {
            return nil
        }
        guard isEnabled(baseFunction(module)) else { return nil }
        if let failure = ensureTable(name: name, module: module, on: connection) {
            return .fail(SQLiteError(code: failure.code, message: failure.message, offset: offset))
        }
        return .retry
    }

    /// Makes `temp."NAME" USING module` unless it exists; the error when it cannot be made.
    private static func ensureTable(name: String, module: String, on connection: Connection) -> SQLiteError? {
        if let exists = try? connection.prepare("SELECT 1 FROM temp.sqlite_schema WHERE name = ?1") {
            try? exists.bind(name, at: 1)
            if (try? exists.step()) == true { return nil }
        }
        do {
            try connection.execute("CREATE VIRTUAL TABLE temp.\(quotedName(name)) USING \(module)")
            return nil
        } catch let error as SQLiteError {
            return error
        } catch {
            return SQLiteError(message: "\(error)")
        }
    }

    /// Whether a temp view or trigger names `name` in a FROM clause.
    private static func namedByTempSchema(_ name: String, on connection: Connection) -> Bool {
        guard let statement = try? connection.prepare("SELECT sql FROM temp.sqlite_schema WHERE type IN ('view', 'trigger')")
        else { return false }
        while (try? statement.step()) == true {
            guard var sql = statement.string(at: 0) else { continue }
            let found = sql.withUTF8 { bytes -> Bool in
                // A trigger's body: every statement in it.
                var rest = bytes
                while !rest.isEmpty {
                    let scanned = scan(rest)
                    if scanned.quoted.contains(where: { $0.text == name }) { return true }
                    guard scanned.end > 0, scanned.end < rest.count else { break }
                    rest = UnsafeBufferPointer(rebasing: rest[scanned.end...])
                }
                return false
            }
            if found { return true }
        }
        return false
    }
}
