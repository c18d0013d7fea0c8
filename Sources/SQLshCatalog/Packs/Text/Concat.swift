import SQLshCore

/// sqlean's `text_concat` (`concat`) and `text_join` (`concat_ws`): variadic, NULLs skipped.
enum Concat {
    static let textConcat = CatalogFunction(
        arity: "1+", arguments: "value, ...",
        summary: "the values joined into one text, NULLs skipped",
        details: """
            text_concat(value, ...): the text forms of the values one after another; NULL \
            values are skipped, so all NULL gives '' (unlike ||, which gives NULL). Numbers \
            are joined as their text form, blobs as their bytes. With no argument it is the \
            error "expected at least 1 parameter". A result larger than SQLite's length limit \
            is "string or blob too big".
            """,
        example: "select text_concat('a', null, 1, 2.5);  -- 'a12.5'",
        functions: { [SQLFunction("text_concat", options: .pure) { try join($0, $1, separated: false) }] })
    static let concat = alias("concat", of: textConcat) {
        [SQLFunction("concat", options: .pure) { try join($0, $1, separated: false) }]
    }

    static let textJoin = CatalogFunction(
        arity: "2+", arguments: "separator, value, ...",
        summary: "the values joined with a separator, NULLs skipped",
        details: """
            text_join(separator, value, ...): the text forms of the values with the separator \
            between them; NULL values are skipped (no doubled separator), so all NULL gives \
            ''. A NULL separator gives NULL. Fewer than two arguments is the error "expected \
            at least 2 parameters". A result larger than SQLite's length limit is "string or \
            blob too big".
            """,
        example: "select text_join(', ', 'a', null, 'b', 3);  -- 'a, b, 3'",
        functions: { [SQLFunction("text_join", options: .pure) { try join($0, $1, separated: true) }] })
    static let concatWS = alias("concat_ws", of: textJoin) {
        [SQLFunction("concat_ws", options: .pure) { try join($0, $1, separated: true) }]
    }
}

private func join(_ arguments: Arguments, _ result: ResultContext, separated: Bool) throws {
    if separated {
        guard arguments.count >= 2 else { throw TextError("expected at least 2 parameters") }
        if arguments[0].isNull { return result.setNull() }
    } else {
        guard arguments.count >= 1 else { throw TextError("expected at least 1 parameter") }
    }
    let separator = separated ? arguments[0].textBytes : UnsafeBufferPointer(start: nil, count: 0)
    let first = separated ? 1 : 0
    // The size first (each value's text form is made once, here), then the bytes.
    let limit = result.lengthLimit
    var total = 0, parts = 0
    for k in first..<arguments.count where !arguments[k].isNull {
        guard let size = checkedSize(total, arguments[k].textBytes.count, parts > 0 ? separator.count : 0, limit: limit) else {
            return result.setTooBig()
        }
        total = size
        parts += 1
    }
    result.setText(count: total) { out in
        var p = out, written = 0
        for k in first..<arguments.count where !arguments[k].isNull {
            if written > 0 { p = copyBytes(separator, to: p) }
            p = copyBytes(arguments[k].textBytes, to: p)
            written += 1
        }
    }
}
