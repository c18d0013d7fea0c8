import SQLshCore

/// sqlean's Unicode `upper`/`nupper`, `lower`/`nlower` and `casefold`.
enum CaseMapping {
    static let common = """
        NULL gives NULL; integers, reals and blobs are mapped as their text form \
        (upper(123) is the text '123'). A byte that is not valid UTF-8 is kept unchanged; an \
        embedded NUL does not end the text (sqlean stops there). Case mapping comes from \
        utf8proc (Unicode 15) for every plane, where sqlean's tables are Unicode 5.1 and the \
        Basic Multilingual Plane only.
        """

    static let upperDetails = """
        Full Unicode uppercase mapping: every cased letter of every script, including those \
        beyond U+FFFF (𐐨 -> 𐐀), and the letters whose uppercase is several letters \
        (ß -> SS, ﬁ -> FI, ŉ -> ʼN; sqlean keeps ß). \(common)
        """

    static let lowerDetails = """
        Unicode lowercase mapping (simple mapping, as sqlean: İ -> i; Σ always gives σ, never \
        the final ς). \(common)
        """

    static func upperEntry(_ name: String, replacesBuiltIn: Bool) -> CatalogFunction {
        entry(name, summary: "uppercase by Unicode case mapping", details: upperDetails,
              example: "select \(name)('straße café');  -- 'STRASSE CAFÉ'",
              replacesBuiltIn: replacesBuiltIn, restore: { SQLiteBuiltInRestoring.upper() }) {
            TextMapping.map($0, $1, scratch: $2, ascii: TextMapping.asciiUpper, scalar: UnicodeScalarMapping.appendUpper)
        }
    }

    static func lowerEntry(_ name: String, replacesBuiltIn: Bool) -> CatalogFunction {
        entry(name, summary: "lowercase by Unicode case mapping", details: lowerDetails,
              example: "select \(name)('ПРИВЕТ ÉTÉ');  -- 'привет été'",
              replacesBuiltIn: replacesBuiltIn, restore: { SQLiteBuiltInRestoring.lower() }) {
            TextMapping.map($0, $1, scratch: $2, ascii: TextMapping.asciiLower, scalar: UnicodeScalarMapping.appendLower)
        }
    }

    static let casefold = entry(
        "casefold", summary: "Unicode case folding, for case-insensitive comparison",
        details: """
            casefold(text) applies full Unicode case folding, the form meant for comparing \
            texts without regard to case: casefold(a) = casefold(b) when a and b differ only in \
            case. ß and ẞ fold to ss, the Kelvin sign to k, ΣΑΣ and σας to σασ, ﬁ to fi \
            (sqlean's simple folding keeps ß and ﬁ). \(common)
            """,
        example: "select casefold('Straße ΣΑΣ');  -- 'strasse σασ'",
        replacesBuiltIn: false, restore: nil) {
            TextMapping.map($0, $1, scratch: $2, ascii: TextMapping.asciiLower, scalar: UnicodeScalarMapping.appendFold)
        }

    /// An entry for a one-argument mapping. A name that replaces SQLite's own (`upper`,
    /// `lower`) starts disabled and, when disabled again, puts back an exact copy of SQLite's
    /// function (see ``SQLiteBuiltInRestoring``).
    static func entry(_ name: String, summary: String, details: String, example: String, replacesBuiltIn: Bool,
                      restore: (@Sendable () -> SQLFunction)?,
                      _ body: @escaping @Sendable (Argument, ResultContext, ByteScratch) -> Void) -> CatalogFunction {
        let make: @Sendable () -> SQLFunction = {
            let scratch = ByteScratch()
            return SQLFunction(name, argumentCount: 1, options: .pure) { arguments, result in
                body(arguments[0], result, scratch)
            }
        }
        let fullDetails = replacesBuiltIn
            ? details + " Starts disabled, because it replaces SQLite's ASCII-only \(name)(): `.enable \(name)` turns it on; `.disable \(name)` gives SQLite's own back."
            : details
        var function = CatalogFunction(
            name: name, kind: .scalar, arity: "1", arguments: "text", flags: .pure,
            summary: replacesBuiltIn ? summary + " (replaces SQLite's \(name)() when enabled)" : summary,
            details: fullDetails, example: example,
            register: { try $0.add(make()) },
            unregister: { connection in
                if let restore { try connection.add(restore()) } else { try connection.remove(make()) }
            })
        function.makeFunctions = { [make()] }
        return replacesBuiltIn ? function.disabledByDefault() : function
    }
}
