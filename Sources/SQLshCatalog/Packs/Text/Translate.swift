#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLshCore

/// `translate(text, from, to)` as in Postgres and sqlean (`text_translate`).
enum Translate {
    static let entry = CatalogFunction(
        arguments: "text, from, to",
        summary: "replace each character of from by the one at the same place in to",
        details: """
            translate(text, from, to): every character of the text that occurs in from is \
            replaced by the character at the same position in to, or removed when to is \
            shorter; other characters are kept. When a character occurs several times in from, \
            the first occurrence counts. Works on characters (code points), not bytes; an \
            invalid UTF-8 byte is a character of its own. NULL when any argument is NULL. A \
            result larger than SQLite's length limit is "string or blob too big".
            """,
        example: "select translate('Crème brûlée', 'èûé', 'eue'), translate('a-b-c', '-', '');  -- 'Creme brulee'|'abc'",
        functions: { make("translate") })

    static let textTranslate = alias("text_translate", of: entry) { make("text_translate") }

    static func make(_ name: String) -> [SQLFunction] {
        let scratch = ByteScratch()
        return [SQLFunction(name, argumentCount: 3, options: .pure) { arguments, result in
            if anyNull(arguments) { return result.setNull() }
            translate(arguments[0].textBytes, from: arguments[1].textBytes,
                      to: arguments[2].textBytes, scratch: scratch, result)
        }]
    }
}

/// The position of `character` among the characters of `set`, or nil.
@inline(__always)
private func position(of character: UnsafeBufferPointer<UInt8>, in set: UnsafeBufferPointer<UInt8>) -> Int? {
    var i = 0, k = 0
    while i < set.count {
        let next = Characters.advance(set, from: i, by: 1)
        if next - i == character.count, memcmp(set.baseAddress! + i, character.baseAddress!, character.count) == 0 { return k }
        i = next
        k += 1
    }
    return nil
}

private func translate(_ text: UnsafeBufferPointer<UInt8>, from: UnsafeBufferPointer<UInt8>, to: UnsafeBufferPointer<UInt8>,
                       scratch: ByteScratch, _ result: ResultContext) {
    if from.isEmpty { return result.setText(utf8: text) }
    let limit = result.lengthLimit
    scratch.bytes.removeAll(keepingCapacity: true)
    var i = 0
    while i < text.count {
        let next = Characters.advance(text, from: i, by: 1)
        let character = UnsafeBufferPointer(rebasing: text[i..<next])
        if let k = position(of: character, in: from) {
            let start = Characters.advance(to, from: 0, by: k)
            if start < to.count {
                scratch.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: to[start..<Characters.advance(to, from: start, by: 1)]))
            }
        } else {
            scratch.bytes.append(contentsOf: character)
        }
        i = next
        if scratch.bytes.count > limit { return result.setTooBig() }
    }
    scratch.bytes.withUnsafeBufferPointer { result.setText(utf8: $0) }
}
