import SQLshCore

/// A value of a `read_csv(...)` argument, in DuckDB's literal syntax: `'text'`, `42`,
/// `true`, `NULL`, a bare word, a list `['a', 'b']` or a struct `{'a': 'INTEGER'}`.
indirect enum OptionValue: Equatable {
    case string(String)
    case number(String)
    case word(String)
    case list([OptionValue])
    case structure([Field])

    struct Field: Equatable {
        var key: String
        var value: OptionValue
    }

    /// The value as DuckDB's literal text (the canonical form of a call).
    var literal: String {
        switch self {
        case .string(let s): return Self.quoted(s)
        case .number(let n): return n
        case .word(let w): return w.lowercased() == "true" || w.lowercased() == "false" || w.lowercased() == "null" ? w.lowercased() : w
        case .list(let values): return "[" + values.map(\.literal).joined(separator: ", ") + "]"
        case .structure(let fields): return "{" + fields.map { Self.quoted($0.key) + ": " + $0.value.literal }.joined(separator: ", ") + "}"
        }
    }

    static func quoted(_ s: String) -> String {
        "'" + s.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "''") + "'"
    }

    /// The value as text: a string's or a number's or a word's.
    var text: String? {
        switch self {
        case .string(let s), .number(let s), .word(let s): return s
        default: return nil
        }
    }
}

/// A call such as `read_csv('data.csv', header=true)`, parsed: the function name, the
/// positional arguments and the named ones (`name=value` or `name:=value`), in order.
struct FileCall: Equatable {
    var function: String
    var positional: [OptionValue] = []
    var named: [(name: String, value: OptionValue)] = []

    static func == (a: FileCall, b: FileCall) -> Bool {
        a.function == b.function && a.positional == b.positional
            && a.named.map(\.name) == b.named.map(\.name) && a.named.map(\.value) == b.named.map(\.value)
    }

    /// The call as canonical text: the name as written, arguments in DuckDB's syntax,
    /// separated by `, ` (the name of the table a call reads).
    var canonicalText: String {
        let arguments = positional.map(\.literal) + named.map { "\($0.name)=\($0.value.literal)" }
        return function + "(" + arguments.joined(separator: ", ") + ")"
    }

    /// The functions that read files, and the format each reads.
    static let readers: [String: FileFormat] = [
        "read_csv": .csv, "read_csv_auto": .csv,
        "read_json": .json(nil), "read_json_auto": .json(nil),
        "read_ndjson": .json(.objects), "read_ndjson_auto": .json(.objects),
        "read_parquet": .parquet, "read_parquet_auto": .parquet,
    ]

    /// Parses the arguments between a call's parentheses (DuckDB's syntax).
    /// - Throws: a message naming what could not be read.
    init(function: String, arguments: UnsafeBufferPointer<UInt8>) throws {
        self.function = function
        var parser = ArgumentParser(text: arguments)
        try parser.parseArguments(into: &self)
    }

    /// Parses `name(arguments)`: a whole call, as a table made for it is named. nil when the
    /// text is not a call of a reader.
    static func parse(_ text: String) -> FileCall? {
        var text = text
        return text.withUTF8 { bytes -> FileCall? in
            var tokenizer = SQLTokenizer(bytes)
            guard let name = tokenizer.nextFileToken(), name.isWord,
                  readers[name.lowercasedText(in: bytes)] != nil,
                  let open = tokenizer.nextFileToken(arguments: true), bytes[open.start] == UInt8(ascii: "("),
                  let close = FileCall.closingParenthesis(bytes, after: open.start),
                  close == bytes.count - 1 else { return nil }
            return try? FileCall(function: name.lowercasedText(in: bytes),
                                 arguments: UnsafeBufferPointer(rebasing: bytes[(open.end)..<close]))
        }
    }

    /// The offset of the `)` matching the `(` at `open` (DuckDB's syntax inside), nil when
    /// the text ends first.
    static func closingParenthesis(_ bytes: UnsafeBufferPointer<UInt8>, after open: Int) -> Int? {
        var tokenizer = SQLTokenizer(bytes, from: open + 1)
        var depth = 1
        while let token = tokenizer.nextFileToken(arguments: true) {
            guard token.isPunctuation else { continue }
            switch bytes[token.start] {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 { return bytes[token.start] == UInt8(ascii: ")") ? token.start : nil }
            default: break
            }
        }
        return nil
    }
}

