import SQLshCatalog
import SQLshCore
import Testing

/// The crypto pack's hashes against published test vectors: RFC 1321 (MD5), FIPS 180 (SHA-1,
/// SHA-2), the official BLAKE3 test_vectors.json, and xxHash's reference values.
@Suite struct CryptoHashTests {
    let db: Connection
    init() throws { db = try catalogConnection() }

    /// The hex digest (upper case, as SQLite's hex()) of `function` over a blob parameter.
    func hexDigest(_ function: String, _ bytes: [UInt8]) throws -> String {
        let statement = try db.prepare("select hex(\(function)(?))")
        try bytes.withUnsafeBytes { try statement.bindBlob($0, at: 1) }
        _ = try statement.step()
        return statement.string(at: 0) ?? "NULL"
    }

    /// The message of RFC 1321's test suite and FIPS 180's examples ("abc", the empty string,
    /// the 448-bit and 896-bit messages).
    static let published: [(function: String, input: String, digest: String)] = [
        ("md5", "", "D41D8CD98F00B204E9800998ECF8427E"),
        ("md5", "a", "0CC175B9C0F1B6A831C399E269772661"),
        ("md5", "abc", "900150983CD24FB0D6963F7D28E17F72"),
        ("md5", "message digest", "F96B697D7CB7938D525A2F31AAF161D0"),
        ("md5", "abcdefghijklmnopqrstuvwxyz", "C3FCD3D76192E4007DFB496CCA67E13B"),
        ("md5", "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", "D174AB98D277D9F5A5611C2C9F419D9F"),
        ("md5", "12345678901234567890123456789012345678901234567890123456789012345678901234567890", "57EDF4A22BE3C955AC49DA2E2107B67A"),
        ("sha1", "", "DA39A3EE5E6B4B0D3255BFEF95601890AFD80709"),
        ("sha1", "abc", "A9993E364706816ABA3E25717850C26C9CD0D89D"),
        ("sha1", "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "84983E441C3BD26EBAAE4AA1F95129E5E54670F1"),
        ("sha256", "", "E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855"),
        ("sha256", "abc", "BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD"),
        ("sha256", "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248D6A61D20638B8E5C026930C3E6039A33CE45964FF2167F6ECEDD419DB06C1"),
        ("sha384", "", "38B060A751AC96384CD9327EB1B1E36A21FDB71114BE07434C0CC7BF63F6E1DA274EDEBFE76F65FBD51AD2F14898B95B"),
        ("sha384", "abc", "CB00753F45A35E8BB5A03D699AC65007272C32AB0EDED1631A8B605A43FF5BED8086072BA1E7CC2358BAECA134C825A7"),
        ("sha384", "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu", "09330C33F71147E83D192FC782CD1B4753111B173B3B05D22FA08086E3B0F712FCC7C71A557E2DB966C3E9FA91746039"),
        ("sha512", "", "CF83E1357EEFB8BDF1542850D66D8007D620E4050B5715DC83F4A921D36CE9CE47D0D13C5D85F2B0FF8318D2877EEC2F63B931BD47417A81A538327AF927DA3E"),
        ("sha512", "abc", "DDAF35A193617ABACC417349AE20413112E6FA4E89A97EA20A9EEEE64B55D39A2192992A274FC1A836BA3C23A3FEEBBD454D4423643CE80E2A9AC94FA54CA49F"),
        ("sha512", "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu", "8E959B75DAE313DA8CF4F72814FC143F8F7779C6EB9F7FA17299AEADB6889018501D289E4900F7E4331B99DEC4B5433AC7D329EEB6DD26545E96E55B874BE909"),
    ]
    static let millionA: [(function: String, digest: String)] = [
        ("md5", "7707D6AE4E027C70EEA2A935C2296F21"),
        ("sha1", "34AA973CD4C4DAA4F61EEB2BDBAD27316534016F"),
        ("sha256", "CDC76E5C9914FB9281A1C7E284D73E67F1809A48A497200E046D39CCC7112CD0"),
        ("sha384", "9D0E1809716474CB086E834E310A4A1CED149E9C00F248527972CEC5704C2A5B07B8B3DC38ECC4EBAE97DDD87F3D8985"),
        ("sha512", "E718483D0CE769644E2E42C7BC15B4638E1F98B13B2044285632A803AFA973EBDE0FF244877EA60A4CB0432CE577C31BEB009C5C2C49AA2E4EADB217AD8CC09B"),
    ]

    @Test(arguments: published)
    func publishedVectors(_ vector: (function: String, input: String, digest: String)) throws {
        #expect(try value(db, "select hex(\(vector.function)('\(vector.input)'))") == .text(vector.digest))
        #expect(try value(db, "select hex(crypto_\(vector.function)('\(vector.input)'))") == .text(vector.digest))
        #expect(try hexDigest(vector.function, Array(vector.input.utf8)) == vector.digest)
    }

    /// FIPS 180's long message: one million 'a'.
    @Test(arguments: millionA)
    func oneMillionA(_ vector: (function: String, digest: String)) throws {
        #expect(try value(db, "select hex(\(vector.function)(printf('%.*c', 1000000, 'a')))") == .text(vector.digest))
    }

    /// BLAKE3's official vectors: inputs of bytes 0, 1, ..., 250, 0, 1, ... of these lengths,
    /// the first 32 bytes of the published extended output (the default hash).
    static let blake3Vectors: [(length: Int, digest: String)] = [
        (0, "AF1349B9F5F9A1A6A0404DEA36DCC9499BCB25C9ADC112B7CC9A93CAE41F3262"),
        (1, "2D3ADEDFF11B61F14C886E35AFA036736DCD87A74D27B5C1510225D0F592E213"),
        (1023, "10108970EEDA3EB932BAAC1428C7A2163B0E924C9A9E25B35BBA72B28F70BD11"),
        (1024, "42214739F095A406F3FC83DEB889744AC00DF831C10DAA55189B5D121C855AF7"),
        (1025, "D00278AE47EB27B34FAECF67B4FE263F82D5412916C1FFD97C8CB7FB814B8444"),
        (2048, "E776B6028C7CD22A4D0BA182A8BF62205D2EF576467E838ED6F2529B85FBA24A"),
        (2049, "5F4D72F40D7A5F82B15CA2B2E44B1DE3C2EF86C426C95C1AF0B6879522563030"),
        (3072, "B98CB0FF3623BE03326B373DE6B9095218513E64F1EE2EDD2525C7AD1E5CFFD2"),
        (3073, "7124B49501012F81CC7F11CA069EC9226CECB8A2C850CFE644E327D22D3E1CD3"),
        (4096, "015094013F57A5277B59D8475C0501042C0B642E531B0A1C8F58D2163229E969"),
        (4097, "9B4052B38F1C5FC8B1F9FF7AC7B27CD242487B3D890D15C96A1C25B8AA0FB995"),
        (5120, "9CADC15FED8B5D854562B26A9536D9707CADEDA9B143978F319AB34230535833"),
        (5121, "628BD2CB2004694ADAAB7BBD778A25DF25C47B9D4155A55F8FBD79F2FE154CFF"),
        (6144, "3E2E5B74E048F3ADD6D21FAAB3F83AA44D3B2278AFB83B80B3C35164EBECA205"),
        (6145, "F1323A8631446CC50536A9F705EE5CB619424D46887F3C376C695B70E0F0507F"),
        (7168, "61DA957EC2499A95D6B8023E2B0E604EC7F6B50E80A9678B89D2628E99ADA77A"),
        (7169, "A003FC7A51754A9B3C7FAE0367AB3D782DCCF28855A03D435F8CFE74605E7817"),
        (8192, "AAE792484C8EFE4F19E2CA7D371D8C467FFB10748D8A5A1AE579948F718A2A63"),
        (8193, "BAB6C09CB8CE8CF459261398D2E7AEF35700BF488116CEB94A36D0F5F1B7BC3B"),
        (16384, "F875D6646DE28985646F34EE13BE9A576FD515F76B5B0A26BB324735041DDDE4"),
        (31744, "62B6960E1A44BCC1EB1A611A8D6235B6B4B78F32E7ABC4FB4C6CDCCE94895C47"),
        (102400, "BC3E3D41A1146B069ABFFAD3C0D44860CF664390AFCE4D9661F7902E7943E085"),
    ]

    @Test(arguments: blake3Vectors)
    func blake3OfficialVectors(_ vector: (length: Int, digest: String)) throws {
        let input = (0..<vector.length).map { UInt8($0 % 251) }
        #expect(try hexDigest("blake3", input) == vector.digest)
        #expect(try hexDigest("crypto_blake3", input) == vector.digest)
    }

    /// xxHash's values for the empty input and for 'abc' (seed 0), big-endian.
    @Test func xxHashValues() throws {
        let expected: [(String, String, String)] = [
            ("xxh32", "02CC5D05", "32D153FF"),
            ("xxh64", "EF46DB3751D8E999", "44BC2CF5AD770999"),
            ("xxh3_64", "2D06800538D394C2", "78AF5F94892F3950"),
            ("xxh3_128", "99AA06D3014798D86001C324468D497F", "06B05AB6733A618578AF5F94892F3950"),
        ]
        for (name, empty, abc) in expected {
            for function in [name, "crypto_" + name] {
                #expect(try value(db, "select hex(\(function)(''))") == .text(empty), "\(function)")
                #expect(try value(db, "select hex(\(function)(x''))") == .text(empty), "\(function)")
                #expect(try value(db, "select hex(\(function)('abc'))") == .text(abc), "\(function)")
            }
        }
    }

    static let functions = ["md5", "sha1", "sha256", "sha384", "sha512", "blake3", "xxh32", "xxh64", "xxh3_64", "xxh3_128"]
    static let sizes = [16, 20, 32, 48, 64, 32, 4, 8, 8, 16]

    /// Every name, alias included: a blob of the documented size; NULL for NULL; a number
    /// hashed as its text; blob and text with the same bytes alike; embedded NULs and invalid
    /// UTF-8 hashed as they are.
    @Test(arguments: zip(functions, sizes))
    func valuesOfEveryType(_ name: String, _ size: Int) throws {
        for function in [name, "crypto_" + name] {
            #expect(try rows(db, "select typeof(\(function)('x')), length(\(function)('x'))") == [[.text("blob"), .integer(Int64(size))]])
            #expect(try value(db, "select \(function)(null)") == .null)
            #expect(try value(db, "select \(function)(15) = \(function)('15')") == .integer(1))
            #expect(try value(db, "select \(function)(-1.5) = \(function)('-1.5')") == .integer(1))
            #expect(try value(db, "select \(function)(cast('abc' as blob)) = \(function)('abc')") == .integer(1))
            #expect(try value(db, "select \(function)('a' || char(0) || 'b') = \(function)(x'610062')") == .integer(1))
            #expect(try value(db, "select \(function)(cast(x'61ff62' as text)) = \(function)(x'61ff62')") == .integer(1))
            #expect(try value(db, "select \(function)('a') = \(function)('b')") == .integer(0))
            #expect(try value(db, "select \(function)('') = \(function)(x'')") == .integer(1))
            #expect(errorMessage(db, "select \(function)()") == "wrong number of arguments to function \(function)()")
            #expect(errorMessage(db, "select \(function)(1, 2)") == "wrong number of arguments to function \(function)()")
        }
    }

    /// Deterministic and innocuous: usable in an index, a generated column and a view.
    @Test func usableInTheSchema() throws {
        try db.execute("""
            create table t(x, h as (sha256(x)));
            create index i on t(md5(x));
            create view v as select hex(xxh64(x)) from t;
            insert into t values ('abc');
            """)
        #expect(try value(db, "select count(*) from t where md5(x) = md5('abc')") == .integer(1))
        #expect(try value(db, "select hex(h) from t") == .text("BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD"))
        #expect(try value(db, "select * from v") == .text("44BC2CF5AD770999"))
    }

    /// A 100 MB value is hashed in place. (BLAKE3, Swift code, takes 4 MB here: unoptimized
    /// in a debug build it runs at a few MB/s; the release build hashes 100 MB in well under a
    /// second.)
    @Test func hundredMegabytes() throws {
        let zeros = "zeroblob(100000000)"
        #expect(try value(db, "select hex(sha256(\(zeros)))") == .text("A993F8C574E0FEA8C1CDCBCD9408D9E2E107EE6E4D120EDCFA11DECD53FA0CAE"))
        #expect(try value(db, "select hex(md5(\(zeros)))") == .text("0F86D7C5A6180CF9584C1D21144D85B0"))
        for function in ["sha1", "sha384", "sha512", "xxh32", "xxh64", "xxh3_64", "xxh3_128"] {
            #expect(try value(db, "select length(\(function)(\(zeros)))") != .null)
        }
        #expect(try value(db, "select length(blake3(zeroblob(4000000)))") == .integer(32))
    }

    /// BLAKE3 is consistent with itself across every chunk and block boundary shape (the
    /// official vectors cover the tree; this covers lengths between them).
    @Test func blake3LengthsAroundBoundaries() throws {
        var seen = Set<String>()
        for length in [63, 64, 65, 127, 128, 129, 1023, 1024, 1025, 2047, 2048, 2049, 4095, 4096, 4097] {
            let digest = try hexDigest("blake3", Array(repeating: 0x61, count: length))
            #expect(digest.count == 64)
            #expect(seen.insert(digest).inserted, "length \(length)")
            #expect(try value(db, "select hex(blake3(printf('%.*c', \(length), 'a')))") == .text(digest))
        }
    }
}
