import CUTF8Proc
import SQLshCore
#if canImport(Glibc)
import Glibc
#endif

/// A reusable output buffer for one function on one connection.
///
/// `@unchecked Sendable`: mutable, but used only inside calls of one connection's function,
/// which SQLite makes one at a time.
final class DuckDBScratch: @unchecked Sendable {
    var bytes: [UInt8] = []
    var a: [UInt32] = []
    var b: [UInt32] = []
}

/// Whether `needle` occurs in `haystack` at `at`.
func bytesEqual(_ haystack: UnsafeBufferPointer<UInt8>, _ at: Int, _ needle: UnsafeBufferPointer<UInt8>) -> Bool {
    if needle.isEmpty { return true }
    guard at >= 0, at + needle.count <= haystack.count else { return false }
    return memcmp(haystack.baseAddress.unsafelyUnwrapped + at, needle.baseAddress.unsafelyUnwrapped, needle.count) == 0
}

/// The byte offset of the first occurrence of `needle` in `haystack` from `from` (the text
/// pack's search).
func firstOffset(of needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
    if needle.isEmpty { return from }
    return find(needle, in: haystack, from: from)
}

/// Decodes a text into Unicode scalars (each invalid byte as a scalar of its own).
func decodeScalars(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt32]) {
    ScalarDecoding.decode(bytes, into: &out)
}

enum DuckDBText {
    static let textNote = "Numbers are read as their text; NULL when any argument is NULL."

    static let endsWith = duckEntry(
        arguments: "text, suffix", summary: "1 when the text ends with the suffix",
        details: "ends_with(text, suffix): 1 when the text's last bytes are the suffix's (an empty suffix always matches), else 0, as DuckDB's ends_with. \(textNote)",
        example: "select ends_with('duckdb', 'db'), ends_with('duckdb', 'duck');  -- 1|0",
        functions: {
            [SQLFunction("ends_with", argumentCount: 2, options: .pure, nullForNullArguments: true) { args, result in
                let text = args[0].textBytes, suffix = args[1].textBytes
                result.set(Int64(bytesEqual(text, text.count - suffix.count, suffix) ? 1 : 0))
            }]
        })

    static let contains = duckEntry(
        arguments: "text, search", summary: "1 when the search text occurs in the text",
        details: "contains(text, search): 1 when search occurs in text (bytes compared; an empty search always does), else 0, as DuckDB's contains on strings. \(textNote)",
        example: "select contains('duckdb', 'ckd'), contains('duckdb', 'x');  -- 1|0",
        functions: {
            [SQLFunction("contains", argumentCount: 2, options: .pure, nullForNullArguments: true) { args, result in
                let text = args[0].textBytes, search = args[1].textBytes
                result.set(Int64(firstOffset(of: search, in: text, from: 0) != nil ? 1 : 0))
            }]
        })

    static let ascii = duckEntry(
        arguments: "text", summary: "the code point of the first character",
        details: "ascii(text): the Unicode code point of the text's first character (DuckDB's ascii, which despite its name is not limited to ASCII); 0 for ''. Text that is not valid UTF-8 at its start is an error. NULL for NULL.",
        example: "select ascii('A'), ascii('Ω');  -- 65|937",
        functions: {
            [SQLFunction("ascii", argumentCount: 1, options: .pure, nullForNullArguments: true) { args, result in
                let text = args[0].textBytes
                if text.isEmpty { return result.set(Int64(0)) }
                guard let (scalar, _) = UTF8Bytes.decode(text, at: 0) else {
                    throw DuckDBError("ascii(): the text is not valid UTF-8 (byte 0)")
                }
                result.set(Int64(scalar))
            }]
        })