extension SQLToken {
    /// Whether the files pack takes the token for punctuation: an operator, or a character
    /// SQLite cannot read (`{`, `]`, `:` in DuckDB's syntax).
    var isPunctuation: Bool { kind == .operator || kind == .illegal }
}

extension SQLTokenizer {
    /// The next token other than whitespace and comments as the files pack reads SQL and
    /// DuckDB's arguments: nil at the end of the text or at a NUL byte (the position left on
    /// it); a vertical tab is space; `:=` is one operator; in `arguments`, `[` is punctuation
    /// (DuckDB's lists) rather than the start of a bracketed name.
    mutating func nextFileToken(arguments: Bool = false) -> SQLToken? {
        while let token = next() {
            switch token.kind {
            case .whitespace, .comment:
                continue
            case .illegal:
                let c = text[token.start]
                if c == 0x0B { continue }
                if c == 0 {
                    position = token.start
                    return nil
                }
                if c == UInt8(ascii: ":") && token.end - token.start == 1 && token.end < text.count
                    && text[token.end] == UInt8(ascii: "=") {
                    position = token.end + 1
                    return SQLToken(kind: .operator, start: token.start, end: position)
                }
                return token
            case .quotedIdentifier where arguments && text[token.start] == UInt8(ascii: "["):
                position = token.start + 1
                return SQLToken(kind: .operator, start: token.start, end: position)
            default:
                return token
            }
        }
        return nil
    }
}

/// Reads DuckDB's argument syntax from tokens.
private struct ArgumentParser {
    let text: UnsafeBufferPointer<UInt8>
    var tokenizer: SQLTokenizer
    var lookahead: SQLToken?

    init(text: UnsafeBufferPointer<UInt8>) {
        self.text = text
        tokenizer = SQLTokenizer(text)
        lookahead = tokenizer.nextFileToken(arguments: true)
    }

    mutating func advance() -> SQLToken? {
        let token = lookahead
        lookahead = tokenizer.nextFileToken(arguments: true)
        return token
    }

    func spelled(_ token: SQLToken) -> String { token.text(in: text) }

    func unquoted(_ token: SQLToken) -> String { String(decoding: token.unquoted(in: text), as: UTF8.self) }

    func isPunctuation(_ token: SQLToken?, _ spelling: String) -> Bool {
        guard let token, token.isPunctuation else { return false }
        return text[token.range].elementsEqual(spelling.utf8)
    }

    mutating func parseArguments(into call: inout FileCall) throws {
        guard lookahead != nil else { return }
        while true {
            // name = value, name := value, or a value.
            var saved = self
            if let name = saved.advance(), name.isWord || name.kind == .quotedIdentifier,
               isPunctuation(saved.lookahead, "=") || isPunctuation(saved.lookahead, ":=") {
                _ = saved.advance()
                self = saved
                let key = name.isWord ? spelled(name).lowercased() : unquoted(name).lowercased()
                call.named.append((key, try parseValue()))
            } else {
                guard call.named.isEmpty else { throw FileTableError("a positional argument after named ones") }
                call.positional.append(try parseValue())
            }
            guard let token = advance() else { return }
            guard isPunctuation(token, ",") else { throw FileTableError("unexpected \(spelled(token)) in the arguments") }
        }
    }

    mutating func parseValue() throws -> OptionValue {
        guard let token = advance() else { throw FileTableError("an argument is missing its value") }
        switch token.kind {
        case .string:
            return .string(unquoted(token))
        case .number:
            return .number(spelled(token))
        case .keyword, .identifier:
            return .word(spelled(token))
        case .quotedIdentifier:
            return .string(unquoted(token))
        case .operator, .illegal:
            if isPunctuation(token, "-") || isPunctuation(token, "+"), let number = lookahead, number.kind == .number {
                _ = advance()
                return .number((isPunctuation(token, "-") ? "-" : "") + spelled(number))
            }
            if isPunctuation(token, "[") || isPunctuation(token, "(") {
                let close = isPunctuation(token, "[") ? "]" : ")"
                var values: [OptionValue] = []
                if isPunctuation(lookahead, close) { _ = advance(); return .list(values) }
                while true {
                    values.append(try parseValue())
                    let separator = advance()
                    if isPunctuation(separator, close) { return .list(values) }
                    guard isPunctuation(separator, ",") else { throw FileTableError("expected , or \(close) in a list") }
                }
            }
            if isPunctuation(token, "{") {
                var fields: [OptionValue.Field] = []
                if isPunctuation(lookahead, "}") { _ = advance(); return .structure(fields) }
                while true {
                    guard let key = advance(), key.kind == .string || key.isWord || key.kind == .quotedIdentifier else {
                        throw FileTableError("expected a name in a struct")
                    }
                    let name = key.isWord ? spelled(key) : unquoted(key)
                    guard isPunctuation(advance(), ":") else { throw FileTableError("expected : after '\(name)' in a struct") }
                    fields.append(.init(key: name, value: try parseValue()))
                    let separator = advance()
                    if isPunctuation(separator, "}") { return .structure(fields) }
                    guard isPunctuation(separator, ",") else { throw FileTableError("expected , or } in a struct") }
                }
            }
            throw FileTableError("unexpected \(spelled(token)) in the arguments")
        default:
            throw FileTableError("unexpected \(spelled(token)) in the arguments")
        }
    }
}

