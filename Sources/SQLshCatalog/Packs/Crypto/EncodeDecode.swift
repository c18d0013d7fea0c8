import Glibc
import SQLshCore

/// `encode(data, algorithm)` and `decode(text, algorithm)`, also named `crypto_encode` and
/// `crypto_decode`: base32, base64, base85, hex and url, with sqlean's rules.
enum EncodeDecode {
    /// The encodings, in the order sqlean tries them.
    enum Encoding: CaseIterable {
        case base32, base64, base85, hex, url

        var name: StaticString {
            switch self {
            case .base32: return "base32"
            case .base64: return "base64"
            case .base85: return "base85"
            case .hex: return "hex"
            case .url: return "url"
            }
        }

        /// Runs `task` with the codec that encodes and decodes it.
        fileprivate func run<T: CodecTask>(_ task: T) {
            switch self {
            case .base32: task.run(Base32Codec.self)
            case .base64: task.run(Base64Codec.self)
            case .base85: task.run(Base85Codec.self)
            case .hex: task.run(HexCodec.self)
            case .url: task.run(URLCodec.self)
            }
        }

        /// ★ sqlean's choice: the first encoding whose name starts with `algorithm`, compared
        /// byte by byte and case-sensitively, so '' (and NULL) pick base32, 'base6' base64,
        /// 'h' hex and 'u' url, while 'HEX' or 'hexx' pick nothing.
        static func select(_ algorithm: UnsafeBufferPointer<UInt8>) -> Encoding? {
            // In that order, with no array made per call (allCases is one).
            if starts(.base32, with: algorithm) { return .base32 }
            if starts(.base64, with: algorithm) { return .base64 }
            if starts(.base85, with: algorithm) { return .base85 }
            if starts(.hex, with: algorithm) { return .hex }
            if starts(.url, with: algorithm) { return .url }
            return nil
        }

        /// Whether the encoding's name starts with `algorithm`.
        private static func starts(_ encoding: Encoding, with algorithm: UnsafeBufferPointer<UInt8>) -> Bool {
            let name = encoding.name
            guard algorithm.count <= name.utf8CodeUnitCount else { return false }
            // At most 6 bytes, compared here: a memcmp call per encoding tried was 60
            // instructions a row for 'base85', the third tried.
            let wanted = name.utf8Start
            for i in 0..<algorithm.count where algorithm[i] != wanted[i] { return false }
            return true
        }
    }

    static let unknownEncoding = "unknown encoding"
    static let invalidInput = "invalid input string"

    private static let algorithms = """
        ALGORITHM is 'base32' (RFC 4648, upper case, '=' padding), 'base64' (RFC 4648, '+' and \
        '/', '=' padding, no line breaks), 'base85' (Ascii85 digits '!' to 'u', 'z' for four \
        zero bytes, no '<~ ~>'), 'hex' (lower case) or 'url' (percent-encoding that keeps \
        A-Z a-z 0-9 - _ . ~ and writes every other byte as %XX). As in sqlean, the first of \
        these names that starts with ALGORITHM is used, case-sensitively: '' and NULL mean \
        base32, 'base6' base64, 'h' hex, 'u' url; anything else ('HEX', 'hexx', 'base16') is \
        the error "unknown encoding", checked before the data.
        """

    static let encodeDetails = """
        encode(DATA, ALGORITHM) is DATA as text in a binary-to-text encoding. DATA is read as \
        bytes: a blob as itself, text as its UTF-8 bytes, a number as its text form \
        (encode(123, 'hex') is '313233'). NULL DATA gives NULL; empty DATA gives ''. \
        \(algorithms) Unlike sqlean, a NUL byte is encoded like any other byte by 'url' \
        (sqlean stops there), and 'base85' writes 'z' only for a whole group of four zero \
        bytes (sqlean also writes it for a final partial group, which cannot be decoded back, \
        and appends stray bytes after it): every blob round-trips through decode(). A result \
        longer than SQLite's length limit is the error "string or blob too big", detected \
        before any memory is allocated.
        """

    static let decodeDetails = """
        decode(TEXT, ALGORITHM) is the blob that TEXT encodes, the inverse of encode(). NULL \
        gives NULL; '' gives an empty blob (before any check of the text). Invalid input is the \
        error "invalid input string": a character outside the alphabet (base64, base85, hex), \
        a base64 length that is not a multiple of 4, an odd hex length, a '%' in url text not \
        followed by two hex digits. Quirks kept from sqlean: base32 drops trailing '=' and \
        skips every other character outside A-Z 2-7 (lower case included), failing only when \
        bits are left over; base64 accepts '=' anywhere as zero bits; url turns '+' into a \
        space and passes other bytes through; a lone final base85 digit is dropped. Unlike \
        sqlean, each base85 'z' decodes to four zero bytes in full (sqlean cuts the result to \
        len*4/5 bytes) and a base85 group worth more than 2^32-1 ('uuuuu') is invalid. \
        \(algorithms)
        """

