import CCrypto
import CXXHash
import SQLshCore

/// The hash functions of the crypto pack: `md5`, `sha1`, `sha256`, `sha384`, `sha512`,
/// `blake3`, `xxh32`, `xxh64`, `xxh3_64`, `xxh3_128`, each also under its `crypto_` name.
///
/// Which code computes what:
/// - MD5, SHA-1 and SHA-2 come from OpenSSL's libcrypto, through its low-level
///   `*_Init`/`*_Update`/`*_Final` functions only: they need no provider set-up, and the
///   statically linked release build takes just their code. Not the one-shot `SHA1()`,
///   `SHA256()`, ...: in OpenSSL 3 those call `EVP_Q_digest`, which pulls in the whole EVP
///   provider machinery and fetches the algorithm on every call (about 1.6 µs per row, against
///   under 0.1 µs here).
/// - The xxHash family comes from libxxhash; the digests are serialized big-endian, xxHash's
///   "canonical" form, as sqlean returns them.
/// - BLAKE3 has no maintained C library in Debian: it is ``BLAKE3``, written from the
///   specification.
enum Digests {
    /// One hash algorithm and its documentation.
    struct Algorithm: Sendable {
        /// The SQL name without the `crypto_` prefix.
        var name: String
        /// The digest size in bytes (at most 64).
        var size: Int
        /// What it is, for the summary: "MD5".
        var title: String
        /// Extra sentences for the details: the standard, the library, a warning.
        var notes: String
        /// The call for the example and its shown result.
        var example: String
        /// Writes the digest of the bytes to the pointer (`size` bytes).
        var hash: @Sendable (UnsafeRawBufferPointer, UnsafeMutablePointer<UInt8>) -> Void
    }

    static let md5 = Algorithm(
        name: "md5", size: 16, title: "MD5",
        notes: "MD5 is RFC 1321, computed by OpenSSL's libcrypto. It is broken for security: use it for checksums and keys, not for signatures or passwords.",
        example: "hex(md5('abc'));  -- '900150983CD24FB0D6963F7D28E17F72'",
        hash: { digest(MD5_CTX(), $0, into: $1, MD5_Init, MD5_Update, MD5_Final) })

    static let sha1 = Algorithm(
        name: "sha1", size: 20, title: "SHA-1",
        notes: "SHA-1 is FIPS 180-4 (plain SHA-1, without collision detection), computed by OpenSSL's libcrypto. It is broken for security: use it for checksums and keys, not for signatures.",
        example: "hex(sha1('abc'));  -- 'A9993E364706816ABA3E25717850C26C9CD0D89D'",
        hash: { digest(SHA_CTX(), $0, into: $1, SHA1_Init, SHA1_Update, SHA1_Final) })

    static let sha256 = Algorithm(
        name: "sha256", size: 32, title: "SHA-256",
        notes: "SHA-256 is FIPS 180-4, computed by OpenSSL's libcrypto (with the CPU's SHA instructions where it has them).",
        example: "hex(sha256('abc'));  -- 'BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD'",
        hash: { digest(SHA256_CTX(), $0, into: $1, SHA256_Init, SHA256_Update, SHA256_Final) })

    static let sha384 = Algorithm(
        name: "sha384", size: 48, title: "SHA-384",
        notes: "SHA-384 is FIPS 180-4, computed by OpenSSL's libcrypto.",
        example: "substr(hex(sha384('abc')), 1, 16);  -- 'CB00753F45A35E8B'",
        hash: { digest(SHA512_CTX(), $0, into: $1, SHA384_Init, SHA384_Update, SHA384_Final) })

    static let sha512 = Algorithm(
        name: "sha512", size: 64, title: "SHA-512",
        notes: "SHA-512 is FIPS 180-4, computed by OpenSSL's libcrypto.",
        example: "substr(hex(sha512('abc')), 1, 16);  -- 'DDAF35A193617ABA'",
        hash: { digest(SHA512_CTX(), $0, into: $1, SHA512_Init, SHA512_Update, SHA512_Final) })

    static let blake3 = Algorithm(
        name: "blake3", size: BLAKE3.digestSize, title: "BLAKE3",
        notes: "BLAKE3 is the unkeyed hash with its default 32-byte output, implemented in Swift from the BLAKE3 specification and checked against its official test vectors.",
        example: "hex(blake3('abc'));  -- '6437B3AC38465133FFB63B75273A8DB548C558465D79DB03FD359C6CD5BD9D85'",
        hash: { input, output in BLAKE3.hash(input, into: UnsafeMutableRawPointer(output)) })

    static let xxh32 = Algorithm(
        name: "xxh32", size: 4, title: "XXH32",
        notes: "XXH32 with seed 0, computed by libxxhash, as 4 big-endian bytes (xxHash's canonical form). Not a cryptographic hash: for checksums and hash tables.",
        example: "hex(xxh32('abc'));  -- '32D153FF'",
        hash: { input, output in
            let h = XXH32(input.baseAddress, input.count, 0)
            UnsafeMutableRawPointer(output).storeBytes(of: h.bigEndian, as: UInt32.self)
        })