/// What a file holds. Each format names the module that reads it; what differs between
/// formats beyond that is in the table the module makes (`FileTable` for CSV and JSON,
/// `ParquetTable` for Parquet: see `FileTableModule.makeTable`).
enum FileFormat: Equatable {
    case csv
    /// JSON; the layout when it is given (`format=`, `read_ndjson`), nil to tell from the data.
    case json(JSONLayout?)
    /// Parquet: columnar, typed, read by row group.
    case parquet

    /// The module (and function) that reads a file of this format by default.
    var module: String {
        switch self {
        case .csv: return "read_csv"
        case .json(.objects): return "read_ndjson"
        case .json: return "read_json"
        case .parquet: return "read_parquet"
        }
    }

    /// Whether a file of this format may be gzip-compressed as a whole (`data.csv.gz`).
    var isStreamed: Bool { self != .parquet }
}

/// How JSON records follow each other.
enum JSONLayout: Equatable {
    /// One array whose elements are the records (`[{...}, {...}]`).
    case array
    /// Values one after another: newline-delimited JSON, or any whitespace between them.
    case objects
}

/// Everything a file table is read with: the file, its format, and the options of
/// `read_csv`/`read_json` (DuckDB's names; each also accepted under DuckDB's other names).
struct FileReadOptions {
    /// The file's name (or pattern), the first of a list: what messages name.
    var path: String
    /// Every name given: one file, a glob pattern, or a list of them.
    var fileNames: [String]
    var format: FileFormat
    /// nil: told from the first bytes.
    var compression: Bool?
    // CSV
    var header: Bool?
    var delimiter: UInt8?
    var quote: UInt8? = UInt8(ascii: "\"")
    var escape: UInt8?
    var comment: UInt8?
    var skip = 0
    var nullStrings: [[UInt8]] = [[]]
    var nullPadding = true
    var allText = false
    var autoDetect = true
    // Both
    var sampleSize = 20_480
    var ignoreErrors = false
    /// `dateformat` / `timestampformat`: how DATE / TIMESTAMP columns are written in the file.
    var dateFormat: DateFormat?
    var timestampFormat: DateFormat?
    var columns: [(name: String, type: ColumnType)]?
    var names: [String]?
    var types: [ColumnType]?
    var typesByName: [(String, ColumnType)] = []
    var filenameColumn = false
    var normalizeNames = false
    var maxRecordSize: Int?
    // Parquet (and files of several files)
    var unionByName = false
    /// `hive_partitioning`: true or false as given; nil (the default, as DuckDB's) detects it
    /// from the paths (``ParquetLayout/detectsHivePartitions(_:)``).
    var hivePartitioning: Bool?

    /// The longest record read when no `max_line_size` (CSV) or `maximum_object_size` (JSON)
    /// is given, as DuckDB's defaults: a file that is one endless line (`/dev/zero` copied to
    /// a file, a binary file named `.csv`) fails there instead of growing a buffer to the
    /// length limit (a gigabyte).
    var defaultMaxRecordSize: Int {
        if case .json = format { return 16 << 20 }
        return 2 << 20
    }

    /// The most bytes one record may take, under the connection's `lengthLimit`.
    func recordLimit(lengthLimit: Int) -> Int {
        min(lengthLimit, maxRecordSize ?? defaultMaxRecordSize)
    }

    /// What a record longer than `limit` bytes is told, after "longer than N bytes".
    func recordLimitName(_ limit: Int) -> String {
        let option: String
        if case .json = format { option = "maximum_object_size" } else { option = "max_line_size" }
        guard limit == maxRecordSize ?? defaultMaxRecordSize else { return "the length limit" }
        return "\(option); raise it with \(option)=BYTES"
    }