    static func encodeEntry(_ name: String, alias: String) -> CatalogFunction {
        CatalogFunction(
            arguments: "data, algorithm",
            summary: "encode bytes as base32, base64, base85, hex or url text",
            details: encodeDetails + " Same as \(alias)().",
            example: "select \(name)('hello', 'base64'), \(name)('hello', 'base85');  -- 'aGVsbG8='|'BOu!rDZ'",
            functions: { [SQLFunction(name, argumentCount: 2, options: .pure, writingResult: encodeFunction)] })
    }

    static func decodeEntry(_ name: String, alias: String) -> CatalogFunction {
        CatalogFunction(
            arguments: "text, algorithm",
            summary: "decode base32, base64, base85, hex or url text into a blob",
            details: decodeDetails + " Same as \(alias)().",
            example: "select cast(\(name)('aGVsbG8=', 'base64') as text), hex(\(name)('NBSW Y3DP', 'base32'));  -- 'hello'|'68656C6C6F'",
            functions: { [SQLFunction(name, argumentCount: 2, options: .pure, writingResult: decodeFunction)] })
    }

    private static func encodeFunction(_ arguments: Arguments, _ result: ResultContext) {
        guard let (encoding, value) = encodingAndValue(arguments, result) else { return }
        encoding.run(EncodeTask(input: value.blobBytes, result: result))
    }

    private static func decodeFunction(_ arguments: Arguments, _ result: ResultContext) {
        guard let (encoding, value) = encodingAndValue(arguments, result) else { return }
        let input = UnsafeRawBufferPointer(value.textBytes)
        if input.isEmpty { return result.setBlob(UnsafeRawBufferPointer(start: nil, count: 0)) }
        encoding.run(DecodeTask(input: input, result: result))
    }

    /// Work done with the codec of an encoding, specialized for it by ``Encoding/run(_:)`` (a
    /// call through `any BinaryCodec.Type` went through its witness table for every group).
    fileprivate protocol CodecTask {
        func run<C: BinaryCodec>(_ codec: C.Type)
    }

    private struct EncodeTask: CodecTask {
        let input: UnsafeRawBufferPointer, result: ResultContext
        func run<C: BinaryCodec>(_ codec: C.Type) { EncodeDecode.encode(codec, input, result) }
    }

    private struct DecodeTask: CodecTask {
        let input: UnsafeRawBufferPointer, result: ResultContext
        func run<C: BinaryCodec>(_ codec: C.Type) { EncodeDecode.decode(codec, input, result) }
    }

    /// What encode() and decode() check first, alike: the encoding the second argument names
    /// (else the error "unknown encoding"), then the first argument (NULL gives NULL). Nil when
    /// the result is already set.
    private static func encodingAndValue(_ arguments: Arguments, _ result: ResultContext) -> (Encoding, Argument)? {
        guard let encoding = Encoding.select(arguments[1].textBytes) else {
            result.setError(unknownEncoding)
            return nil
        }
        let value = arguments[0]
        if value.isNull {
            result.setNull()
            return nil
        }
        return (encoding, value)
    }

    /// Encodes into a buffer of the right size, after checking that size against SQLite's
    /// length limit: the cheap upper bound first, the exact length only when the bound is over.
    fileprivate static func encode<C: BinaryCodec>(_ codec: C.Type, _ input: UnsafeRawBufferPointer, _ result: ResultContext) {
        let limit = result.lengthLimit
        guard var capacity = C.maximumEncodedLength(input.count) else {
            return result.setTooBig()
        }
        if capacity > limit {
            guard let exact = C.encodedLength(input), exact <= limit else {
                return result.setTooBig()
            }
            capacity = exact
        }
        result.write(.text, capacity: capacity) { C.encode(input, into: $0) }
    }

    fileprivate static func decode<C: BinaryCodec>(_ codec: C.Type, _ input: UnsafeRawBufferPointer, _ result: ResultContext) {
        guard let capacity = C.maximumDecodedLength(input), capacity <= result.lengthLimit else {
            return result.setTooBig()
        }
        if !result.write(.blob, capacity: capacity, { C.decode(input, into: $0) }) {
            result.setError(invalidInput)
        }
    }
}
