import SQLshCore

/// `text_left(text, n)` and `text_right(text, n)`, sqlean's names for Postgres's left and right,
/// and sqlean's aliases `left` and `right`, which can only be called quoted (`"left"(s, 2)`):
/// LEFT and RIGHT are join keywords.
enum LeftRight {
    static let textLeft = CatalogFunction(
        arguments: "text, n",
        summary: "the first n characters; with n < 0 all but the last |n|",
        details: details("text_left", postgres: "left", kept: "first", other: "last"),
        example: "select text_left('Crème brûlée', 5), text_left('abcdef', -2);  -- 'Crème'|'abcd'",
        functions: { make("text_left", fromEnd: false) })

    static let textRight = CatalogFunction(
        arguments: "text, n",
        summary: "the last n characters; with n < 0 all but the first |n|",
        details: details("text_right", postgres: "right", kept: "last", other: "first"),
        example: "select text_right('Crème brûlée', 6), text_right('abcdef', -2);  -- 'brûlée'|'cdef'",
        functions: { make("text_right", fromEnd: true) })

    /// `"left"(text, n)`: LEFT is a keyword, so the name must be quoted.
    static let left = quotedAlias("left", of: textLeft, example: "select \"left\"('Crème brûlée', 5);  -- 'Crème'") {
        make("left", fromEnd: false)
    }
    /// `"right"(text, n)`: RIGHT is a keyword, so the name must be quoted.
    static let right = quotedAlias("right", of: textRight, example: "select \"right\"('Crème brûlée', 6);  -- 'brûlée'") {
        make("right", fromEnd: true)
    }

    /// The details of text_left and text_right, which differ only in the end they keep.
    private static func details(_ name: String, postgres: String, kept: String, other: String) -> String {
        """
        \(name)(text, n), Postgres's \(postgres)(): the \(kept) n characters of the text; when n is \
        negative, every character but the \(other) |n|. n larger than the length gives the whole \
        text. Characters are counted as length() counts them. NULL when any argument is NULL; n \
        must be an integer ("length parameter should be integer"; integral reals and numeric \
        text are accepted too).
        """
    }

    private static func quotedAlias(_ name: String, of entry: CatalogFunction, example: String,
                                    implementation: @escaping @Sendable () -> [SQLFunction]) -> CatalogFunction {
        var function = alias(name, of: entry, implementation: implementation)
        function.details = "\(name) is another name for \(entry.name); \(name.uppercased()) is an SQL keyword, so "
            + "the name must be quoted: \"\(name)\"(text, n) or [\(name)](text, n). " + entry.details
        function.example = example
        return function
    }

    static func make(_ name: StaticString, fromEnd: Bool) -> [SQLFunction] {
        [SQLFunction("\(name)", argumentCount: 2, options: .pure) { arguments, result in
            if anyNull(arguments) { return result.setNull() }
            let n = try integerArgument(arguments[1], "length parameter should be integer")
            let text = arguments[0].textBytes
            let total = n >= 0 && !fromEnd ? 0 : UTF8Bytes.characterCount(text)
            // Characters to keep, counted from the start (left) or the end (right).
            let keep = n >= 0 ? Int(clamping: n) : max(0, total - Int(clamping: n.magnitude))
            let range: Range<Int>
            if fromEnd {
                range = Characters.advance(text, from: 0, by: max(0, total - keep))..<text.count
            } else {
                range = 0..<Characters.advance(text, from: 0, by: keep)
            }
            result.setText(utf8: UnsafeBufferPointer(rebasing: text[range]))
        }]
    }
}