    /// The options of read_parquet: filename, union_by_name, hive_partitioning (DuckDB's).
    private mutating func applyParquet(_ name: String, _ value: OptionValue, function: String, flag: () throws -> Bool) throws {
        switch name {
        case "filename": filenameColumn = try flag()
        case "union_by_name": unionByName = try flag()
        case "hive_partitioning": hivePartitioning = try flag()
        case "binary_as_string", "file_row_number", "hive_types_autocast", "parallel":
            throw FileTableError("\(function): \(name) is not supported (options: filename, union_by_name, hive_partitioning)")
        default:
            throw FileTableError("\(function): unknown option \(name) (options: filename, union_by_name, hive_partitioning)")
        }
    }

    /// The format a file's name says (``DataFileNames``: `.csv`, `.tsv`, ... each perhaps
    /// followed by `.gz`, any case); nil for other names.
    static func format(ofName name: String) -> (format: FileFormat, tab: Bool)? {
        DataFileNames.ext(ofName: name).map { ($0.format, $0.tab) }
    }

    /// The options of a file named in FROM: its format by its name, the rest by default.
    init?(fileName: String) {
        guard let (format, tab) = Self.format(ofName: fileName) else { return nil }
        path = fileName
        fileNames = [fileName]
        self.format = format
        if tab { delimiter = 9 }
    }

    /// The options of a call.
    /// - Throws: a message for an unknown option or a value of the wrong kind.
    init(call: FileCall) throws {
        guard let format = FileCall.readers[call.function.lowercased()] else {
            throw FileTableError("\(call.function) does not read files")
        }
        let function = call.function
        let given: [String]
        switch call.positional.count == 1 ? call.positional[0] : nil {
        case .string(let path)?:
            given = [path]
        case .list(let values)? where !values.isEmpty:
            given = try values.map { value in
                guard case .string(let path) = value else {
                    throw FileTableError("\(function): a list of files must hold strings, not \(value.literal)")
                }
                return path
            }
        default:
            throw FileTableError("\(function): the first argument must be the file's name, as a string (or a list of them)")
        }
        self.path = given[0]
        self.fileNames = given
        self.format = format
        if format == .csv, let (_, tab) = Self.format(ofName: path), tab { delimiter = 9 }
        var seen: Set<String> = []
        for (name, value) in call.named {
            guard seen.insert(name).inserted else { throw FileTableError("\(function): \(name) is given twice") }
            try apply(name, value, function: function)
        }
    }