    static let xxh64 = Algorithm(
        name: "xxh64", size: 8, title: "XXH64",
        notes: "XXH64 with seed 0, computed by libxxhash, as 8 big-endian bytes (xxHash's canonical form). Not a cryptographic hash: for checksums and hash tables.",
        example: "hex(xxh64('abc'));  -- '44BC2CF5AD770999'",
        hash: { input, output in
            let h = XXH64(input.baseAddress, input.count, 0)
            UnsafeMutableRawPointer(output).storeBytes(of: h.bigEndian, as: UInt64.self)
        })

    static let xxh3_64 = Algorithm(
        name: "xxh3_64", size: 8, title: "XXH3 64-bit",
        notes: "XXH3_64bits (seed 0, default secret), computed by libxxhash, as 8 big-endian bytes (xxHash's canonical form). Not a cryptographic hash: for checksums and hash tables.",
        example: "hex(xxh3_64('abc'));  -- '78AF5F94892F3950'",
        hash: { input, output in
            let h = XXH3_64bits(input.baseAddress, input.count)
            UnsafeMutableRawPointer(output).storeBytes(of: h.bigEndian, as: UInt64.self)
        })

    static let xxh3_128 = Algorithm(
        name: "xxh3_128", size: 16, title: "XXH3 128-bit",
        notes: "XXH3_128bits (seed 0, default secret), computed by libxxhash, as 16 big-endian bytes (xxHash's canonical form: the high 64 bits first). Not a cryptographic hash: for checksums and hash tables.",
        example: "hex(xxh3_128('abc'));  -- '06B05AB6733A618578AF5F94892F3950'",
        hash: { input, output in
            let h = XXH3_128bits(input.baseAddress, input.count)
            let raw = UnsafeMutableRawPointer(output)
            raw.storeBytes(of: h.high64.bigEndian, as: UInt64.self)
            raw.storeBytes(of: h.low64.bigEndian, toByteOffset: 8, as: UInt64.self)
        })

    /// An OpenSSL digest of `input` written to `output`, through its low-level
    /// `Init`/`Update`/`Final` functions on a context of type `Context` (on the stack).
    private static func digest<Context>(
        _ context: Context, _ input: UnsafeRawBufferPointer, into output: UnsafeMutablePointer<UInt8>,
        _ initialize: (UnsafeMutablePointer<Context>?) -> Int32,
        _ update: (UnsafeMutablePointer<Context>?, UnsafeRawPointer?, Int) -> Int32,
        _ finish: (UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<Context>?) -> Int32
    ) {
        var context = context
        _ = initialize(&context)
        _ = update(&context, input.baseAddress, input.count)
        _ = finish(output, &context)
    }

    /// Every algorithm, in sqlean's order.
    static let all = [md5, sha1, sha256, sha384, sha512, blake3, xxh32, xxh64, xxh3_64, xxh3_128]

    /// The two catalog entries of an algorithm: the short name and the `crypto_` name.
    static func entries(_ algorithm: Algorithm) -> [CatalogFunction] {
        [entry(algorithm, name: algorithm.name, alias: "crypto_" + algorithm.name),
         entry(algorithm, name: "crypto_" + algorithm.name, alias: algorithm.name)]
    }

    private static func entry(_ algorithm: Algorithm, name: String, alias: String) -> CatalogFunction {
        CatalogFunction(
            arguments: "x",
            summary: "\(algorithm.title) hash of a value, as a \(algorithm.size)-byte blob",
            details: """
                \(name)(X) is the \(algorithm.title) hash of X as a blob of \(algorithm.size) bytes \
                (hex(\(name)(X)) gives the usual hexadecimal text). A blob is hashed as its bytes, \
                text as its UTF-8 bytes (embedded NULs included), and an integer or real as its \
                text form, so \(name)(15) equals \(name)('15'). NULL gives NULL; '' and x'' give \
                the hash of the empty message. Any size SQLite can hold is hashed in place, with \
                no copy. \(algorithm.notes) Same as \(alias)() (sqlean's crypto pack).
                """,
            example: "select " + algorithm.example.replacingBytes(algorithm.name + "(", with: name + "("),
            functions: {
                [SQLFunction(name, argumentCount: 1, options: .pure, writingResult: body(algorithm))]
            })
    }

    /// The SQL function: NULL for NULL, else the digest of the value's bytes, computed from
    /// SQLite's own buffer into a stack buffer that SQLite copies into the result.
    private static func body(_ algorithm: Algorithm) -> @Sendable (Arguments, ResultContext) -> Void {
        let size = algorithm.size
        let hash = algorithm.hash
        return { arguments, result in
            let argument = arguments[0]
            if argument.isNull { return result.setNull() }
            let input = argument.blobBytes
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { digest in
                let base = digest.baseAddress.unsafelyUnwrapped
                hash(input, base)
                result.setBlob(UnsafeRawBufferPointer(start: base, count: size))
            }
        }
    }
}
