import SQLshCore

/// sqlean's `text_size` (`octet_length`) and `text_bitsize` (`bit_length`).
enum Size {
    static let textSize = CatalogFunction(
        arguments: "text",
        summary: "the size of the text in bytes",
        details: """
            text_size(text): the number of bytes of the text in UTF-8 (length() counts \
            characters); an embedded NUL counts. A blob gives its size; numbers the size of \
            their text form. NULL gives NULL.
            """,
        example: "select text_size('Crème'), length('Crème');  -- 6|5",
        functions: { [SQLFunction("text_size", argumentCount: 1, options: .pure) { size($0, $1, bits: false) }] })
    static let octetLength = alias("octet_length", of: textSize) {
        [SQLFunction("octet_length", argumentCount: 1, options: .pure) { size($0, $1, bits: false) }]
    }

    static let textBitsize = CatalogFunction(
        arguments: "text",
        summary: "the size of the text in bits (8 per byte)",
        details: """
            text_bitsize(text): 8 times the number of bytes of the text in UTF-8. A blob gives \
            8 times its size; numbers use their text form. NULL gives NULL.
            """,
        example: "select text_bitsize('Crème');  -- 48",
        functions: { [SQLFunction("text_bitsize", argumentCount: 1, options: .pure) { size($0, $1, bits: true) }] })
    static let bitLength = alias("bit_length", of: textBitsize) {
        [SQLFunction("bit_length", argumentCount: 1, options: .pure) { size($0, $1, bits: true) }]
    }
}

private func size(_ arguments: Arguments, _ result: ResultContext, bits: Bool) {
    let value = arguments[0]
    if value.isNull { return result.setNull() }
    // A blob's own size, else its text form's in UTF-8 (sqlite3_value_bytes), with no pointer
    // asked for.
    let bytes = Int64(value.byteCount)
    result.set(bits ? bytes * 8 : bytes)
}
