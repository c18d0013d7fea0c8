import CSQLite
import SQLshCore

/// `translate(text, from, to)` as in Postgres (and sqlean's `text_translate`).
enum Translate {
    static let entry = CatalogFunction(
        name: "translate", pack: "text", kind: .scalar, arity: "3", arguments: "text, from, to", flags: .pure,
        summary: "replace each character of from by the one at the same place in to",
        details: """
            translate(text, from, to): every character of the text that occurs in from is \
            replaced by the character at the same position in to, or removed when to is \
            shorter; other characters are kept. When a character occurs several times in from, \
            the first occurrence counts. Works on characters (code points), not bytes; an \
            invalid UTF-8 byte is a character of its own. NULL when any argument is NULL.
            """,
        example: "select translate('Crème brûlée', 'èûé', 'eue'), translate('a-b-c', '-', '');  -- 'Creme brulee'|'abc'",
        functions: { make("translate") })

    static let textTranslate = alias("text_translate", of: entry) { make("text_translate") }

    static func make(_ name: StaticString) -> [SQLFunction] {
        let scratch = ByteScratch()
        return [SQLFunction("\(name)", argumentCount: 3, options: .pure) { arguments, result in
            if anyNull(arguments) { return result.setNull() }
            let text = textBytes(arguments[0].rawValue)
            let from = textBytes(arguments[1].rawValue)
            let to = textBytes(arguments[2].rawValue)
            let fromCharacters = Characters.ranges(from)
            let toCharacters = Characters.ranges(to)
            scratch.bytes.removeAll(keepingCapacity: true)
            let limit = result.lengthLimit  // a 1-byte character may become a 4-byte one
            var i = 0
            while i < text.count {
                let next = Characters.advance(text, from: i, by: 1)
                let character = UnsafeBufferPointer(rebasing: text[i..<next])
                if let index = fromCharacters.firstIndex(where: { from[$0].elementsEqual(character) }) {
                    if index < toCharacters.count {
                        guard scratch.bytes.append(UnsafeBufferPointer(rebasing: to[toCharacters[index]]), limit: limit) else {
                            return result.setTooBig()
                        }
                    }
                } else {
                    guard scratch.bytes.append(character, limit: limit) else { return result.setTooBig() }
                }
                i = next
            }
            scratch.bytes.withUnsafeBufferPointer { result.setText(utf8: $0) }
        }]
    }
}
