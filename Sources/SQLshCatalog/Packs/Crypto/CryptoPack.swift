/// The `crypto` pack: sqlean's hashes and binary-to-text encodings, every name and alias.
enum CryptoPack {
    static let pack = FunctionPack(
        name: "crypto",
        summary: "hashes (MD5, SHA-1, SHA-2, BLAKE3, xxHash) and base32/base64/base85/hex/url encode and decode (sqlean names)",
        functions: Digests.all.flatMap(Digests.entries) + [
            EncodeDecode.encodeEntry("encode", alias: "crypto_encode"),
            EncodeDecode.encodeEntry("crypto_encode", alias: "encode"),
            EncodeDecode.decodeEntry("decode", alias: "crypto_decode"),
            EncodeDecode.decodeEntry("crypto_decode", alias: "decode"),
        ])
}
