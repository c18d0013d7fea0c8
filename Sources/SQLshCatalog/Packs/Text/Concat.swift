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
    /// SQLite 3.44's concat: with no argument the engine's own "wrong number of arguments".
    static let concat = CatalogFunction(
        arity: "1+", arguments: "value, ...",
        summary: "the values joined into one text, NULLs skipped (same as text_concat)",
        details: """
            concat is another name for text_concat, as SQLite 3.44's concat: the text forms \
            of the values one after another, NULL values skipped. With no argument it is the \
            error "wrong number of arguments to function concat()", as in SQLite. A result \
            larger than SQLite's length limit is "string or blob too big".
            """,
        example: "select concat('a', null, 1, 2.5);  -- 'a12.5'",
        functions: { [SQLFunction("concat", options: .pure) { try join($0, $1, separated: false, function: "concat") }] })

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
    /// SQLite 3.44's concat_ws: with fewer than two arguments the engine's own message.
    static let concatWS = CatalogFunction(
        arity: "2+", arguments: "separator, value, ...",
        summary: "the values joined with a separator, NULLs skipped (same as text_join)",
        details: """
            concat_ws is another name for text_join, as SQLite 3.44's concat_ws: the text \
            forms of the values with the separator between them, NULL values skipped; a NULL \
            separator gives NULL. Fewer than two arguments is the error "wrong number of \
            arguments to function concat_ws()", as in SQLite. A result larger than SQLite's \
            length limit is "string or blob too big".
            """,
        example: "select concat_ws(', ', 'a', null, 'b', 3);  -- 'a, b, 3'",
        functions: { [SQLFunction("concat_ws", options: .pure) { try join($0, $1, separated: true, function: "concat_ws") }] })
}

/// `function`: SQLite's name for the function (concat, concat_ws), whose too few arguments
/// are the engine's "wrong number of arguments" message; nil for sqlean's names.
private func join(_ arguments: Arguments, _ result: ResultContext, separated: Bool, function: String? = nil) throws {
    var separator = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    if arguments.count < (separated ? 2 : 1) {
        if let function { throw TextError("wrong number of arguments to function \(function)()") }
        throw TextError(separated ? "expected at least 2 parameters" : "expected at least 1 parameter")
    }
    if separated {
        guard let text = text(arguments[0]) else { return result.setNull() }
        separator = text
    }
    // Each value's text read once, into a list on the stack, then copied. Reading every value
    // twice (once to size the result, once to copy it), with a NULL test of its own and a
    // variadic size check (an array per row) cost 5-6% over sqlean's C on two 10-40 byte texts.
    withUnsafeTemporaryAllocation(of: UnsafeBufferPointer<UInt8>.self, capacity: arguments.count) { list in
        let parts = list.baseAddress.unsafelyUnwrapped
        var count = 0, total = 0
        for k in (separated ? 1 : 0)..<arguments.count {
            guard let part = text(arguments[k]) else { continue }  // NULLs are skipped
            (parts + count).initialize(to: part)
            // Over SQLite's length limit is reported by setText(count:), or by SQLite itself.
            let (withSeparator, o1) = total.addingReportingOverflow(count > 0 ? separator.count : 0)
            let (sum, o2) = withSeparator.addingReportingOverflow(part.count)
            if o1 || o2 { return result.setTooBig() }
            total = sum
            count += 1
        }
        result.setText(count: total) { out in
            var p = out
            for i in 0..<count {
                if i > 0 { p = copyBytes(separator, to: p) }
                p = copyBytes(parts[i], to: p)
            }
        }
    }
}

/// A value's text form read in place (`sqlite3_value_text`, then its size), nil for NULL: no
/// separate NULL test.
private func text(_ value: Argument) -> UnsafeBufferPointer<UInt8>? {
    guard let text = value.cString else { return nil }
    return UnsafeBufferPointer(start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: value.byteCount)
}
