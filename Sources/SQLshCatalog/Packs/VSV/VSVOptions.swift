import SQLshCore

/// The parameters of `CREATE VIRTUAL TABLE t USING vsv(...)`, parsed as sqlean's vsv does:
/// `key=value` (a value may be quoted with `'` or `"`, a doubled quote standing for itself), a
/// bare `key` for a true boolean, each key at most once.
struct VSVOptions {
    enum Affinity: String, CaseIterable { case none, blob, text, integer, real, numeric }
    enum Source { case file(String), data([UInt8]) }

    var source: Source
    var schema: String?
    var columns: Int?
    var header = false
    var skip = 0
    var fieldSeparator: UInt8 = UInt8(ascii: ",")
    var recordSeparator: UInt8 = UInt8(ascii: "\n")
    var decimalSeparator: UInt8 = UInt8(ascii: ".")
    var validateText = false
    var affinity = Affinity.none
    var nulls = false

    init(arguments: [String]) throws {
        var seen: Set<String> = []
        var filename: String?, data: [UInt8]?
        var schema: String?, columns: Int?, skip: Int?
        var header = false, validateText = false, nulls = false
        var separators: [String: UInt8] = [:]
        var affinity = Affinity.none
        for argument in arguments {
            let text = trimmed(argument)
            let (key, rawValue) = split(text)
            guard ["filename", "data", "schema", "columns", "header", "skip", "fsep", "rsep", "dsep",
                   "validatetext", "affinity", "nulls"].contains(key) else {
                throw SQLiteError(message: "bad parameter: '\(text)'")
            }
            guard seen.insert(key).inserted else { throw SQLiteError(message: "more than one '\(key)' parameter") }
            let value = rawValue.map(unquoted)
            switch key {
            case "filename": filename = value ?? ""
            case "data": data = Array((value ?? "").utf8)
            case "schema": schema = value ?? ""
            case "columns":
                let n = leadingInteger(value ?? "")
                guard n > 0 else { throw SQLiteError(message: "column= value must be positive") }
                columns = n
            case "skip":
                let n = leadingInteger(value ?? "")
                guard n > 0 else { throw SQLiteError(message: "skip= value must be positive") }
                skip = n
            case "header", "validatetext", "nulls":
                guard let flag = boolean(value) else { throw SQLiteError(message: "bad parameter: '\(text)'") }
                if key == "header" { header = flag } else if key == "nulls" { nulls = flag } else { validateText = flag }
            case "affinity":
                let v = value ?? ""
                guard let match = Affinity.allCases.first(where: { v.lowercased().hasPrefix($0.rawValue) }) else {
                    throw SQLiteError(message: "unknown affinity: '\(v)'")
                }
                affinity = match
            default:  // fsep, rsep, dsep
                separators[key] = try separator(value ?? "", key: key)
            }
        }
        switch (filename, data) {
        case (let name?, nil): source = .file(name)
        case (nil, let bytes?): source = .data(bytes)
        default: throw SQLiteError(message: "must specify either filename= or data= but not both")
        }
        self.schema = schema
        self.columns = columns
        self.header = header
        self.skip = skip ?? 0
        self.validateText = validateText
        self.affinity = affinity
        self.nulls = nulls
        if let s = separators["fsep"] { fieldSeparator = s }
        if let s = separators["rsep"] { recordSeparator = s }
        if let s = separators["dsep"] { decimalSeparator = s }
    }
}

private func isSpace(_ c: Character) -> Bool { c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0B}" || c == "\u{0C}" }

private func trimmed(_ s: String) -> String {
    String(s.drop(while: isSpace).reversed().drop(while: isSpace).reversed())
}

/// `key=value` -> (key, value); a bare key has no value. Spaces around `=` are allowed.
private func split(_ text: String) -> (String, String?) {
    guard let eq = text.firstIndex(of: "=") else { return (text, nil) }
    return (trimmed(String(text[..<eq])), trimmed(String(text[text.index(after: eq)...])))
}

/// A value without its quotes (`'it''s'` -> `it's`); an unquoted value as it is.
private func unquoted(_ value: String) -> String {
    guard let q = value.first, q == "'" || q == "\"", value.count >= 2, value.last == q else { return value }
    var result = ""
    var pendingQuote = false
    for c in value.dropFirst().dropLast() {
        if c == q && !pendingQuote { pendingQuote = true; continue }
        pendingQuote = false
        result.append(c)
    }
    return result
}

/// A BOOL value: yes/no/on/off/true/false/1/0, any case; a bare key is true.
private func boolean(_ value: String?) -> Bool? {
    guard let value else { return true }
    switch value.lowercased() {
    case "yes", "on", "true", "1": return true
    case "no", "off", "false", "0": return false
    default: return nil
    }
}

/// As C's atoi: optional spaces and sign, then digits; 0 when there are none; saturating.
private func leadingInteger(_ text: String) -> Int {
    var bytes = Swift.Substring(text).utf8.drop(while: { $0 == 32 || ($0 >= 9 && $0 <= 13) })
    var negative = false
    if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
        negative = sign == UInt8(ascii: "-")
        bytes = bytes.dropFirst()
    }
    var n = 0
    for b in bytes {
        guard b >= 48 && b <= 57 else { break }
        let (m, o1) = n.multipliedReportingOverflow(by: 10)
        let (s, o2) = m.addingReportingOverflow(Int(b - 48))
        if o1 || o2 { return negative ? Int.min : Int.max }
        n = s
    }
    return negative ? -n : n
}

/// A separator: '' (the default), one character, `\t` `\n` `\v` `\f`, or `\xHH`.
private func separator(_ value: String, key: String) throws -> UInt8? {
    let bytes = Array(value.utf8)
    switch bytes.count {
    case 0: return nil
    case 1: return bytes[0]
    case 2:
        guard bytes[0] == UInt8(ascii: "\\") else { break }
        switch bytes[1] {
        case UInt8(ascii: "t"): return 9
        case UInt8(ascii: "n"): return 10
        case UInt8(ascii: "v"): return 11
        case UInt8(ascii: "f"): return 12
        default: break
        }
    case 4:
        if bytes[0] == UInt8(ascii: "\\"), bytes[1] | 0x20 == UInt8(ascii: "x"),
           let high = hexDigit(bytes[2]), let low = hexDigit(bytes[3]) {
            return high << 4 | low
        }
    default:
        return 0  // sqlean: three or five and more characters are silently the byte 0x00
    }
    throw SQLiteError(message: "cannot parse \(key): '\(value)'")
}

private func hexDigit(_ b: UInt8) -> UInt8? {
    switch b {
    case 48...57: return b - 48
    case 65...70: return b - 55
    case 97...102: return b - 87
    default: return nil
    }
}
