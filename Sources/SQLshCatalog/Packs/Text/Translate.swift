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
    if isASCII(from), isASCII(to) { return translateASCII(text, from: from, to: to, result) }
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

private func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    for byte in bytes where byte >= 0x80 { return false }
    return true
}

/// `translate` when `from` and `to` are ASCII (the usual case): a byte table, built for the
/// call, maps each ASCII byte of the text to its replacement, to itself or to nothing; every
/// other byte (of a multi-byte character, or invalid) is no character of `from` and is copied.
/// The result is never longer than the text.
private func translateASCII(_ text: UnsafeBufferPointer<UInt8>, from: UnsafeBufferPointer<UInt8>,
                            to: UnsafeBufferPointer<UInt8>, _ result: ResultContext) {
    // 0..<128: the replacement byte; 0xFF: delete; the byte itself where from lacks it.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 128) { table in
        for i in 0..<128 { table[i] = UInt8(i) }
        var seen: (UInt64, UInt64) = (0, 0)  // the ASCII bytes of from met so far: the first counts
        for (k, byte) in from.enumerated() {
            let bit = UInt64(1) << UInt64(byte & 63)
            if byte < 64 {
                if seen.0 & bit != 0 { continue }
                seen.0 |= bit
            } else {
                if seen.1 & bit != 0 { continue }
                seen.1 |= bit
            }
            table[Int(byte)] = k < to.count ? to[k] : 0xFF
        }
        result.write(.text, capacity: text.count) { out in
            var n = 0
            for byte in text {
                if byte < 0x80 {
                    let mapped = table[Int(byte)]
                    if mapped != 0xFF {
                        out[n] = mapped
                        n += 1
                    }
                } else {
                    out[n] = byte
                    n += 1
                }
            }
            return n
        }
    }
}