    static let chr = duckEntry(
        arguments: "code", summary: "the character of a code point",
        details: "chr(code): the one-character text of a Unicode code point, as DuckDB's chr (chr(0) is a text of one NUL byte). A code outside 0 to 1,114,111, a surrogate (55,296 to 57,343) or a value that is not an integer is an error. NULL for NULL.",
        example: "select chr(65), chr(937);  -- 'A'|'Ω'",
        functions: {
            [SQLFunction("chr", argumentCount: 1, options: .pure, nullForNullArguments: true) { args, result in
                guard let code = try integerInput(args[0], function: "chr") else { return result.setNull() }
                guard code >= 0, code <= 0x10FFFF, !(0xD800...0xDFFF).contains(code) else {
                    throw DuckDBError("chr(): \(code) is not a Unicode code point")
                }
                var buffer: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
                var length = 0
                withUnsafeMutableBytes(of: &buffer) { raw in
                    UTF8Encoding.encode(UInt32(code)) { byte in
                        raw[length] = byte
                        length += 1
                    }
                    result.setText(utf8: UnsafeBufferPointer(start: raw.baseAddress.unsafelyUnwrapped.assumingMemoryBound(to: UInt8.self), count: length))
                }
            }]
        })

    static let stripAccents = duckEntry(
        arguments: "text", summary: "the text without accents and other combining marks",
        details: "strip_accents(text): the text with its combining marks removed after canonical decomposition, then composed again (utf8proc's STRIPMARK, as DuckDB's strip_accents): 'Crème' gives 'Creme'. Letters that are not a base letter plus a mark stay (ß, ø, ł). Text that is not valid UTF-8 is an error. NULL for NULL.",
        example: "select strip_accents('Crème Brûlée');  -- 'Creme Brulee'",
        functions: {
            [SQLFunction("strip_accents", argumentCount: 1, options: .pure, nullForNullArguments: true) { args, result in
                let text = args[0].textBytes
                if UTF8Bytes.isASCII(text) { return result.setText(utf8: text) }
                if let offset = UTF8Bytes.firstInvalidOffset(text) {
                    throw DuckDBError("strip_accents(): the text is not valid UTF-8 (byte \(offset))")
                }
                var output: UnsafeMutablePointer<utf8proc_uint8_t>?
                let options = utf8proc_option_t(rawValue: UTF8PROC_COMPOSE.rawValue | UTF8PROC_STRIPMARK.rawValue)
                let length = utf8proc_map(text.baseAddress, utf8proc_ssize_t(text.count), &output, options)
                defer { free(output) }
                guard length >= 0, let output else { throw DuckDBError("strip_accents(): the text cannot be decomposed") }
                guard Int(length) <= result.lengthLimit else { return result.setTooBig() }
                result.setText(utf8: UnsafeBufferPointer(start: output, count: Int(length)))
            }]
        })