    private mutating func apply(_ name: String, _ value: OptionValue, function: String) throws {
        func flag() throws -> Bool {
            switch value.text?.lowercased() {
            case "true", "1", "on", "yes"?: return true
            case "false", "0", "off", "no"?: return false
            default: throw FileTableError("\(function): \(name) must be true or false, not \(value.literal)")
            }
        }
        func integer() throws -> Int {
            guard case .number(let text) = value, let n = Int(text) else {
                throw FileTableError("\(function): \(name) must be an integer, not \(value.literal)")
            }
            return n
        }
        func character(allowEmpty: Bool) throws -> UInt8? {
            guard case .string(let text) = value else { throw FileTableError("\(function): \(name) must be a string, not \(value.literal)") }
            let bytes = Array(text.utf8)
            if bytes.isEmpty && allowEmpty { return nil }
            if bytes.count == 1 { return bytes[0] }
            if bytes == [92, UInt8(ascii: "t")] { return 9 }
            if bytes == [92, UInt8(ascii: "0")] && allowEmpty { return nil }
            throw FileTableError("\(function): \(name) must be one character (or '\\t'), not \(value.literal)")
        }
        func typeList(_ values: [OptionValue]) throws -> [ColumnType] {
            try values.map { v in
                guard let text = v.text, let type = ColumnType(named: text) else { throw FileTableError("\(function): unknown type: \(v.literal)") }
                return type
            }
        }
        if format == .parquet { return try applyParquet(name, value, function: function, flag: flag) }
        let isCSV = format == .csv
        let csvOnly: Set<String> = ["header", "delim", "sep", "delimiter", "quote", "escape", "comment", "skip", "nullstr",
                                    "null", "null_padding", "all_varchar", "normalize_names"]
        switch name {
        case _ where isCSV ? name == "format" : csvOnly.contains(name):
            throw FileTableError("\(function): unknown option \(name)\(isCSV ? "" : " (a CSV option: use read_csv)")")
        case "header": header = try flag()
        case "delim", "sep", "delimiter":
            guard let c = try character(allowEmpty: false) else { throw FileTableError("\(function): \(name) cannot be empty") }
            delimiter = c
        case "quote": quote = try character(allowEmpty: true)
        case "escape": escape = try character(allowEmpty: true)
        case "comment": comment = try character(allowEmpty: true)
        case "skip":
            let n = try integer()
            guard n >= 0 else { throw FileTableError("\(function): skip cannot be negative") }
            skip = n
        case "nullstr", "null":
            switch value {
            case .list(let values): nullStrings = try values.map { v in
                guard case .string(let s) = v else { throw FileTableError("\(function): \(name) must be strings") }
                return Array(s.utf8)
            }
            case .string(let s): nullStrings = [Array(s.utf8)]
            default: throw FileTableError("\(function): \(name) must be a string or a list of strings")
            }
        case "null_padding": nullPadding = try flag()
        case "all_varchar": allText = try flag()
        case "auto_detect": autoDetect = try flag()
        case "sample_size":
            let n = try integer()
            guard n == -1 || n > 0 else { throw FileTableError("\(function): sample_size must be positive, or -1 for the whole file") }
            sampleSize = n == -1 ? Int.max : n
        case "ignore_errors": ignoreErrors = try flag()
        case "dateformat", "date_format", "timestampformat", "timestamp_format":
            guard let text = value.text, !text.isEmpty else { throw FileTableError("\(function): \(name) must be a format, as '%d/%m/%Y'") }
            let format = try DateFormat(text, option: name)
            if name.hasPrefix("date") { dateFormat = format } else { timestampFormat = format }
        case "columns":
            guard case .structure(let fields) = value, !fields.isEmpty else {
                throw FileTableError("\(function): columns must be a struct of names and types, as {'a': 'INTEGER', 'b': 'TEXT'}")
            }
            columns = try fields.map { field in
                guard let text = field.value.text, let type = ColumnType(named: text) else {
                    throw FileTableError("\(function): unknown type for column \(field.key): \(field.value.literal)")
                }
                return (field.key, type)
            }
        case "names", "column_names", "col_names":
            guard case .list(let values) = value, let list = Optional(values.compactMap(\.text)), list.count == values.count else {
                throw FileTableError("\(function): \(name) must be a list of names, as ['a', 'b']")
            }
            names = list
        case "types", "dtypes", "column_types":
            switch value {
            case .list(let values): types = try typeList(values)
            case .structure(let fields):
                typesByName = try fields.map { field in
                    guard let text = field.value.text, let type = ColumnType(named: text) else {
                        throw FileTableError("\(function): unknown type for column \(field.key): \(field.value.literal)")
                    }
                    return (field.key, type)
                }
            default: throw FileTableError("\(function): \(name) must be a list of types or a struct of names and types")
            }
        case "filename": filenameColumn = try flag()
        case "normalize_names": normalizeNames = try flag()
        case "compression":
            switch value.text?.lowercased() {
            case "auto"?: compression = nil
            case "gzip"?: compression = true
            case "none"?, "uncompressed"?: compression = false
            default: throw FileTableError("\(function): compression must be 'auto', 'gzip' or 'none'")
            }
        case "max_line_size", "maximum_object_size", "max_object_size":
            let n = try integer()
            guard n > 0 else { throw FileTableError("\(function): \(name) must be positive") }
            maxRecordSize = n
        case "encoding":
            guard let text = value.text?.lowercased(), text == "utf-8" || text == "utf8" else {
                throw FileTableError("\(function): only UTF-8 files are read")
            }
        case "new_line", "newline", "parallel", "buffer_size", "records", "maximum_depth", "strict_mode", "hive_partitioning",
             "union_by_name":
            break  // Newlines (LF, CRLF, CR) are recognized; the others change nothing here.
        case "format":
            switch value.text?.lowercased() {
            case "auto"?: format = .json(nil)
            case "array"?: format = .json(.array)
            case "newline_delimited"?, "nd"?, "ndjson"?, "unstructured"?: format = .json(.objects)
            default: throw FileTableError("\(function): format must be 'auto', 'array' or 'newline_delimited'")
            }
        default:
            let known = isCSV
                ? "header, delim, quote, escape, comment, skip, nullstr, null_padding, all_varchar, auto_detect, sample_size, ignore_errors, columns, names, types, dateformat, timestampformat, filename, normalize_names, compression, max_line_size"
                : "format, columns, auto_detect, sample_size, ignore_errors, filename, compression, maximum_object_size"
            throw FileTableError("\(function): unknown option \(name) (options: \(known))")
        }
    }
}
