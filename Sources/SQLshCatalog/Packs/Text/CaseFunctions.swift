import SQLshCore

/// sqlean's `text_upper`, `text_lower`, `text_title` and `text_casefold`, with Unicode's case
/// mappings (utf8proc) for every script, one-to-many mappings included.
enum CaseFunctions {
    static let common = """
        Every script's case mapping comes from Unicode (utf8proc's tables, Unicode 15), \
        including the one-to-many ones; sqlean maps only Basic Multilingual Plane characters, \
        one to one, and crashes on some (ß, ſ, ı, İ). Bytes that are not valid UTF-8 are kept \
        as they are. NULL gives NULL; numbers are mapped as their text form. A result larger \
        than SQLite's length limit is "string or blob too big".
        """

    static let textUpper = CatalogFunction(
        arguments: "text",
        summary: "the text in upper case (Unicode)",
        details: """
            text_upper(text): the text in upper case: text_upper('straße') is 'STRASSE', \
            text_upper('ǆemal') is 'ǄEMAL', text_upper('𐐨') (Deseret) is '𐐀'. Unlike SQLite's \
            upper(), which only maps ASCII, and sqlean's, which keeps ß. \(common)
            """,
        example: "select text_upper('Crème brûlée'), text_upper('straße');  -- 'CRÈME BRÛLÉE'|'STRASSE'",
        functions: { make("text_upper", .upper) })

    static let textLower = CatalogFunction(
        arguments: "text",
        summary: "the text in lower case (Unicode)",
        details: """
            text_lower(text): the text in lower case: text_lower('ÀÉÎ ΣΑΣ') is 'àéî σασ' \
            (Σ is always σ, as in sqlean: no final-sigma rule), text_lower('İ') is 'i̇' (i and \
            a combining dot). \(common)
            """,
        example: "select text_lower('CRÈME Brûlée'), text_lower('ΣΑΣ');  -- 'crème brûlée'|'σασ'",
        functions: { make("text_lower", .lower) })

    static let textTitle = CatalogFunction(
        arguments: "text",
        summary: "every word capitalised, the rest in lower case (Unicode)",
        details: """
            text_title(text): each character that follows a non-word character (or starts the \
            text) is put in title case, every other one in lower case. Word characters are \
            letters, combining marks, decimal digits, letter numbers and connector punctuation \
            (_) of every script, so text_title('hello-world o''neil 3rd élan_x') is \
            'Hello-World O''Neil 3rd Élan_x'. Title case is not always upper case: \
            text_title('ǆemal') is 'ǅemal', text_title('ßa') is 'Ssa'. \(common)
            """,
        example: "select text_title('crème BRÛLÉE au café');  -- 'Crème Brûlée Au Café'",
        functions: { make("text_title", .title) })

    static let textCasefold = CatalogFunction(
        arguments: "text",
        summary: "the text case-folded, for case-insensitive comparison (Unicode)",
        details: """
            text_casefold(text): Unicode full case folding, the form to compare texts without \
            regard to case: text_casefold('Straße') = text_casefold('STRASSE'), and \
            text_casefold('ΣΑΣ ς') is 'σασ σ'. Unlike lower case, folding also merges ς with \
            σ and ß with ss (sqlean's casefold keeps ß). \(common)
            """,
        example: "select text_casefold('Straße') = text_casefold('STRASSE');  -- 1",
        functions: { make("text_casefold", .fold) })

    static func make(_ name: String, _ mode: UnicodeCase.Mode) -> [SQLFunction] {
        let scratch = ByteBuffer()
        return [SQLFunction(name, argumentCount: 1, options: .pure) { arguments, result in
            let value = arguments[0]
            if value.isNull { return result.setNull() }
            mapCase(value.textBytes, mode: mode, scratch: scratch, result)
        }]
    }
}

/// ASCII letters mapped with a table-free bit flip.
private func mapASCII(_ byte: UInt8, upper: Bool) -> UInt8 {
    if upper { return byte &- 97 < 26 ? byte & 0xDF : byte }
    return byte &- 65 < 26 ? byte | 0x20 : byte
}

private func mapCase(_ text: UnsafeBufferPointer<UInt8>, mode: UnicodeCase.Mode, scratch: ByteBuffer, _ result: ResultContext) {
    if UTF8Bytes.isASCII(text) {
        // Same length out: written straight into the result.
        return result.setText(count: text.count) { out in
            var previousIsWord = false
            for i in 0..<text.count {
                let byte = text[i]
                switch mode {
                case .upper: out[i] = mapASCII(byte, upper: true)
                case .lower, .fold: out[i] = mapASCII(byte, upper: false)
                case .title:
                    out[i] = mapASCII(byte, upper: !previousIsWord)
                    previousIsWord = UnicodeCase.isWordCharacter(UInt32(byte))
                }
            }
        }
    }
    let limit = result.lengthLimit
    scratch.count = 0
    var previousIsWord = false
    var i = 0
    while i < text.count {
        let (c, length) = ScalarDecoding.unit(text, at: i)
        scratch.reserve(16)  // a character maps to 12 bytes at most
        if c < 0x80 {
            let upper = mode == .upper || (mode == .title && !previousIsWord)
            scratch.append(mapASCII(UInt8(c), upper: upper))
        } else {
            UnicodeCase.appendMapping(c, mode: mode, titleCase: !previousIsWord, to: scratch)
        }
        if mode == .title { previousIsWord = UnicodeCase.isWordCharacter(c) }
        i += length
        // A mapping grows a character by at most 6 bytes: checked as the text grows.
        if scratch.count > limit { return result.setTooBig() }
    }
    result.setText(utf8: scratch.bytes)
}
