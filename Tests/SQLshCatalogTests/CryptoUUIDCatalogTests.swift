import SQLshCatalog
import SQLshCore
import Testing

/// The crypto and uuid packs in the catalog: every sqlean name, the flags, no clash with
/// SQLite's own functions (the examples: CatalogExampleTests).
@Suite struct CryptoUUIDCatalogTests {
    static let cryptoNames = [
        "md5", "crypto_md5", "sha1", "crypto_sha1", "sha256", "crypto_sha256", "sha384", "crypto_sha384",
        "sha512", "crypto_sha512", "blake3", "crypto_blake3", "xxh32", "crypto_xxh32", "xxh64", "crypto_xxh64",
        "xxh3_64", "crypto_xxh3_64", "xxh3_128", "crypto_xxh3_128", "encode", "crypto_encode", "decode", "crypto_decode",
    ]
    static let uuidNames = ["uuid4", "gen_random_uuid", "uuid7", "uuid_str", "uuid_blob", "uuid7_timestamp_ms"]

    @Test func everySqleanNameIsThere() throws {
        let catalog = Catalog.builtIn()
        #expect(catalog.pack(named: "crypto")?.functions.map(\.name) == Self.cryptoNames)
        #expect(catalog.pack(named: "uuid")?.functions.map(\.name) == Self.uuidNames)
        for function in catalog.functions where ["crypto", "uuid"].contains(function.pack) {
            #expect(function.enabledByDefault, "\(function.name)")
            #expect(function.kind == .scalar)
            let generator = ["uuid4", "gen_random_uuid", "uuid7"].contains(function.name)
            #expect(function.flags == (generator ? .innocuous : .pure), "\(function.name)")
        }
    }

    /// None of the names is one of SQLite's own functions or the stock shell's, so enabling
    /// them by default changes no output against sqlite3.
    @Test func noClashWithSQLite() throws {
        let plain = try Connection(path: ":memory:")
        let builtIn = Set(try column(plain, "select name from pragma_function_list").compactMap { value -> String? in
            if case .text(let name) = value { return name }
            return nil
        })
        for name in Self.cryptoNames + Self.uuidNames {
            #expect(!builtIn.contains(name), "\(name)")
            #expect(errorMessage(plain, "select \(name)()") == "no such function: \(name)")
        }
        // The stock shell's own additions (sha3, decimal, ieee754, ...) are other names.
        for shellFunction in ["sha3", "sha3_query", "decimal", "ieee754", "readfile", "writefile", "edit", "regexp"] {
            #expect(!(Self.cryptoNames + Self.uuidNames).contains(shellFunction))
        }
    }

    @Test func packsSwitchOffAndOn() throws {
        let catalog = Catalog.builtIn()
        let db = try catalogConnection(catalog)
        try catalog.disable(["crypto", "uuid4"])
        #expect(errorMessage(db, "select md5('a')") == "no such function: md5")
        #expect(errorMessage(db, "select encode('a', 'hex')") == "no such function: encode")
        #expect(errorMessage(db, "select uuid4()") == "no such function: uuid4")
        #expect(errorMessage(db, "select gen_random_uuid()") == nil)
        try catalog.enable(["crypto", "uuid4"])
        #expect(try value(db, "select encode(md5(''), 'hex')") == .text("d41d8cd98f00b204e9800998ecf8427e"))
        try catalog.disable(["uuid7"])
        #expect(errorMessage(db, "select uuid7(1)") == "no such function: uuid7")
        #expect(errorMessage(db, "select uuid7()") == "no such function: uuid7")
    }
}