    static let stringSplit = duckEntry(
        arguments: "text, separator", summary: "the parts of the text between separators, as a JSON array",
        details: "string_split(text, separator): the text split at every occurrence of separator (bytes compared, from the left), as a JSON array text of strings (DuckDB gives a LIST): string_split('a,b,,c', ',') is '[\"a\",\"b\",\"\",\"c\"]'. An empty separator splits into characters; '' gives '[\"\"]'; a NULL separator gives the whole text as the only part (as DuckDB). NULL when the text is NULL. Text that is not valid UTF-8 is an error; a result longer than SQLite's length limit fails with \"string or blob too big\".",
        example: "select string_split('a,b,,c', ',');  -- '[\"a\",\"b\",\"\",\"c\"]'",
        functions: {
            let scratch = DuckDBScratch()
            return [SQLFunction("string_split", argumentCount: 2, options: .pure) { args, result in
                if args[0].isNull { return result.setNull() }
                let text = args[0].textBytes
                let limit = result.lengthLimit
                scratch.bytes.removeAll(keepingCapacity: true)
                scratch.bytes.append(0x5B)
                if args[1].isNull {
                    try JSONBytes.appendString(text, to: &scratch.bytes, function: "string_split")
                } else {
                    let separator = args[1].textBytes
                    var start = 0
                    var first = true
                    if separator.isEmpty && !text.isEmpty {
                        while start < text.count {
                            let length = UTF8Bytes.decode(text, at: start)?.length ?? 1
                            if !first { scratch.bytes.append(0x2C) }
                            first = false
                            try JSONBytes.appendString(UnsafeBufferPointer(rebasing: text[start..<start + length]), to: &scratch.bytes, function: "string_split")
                            start += length
                            if scratch.bytes.count > limit { return result.setTooBig() }
                        }
                    } else {
                        while true {
                            let end = separator.isEmpty ? text.count : (firstOffset(of: separator, in: text, from: start) ?? text.count)
                            if !first { scratch.bytes.append(0x2C) }
                            first = false
                            try JSONBytes.appendString(UnsafeBufferPointer(rebasing: text[start..<end]), to: &scratch.bytes, function: "string_split")
                            if scratch.bytes.count > limit { return result.setTooBig() }
                            if end == text.count { break }
                            start = end + separator.count
                        }
                    }
                }
                scratch.bytes.append(0x5D)
                if scratch.bytes.count > limit { return result.setTooBig() }
                scratch.bytes.withUnsafeBufferPointer { result.setText(utf8: $0) }
            }]
        })

    static let damerauLevenshtein = duckEntry(
        arguments: "a, b", summary: "the Damerau-Levenshtein distance between two texts",
        details: "damerau_levenshtein(a, b): the (unrestricted) Damerau-Levenshtein distance in characters: insertions, deletions, substitutions and swaps of two adjacent characters each cost 1, as DuckDB's damerau_levenshtein (damerau_levenshtein('ca', 'abc') is 2). NULL when either is NULL (the fuzzy pack's dlevenshtein, sqlean's, is an error then). Texts are compared by Unicode scalar; a byte that is not valid UTF-8 counts as a character of its own. Texts whose lengths multiply past 1,000,000,000 are refused with an error.",
        example: "select damerau_levenshtein('duckdb', 'udckbd'), damerau_levenshtein('ca', 'abc');  -- 2|2",
        functions: {
            let scratch = DamerauScratch()
            let input = DistanceInput()
            return [SQLFunction("damerau_levenshtein", argumentCount: 2, options: .pure, nullForNullArguments: true) { args, result in
                let x = args[0].textBytes, y = args[1].textBytes
                try DistanceInput.checkSize(x, y, function: "damerau_levenshtein")
                let distance = try input.withUnits(x, y, ascii: { try scratch.distance($0, $1, function: "damerau_levenshtein") },
                                                   unicode: { try scratch.distance($0, $1, function: "damerau_levenshtein") })
                result.set(distance)
            }]
        })

    static let jaroWinklerSimilarity = duckEntry(
        arguments: "a, b", summary: "the Jaro-Winkler similarity of two texts, 0 to 1",
        details: "jaro_winkler_similarity(a, b): the Jaro-Winkler similarity in characters, from 0 (nothing in common) to 1 (equal), as DuckDB computes it: matches within max(len)/2 - 1 positions, the common-prefix bonus (up to 4 characters, scale 0.1) only when the Jaro similarity is above 0.7. Symmetric, unlike the fuzzy pack's jaro_winkler (sqlean's). Two empty texts, or one, give 0.0 (as DuckDB). NULL when either is NULL. Texts whose lengths multiply past 1,000,000,000 are refused with an error.",
        example: "select round(jaro_winkler_similarity('martha', 'marhta'), 6);  -- 0.961111",
        functions: {
            let input = DistanceInput()
            return [SQLFunction("jaro_winkler_similarity", argumentCount: 2, options: .pure, nullForNullArguments: true) { args, result in
                let x = args[0].textBytes, y = args[1].textBytes
                try DistanceInput.checkSize(x, y, function: "jaro_winkler_similarity")
                result.set(input.withUnits(x, y, ascii: { standardJaroWinkler($0, $1) }, unicode: { standardJaroWinkler($0, $1) }))
            }]
        })

