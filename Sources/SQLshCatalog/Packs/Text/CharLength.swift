import SQLshCore

/// `char_length(text)`, with sqlean's `text_length` and Postgres's `character_length`.
enum CharLength {
    static let entry = CatalogFunction(
        arguments: "text",
        summary: "the number of characters in a string",
        details: """
            char_length(text): the number of characters (Unicode code points), counted as \
            length() counts them, except that an embedded NUL does not end the text and a blob \
            counts its bytes as characters of its text form. An invalid UTF-8 byte counts as one \
            character. NULL gives NULL; numbers count the characters of their text form.
            """,
        example: "select char_length('Crème');  -- 5",
        functions: { make("char_length") })

    static let textLength = alias("text_length", of: entry) { make("text_length") }
    static let characterLength = alias("character_length", of: entry) { make("character_length") }

    static func make(_ name: String) -> [SQLFunction] {
        [SQLFunction(name, argumentCount: 1, options: .pure) { arguments, result in
            let value = arguments[0]
            if value.isNull { return result.setNull() }
            result.set(Int64(UTF8Bytes.characterCount(value.textBytes)))
        }]
    }
}
