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
        functions: { [SQLFunction("text_size", argumentCount: 1, options: .pure, writingResult: byteSize)] })
    static let octetLength = alias("octet_length", of: textSize) {
        [SQLFunction("octet_length", argumentCount: 1, options: .pure, writingResult: byteSize)]
    }

    static let textBitsize = CatalogFunction(
        arguments: "text",
        summary: "the size of the text in bits (8 per byte)",
        details: """
            text_bitsize(text): 8 times the number of bytes of the text in UTF-8. A blob gives \
            8 times its size; numbers use their text form. NULL gives NULL.
            """,
        example: "select text_bitsize('Crème');  -- 48",
        functions: { [SQLFunction("text_bitsize", argumentCount: 1, options: .pure, writingResult: bitSize)] })
    static let bitLength = alias("bit_length", of: textBitsize) {
        [SQLFunction("bit_length", argumentCount: 1, options: .pure, writingResult: bitSize)]
    }
}

// Two functions, not one with a `bits` flag: the compiler merged the two closures into one
// taking the flag, and each call went through a thunk of its own (10 instructions a row, a
// third of the gap to sqlean's text_size).

/// text_size: a blob's own size, else its text form's in UTF-8 (sqlite3_value_bytes), with no
/// pointer asked for. NULL has no bytes: only an empty value needs the NULL test (a test on
/// every row was a tenth of the function's cost).
@Sendable private func byteSize(_ arguments: Arguments, _ result: ResultContext) {
    let value = arguments[0]
    let bytes = value.byteCount
    if bytes == 0, value.isNull { return result.setNull() }
    result.set(bytes)
}

/// text_bitsize: 8 bits a byte, as ``byteSize(_:_:)``.
@Sendable private func bitSize(_ arguments: Arguments, _ result: ResultContext) {
    let value = arguments[0]
    let bytes = value.byteCount
    if bytes == 0, value.isNull { return result.setNull() }
    result.set(bytes << 3)
}

extension Size {
    /// The C entries of these functions (``DirectEntry``): SQLite calls the bodies above
    /// directly, with no deferred slot or closure in between (issue 34).
    static let direct: [DirectEntry] = [
        DirectEntry(scalar: "text_size", argumentCount: 1) { DirectCall.scalar($0, $1, $2, name: "text_size", byteSize) },
        DirectEntry(scalar: "octet_length", argumentCount: 1) { DirectCall.scalar($0, $1, $2, name: "octet_length", byteSize) },
        DirectEntry(scalar: "text_bitsize", argumentCount: 1) { DirectCall.scalar($0, $1, $2, name: "text_bitsize", bitSize) },
        DirectEntry(scalar: "bit_length", argumentCount: 1) { DirectCall.scalar($0, $1, $2, name: "bit_length", bitSize) },
    ]
}