    static let jaccard = duckEntry(
        arguments: "a, b", summary: "the Jaccard similarity of the sets of characters of two texts",
        details: "jaccard(a, b): the size of the intersection over the size of the union of the sets of characters of the two texts, from 0 to 1, as DuckDB's jaccard (jaccard('duck', 'luck') is 0.6). An empty text is an error, as in DuckDB. NULL when either is NULL. Characters are Unicode scalars; a byte that is not valid UTF-8 counts as a character of its own.",
        example: "select jaccard('duck', 'luck');  -- 0.6",
        functions: {
            let input = DistanceInput()
            return [SQLFunction("jaccard", argumentCount: 2, options: .pure, nullForNullArguments: true) { args, result in
                let x = args[0].textBytes, y = args[1].textBytes
                guard !x.isEmpty, !y.isEmpty else { throw DuckDBError("jaccard(): an argument is empty") }
                try DistanceInput.checkSize(x, y, function: "jaccard", quadratic: false)
                result.set(input.withUnits(x, y, ascii: { jaccardSimilarity($0, $1) }, unicode: { jaccardSimilarity($0, $1) }))
            }]
        })
}

/// Jaro-Winkler as DuckDB (and the usual definition) computes it: the Jaro similarity with
/// matches at most max(len)/2 - 1 apart and whole transpositions, then, above 0.7, the bonus of
/// a common prefix of up to 4 characters.
func standardJaroWinkler<E: FixedWidthInteger>(_ a: UnsafeBufferPointer<E>, _ b: UnsafeBufferPointer<E>) -> Double {
    let n = a.count, m = b.count
    let window = Swift.max(0, Swift.max(n, m) / 2 - 1)
    let jaro = JaroWinkler.jaroSimilarity(a, b, window: window, wholeTranspositions: true)
    guard jaro > 0.7 else { return jaro }
    var prefix = 0
    while prefix < Swift.min(4, Swift.min(n, m)), a[prefix] == b[prefix] { prefix += 1 }
    return jaro + Double(prefix) * 0.1 * (1 - jaro)
}

/// |A ∩ B| / |A ∪ B| over the sets of elements of two non-empty sequences.
func jaccardSimilarity<E: FixedWidthInteger>(_ a: UnsafeBufferPointer<E>, _ b: UnsafeBufferPointer<E>) -> Double {
    if E.bitWidth == 8 {
        var setA = (UInt64(0), UInt64(0), UInt64(0), UInt64(0)), setB = setA
        func add(_ set: inout (UInt64, UInt64, UInt64, UInt64), _ v: Int) {
            withUnsafeMutableBytes(of: &set) { raw in
                let words = raw.bindMemory(to: UInt64.self)
                words[v >> 6] |= 1 << UInt64(v & 63)
            }
        }
        for c in a { add(&setA, Int(truncatingIfNeeded: c) & 255) }
        for c in b { add(&setB, Int(truncatingIfNeeded: c) & 255) }
        let both = (setA.0 & setB.0).nonzeroBitCount + (setA.1 & setB.1).nonzeroBitCount
            + (setA.2 & setB.2).nonzeroBitCount + (setA.3 & setB.3).nonzeroBitCount
        let either = (setA.0 | setB.0).nonzeroBitCount + (setA.1 | setB.1).nonzeroBitCount
            + (setA.2 | setB.2).nonzeroBitCount + (setA.3 | setB.3).nonzeroBitCount
        return Double(both) / Double(either)
    }
    let setA = Set(a.map { UInt64(truncatingIfNeeded: $0) })
    let setB = Set(b.map { UInt64(truncatingIfNeeded: $0) })
    return Double(setA.intersection(setB).count) / Double(setA.union(setB).count)
}
