import CSQLite
import Glibc
import SQLshCore

/// `split_part(text, separator, n)` as in Postgres (and sqlean's `text_split`).
enum SplitPart {
    static let entry = CatalogFunction(
        name: "split_part", pack: "text", kind: .scalar, arity: "3", arguments: "text, separator, n", flags: .pure,
        summary: "the n-th field of the text split at separator (n < 0 counts from the end)",
        details: """
            split_part(text, separator, n): splits the text at every occurrence of separator \
            and gives field n, counting from 1; a negative n counts from the end (-1 is the last \
            field). A field past the end gives ''. An empty separator makes the whole text the \
            only field. n = 0 is an error, as in Postgres; n must be an integer. NULL when any \
            argument is NULL.
            """,
        example: "select split_part('a,b,,d', ',', 2), split_part('a,b,,d', ',', -1);  -- 'b'|'d'",
        functions: { make("split_part") })

    static let textSplit = alias("text_split", of: entry) { make("text_split") }

    static func make(_ name: StaticString) -> [SQLFunction] {
        [SQLFunction("\(name)", argumentCount: 3, options: .pure) { arguments, result in
            if anyNull(arguments) { return result.setNull() }
            let n = try integerArgument(arguments[2].rawValue, function: name, what: "field position")
            guard n != 0 else { throw TextError("\(name): field position must not be zero") }
            let text = textBytes(arguments[0].rawValue)
            let separator = textBytes(arguments[1].rawValue)
            let fields = fieldRanges(text, separator)
            let index = n > 0 ? Int(clamping: n) - 1 : fields.count - Int(clamping: n.magnitude)
            guard index >= 0, index < fields.count else {
                return result.setText(utf8: UnsafeBufferPointer(rebasing: text[0..<0]))
            }
            result.setText(utf8: UnsafeBufferPointer(rebasing: text[fields[index]]))
        }]
    }
}

/// The byte ranges of the fields between separators.
private func fieldRanges(_ text: UnsafeBufferPointer<UInt8>, _ separator: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
    guard !separator.isEmpty else { return [0..<text.count] }
    var fields: [Range<Int>] = []
    var start = 0
    var i = 0
    let first = separator[0], m = separator.count
    while i + m <= text.count {
        if text[i] == first, memcmp(text.baseAddress! + i, separator.baseAddress!, m) == 0 {
            fields.append(start..<i)
            i += m
            start = i
        } else {
            i += 1
        }
    }
    fields.append(start..<text.count)
    return fields
}
