import SQLshCatalog
import SQLshCore
import Testing

/// The uuid pack: generation (version 4 and 7), sqlean's parsing rules, conversions.
@Suite struct UUIDTests {
    let db: Connection
    init() throws { db = try catalogConnection() }

    static let v4Pattern = "'????????-????-4???-[89ab]???-????????????'"
    static let v7Pattern = "'????????-????-7???-[89ab]???-????????????'"
    static let hexOnly = "'*[^0-9a-f-]*'"
    /// Unix time in milliseconds, from SQLite's clock.
    static let nowMs = "cast((julianday('now') - 2440587.5) * 86400000 as integer)"

    @Test(arguments: ["uuid4", "gen_random_uuid"])
    func version4(_ name: String) throws {
        try db.execute("create temp table u as select \(name)() u from generate_series(1, 10000)")
        #expect(try rows(db, "select count(*), count(distinct u), min(length(u)), max(length(u)), min(typeof(u)) from u")
                == [[.integer(10000), .integer(10000), .integer(36), .integer(36), .text("text")]])
        #expect(try value(db, "select count(*) from u where u not glob \(Self.v4Pattern) or u glob \(Self.hexOnly)") == .integer(0))
        // Every variant digit and many values of the other random digits occur.
        #expect(try value(db, "select count(distinct substr(u, 20, 1)) from u") == .integer(4))
        #expect(try value(db, "select count(distinct substr(u, 1, 2)) from u") == .integer(256))
        #expect(try value(db, "select uuid_str(u) = u and hex(uuid_blob(u)) = upper(replace(u, '-', '')) from u limit 1") == .integer(1))
        #expect(errorMessage(db, "select \(name)(1)") == "wrong number of arguments to function \(name)()")
        // Not deterministic: refused where SQLite needs a deterministic function.
        try db.execute("create table t(x)")
        #expect(errorMessage(db, "create index i on t(\(name)())") == "non-deterministic functions prohibited in index expressions")
        try db.execute("drop table u")
    }

    @Test func version7Now() throws {
        try db.execute("create temp table u(i integer primary key, u); insert into u(u) select uuid7() from generate_series(1, 100000)")
        #expect(try value(db, "select count(*) from u where u not glob \(Self.v7Pattern) or u glob \(Self.hexOnly)") == .integer(0))
        #expect(try value(db, "select count(distinct u) from u") == .integer(100000))
        // Strictly increasing within the process, even within one millisecond.
        #expect(try value(db, "select count(*) from u a join u b on b.i = a.i + 1 where b.u <= a.u") == .integer(0))
        #expect(try value(db, "select count(*) from u a join u b on b.i = a.i + 1 where uuid_blob(b.u) <= uuid_blob(a.u)") == .integer(0))
        // Also across calls and statements.
        #expect(try value(db, "select (select max(u) from u) < uuid7()") == .integer(1))
        // The timestamp is now, give or take the test's run time.
        #expect(try value(db, "select abs(uuid7_timestamp_ms(uuid7()) - \(Self.nowMs)) < 5000") == .integer(1))
        #expect(try value(db, "select max(uuid7_timestamp_ms(u)) - min(uuid7_timestamp_ms(u)) < 60000 from u") == .integer(1))
        try db.execute("drop table u")
    }

    @Test func version7WithSeconds() throws {
        #expect(try value(db, "select uuid7_timestamp_ms(uuid7(1700000000))") == .integer(1_700_000_000_000))
        #expect(try value(db, "select substr(uuid7(0), 1, 15)") == .text("00000000-0000-7"))
        #expect(try value(db, "select substr(uuid7(1700000000), 1, 14)") == .text("018bcfe5-6800-"))
        // Times wrap modulo 2^48 milliseconds, as in sqlean; no overflow trap.
        #expect(try value(db, "select substr(uuid7(-1), 1, 15)") == .text("ffffffff-fc18-7"))
        #expect(try value(db, "select substr(uuid7(9223372036854775807), 1, 15)") == .text("ffffffff-fc18-7"))
        #expect(try value(db, "select substr(uuid7(-9223372036854775808), 1, 15)") == .text("00000000-0000-7"))
        #expect(try value(db, "select uuid7(5) glob \(Self.v7Pattern) and uuid7(5) <> uuid7(5)") == .integer(1))
        // ★ Any argument that is not an integer means now, as in sqlean.
        for argument in ["null", "'1700000000'", "1700000000.0", "x'01'"] {
            #expect(try value(db, "select abs(uuid7_timestamp_ms(uuid7(\(argument))) - \(Self.nowMs)) < 5000") == .integer(1), "\(argument)")
        }
        #expect(errorMessage(db, "select uuid7(1, 2)") == "wrong number of arguments to function uuid7()")
        try db.execute("create table t(x)")
        #expect(errorMessage(db, "create index i on t(uuid7(x))") == "non-deterministic functions prohibited in index expressions")
    }

    static let canonical = "a1b2c3d4-e5f6-0718-293a-4b5c6d7e8f90"

    /// sqlean's text rules: optional '{', 16 hex pairs each optionally after one '-', optional
    /// '}', nothing else.
    @Test func acceptedText() throws {
        for text in ["a1b2c3d4-e5f6-0718-293a-4b5c6d7e8f90", "A1B2C3D4-E5F6-0718-293A-4B5C6D7E8F90",
                     "a1b2c3d4e5f60718293a4b5c6d7e8f90", "{a1b2c3d4-e5f6-0718-293a-4b5c6d7e8f90}",
                     "{a1b2c3d4e5f60718293a4b5c6d7e8f90}", "{a1b2c3d4e5f60718293a4b5c6d7e8f90",
                     "a1b2c3d4e5f60718293a4b5c6d7e8f90}", "-a1b2c3d4e5f60718293a4b5c6d7e8f90",
                     "a1-b2-c3-d4-e5-f6-07-18-29-3a-4b-5c-6d-7e-8f-90", "{-a1-b2c3d4e5f60718293a4b5c6d7e8f90}"] {
            #expect(try value(db, "select uuid_str('\(text)')") == .text(Self.canonical), "\(text)")
            #expect(try value(db, "select hex(uuid_blob('\(text)'))") == .text("A1B2C3D4E5F60718293A4B5C6D7E8F90"), "\(text)")
        }
    }

    @Test func rejectedValuesGiveNull() throws {
        for text in ["", "a1b2c3d4-e5f6-0718-293a-4b5c6d7e8f9", "a1b2c3d4-e5f6-0718-293a-4b5c6d7e8f900",
                     "a1b2c3d4-e5f6-0718-293a-4b5c6d7e8f90-", "a1b2c3d4--e5f6-0718-293a-4b5c6d7e8f90",
                     "a1b2c3d4-e5f6-0718-293a-4b5c6d7e8f9-0", " a1b2c3d4-e5f6-0718-293a-4b5c6d7e8f90",
                     "a1b2c3d4-e5f6-0718-293a-4b5c6d7e8f90 ", "{{a1b2c3d4e5f60718293a4b5c6d7e8f90}",
                     "a1b2c3d4e5f60718293a4b5c6d7e8f90}}", "g1b2c3d4-e5f6-0718-293a-4b5c6d7e8f90",
                     "a1b2c3d4-e5f6-0718-293a-4b5c6d7e8f9g", "urn:uuid:a1b2c3d4-e5f6-0718-293a-4b5c6d7e8f90"] {
            for function in ["uuid_str", "uuid_blob", "uuid7_timestamp_ms"] {
                #expect(try value(db, "select \(function)('\(text)')") == .null, "\(function)('\(text)')")
            }
        }
        // A NUL byte and what follows count (sqlean reads a C string and stops at the NUL).
        for other in ["null", "12345", "1.5", "x'a1b2c3d4e5f60718293a4b5c6d7e8f'", "x'a1b2c3d4e5f60718293a4b5c6d7e8f9000'",
                      "x''", "'\(Self.canonical)' || char(0)", "'\(Self.canonical)' || char(0) || 'x'",
                      "cast(x'ff' as text) || '\(Self.canonical)'"] {
            for function in ["uuid_str", "uuid_blob", "uuid7_timestamp_ms"] {
                #expect(try value(db, "select \(function)(\(other))") == .null, "\(function)(\(other))")
            }
        }
    }

    @Test func blobsAndConversions() throws {
        let blob = "x'a1b2c3d4e5f60718293a4b5c6d7e8f90'"
        #expect(try value(db, "select uuid_str(\(blob))") == .text(Self.canonical))
        #expect(try value(db, "select uuid_blob(\(blob)) = \(blob)") == .integer(1))
        #expect(try rows(db, "select typeof(uuid_blob('\(Self.canonical)')), length(uuid_blob('\(Self.canonical)'))") == [[.text("blob"), .integer(16)]])
        #expect(try value(db, "select uuid_str(uuid_blob('\(Self.canonical.uppercased())'))") == .text(Self.canonical))
        #expect(try value(db, "select uuid_str(zeroblob(16))") == .text("00000000-0000-0000-0000-000000000000"))
        #expect(try value(db, "select uuid_str(cast('{\(Self.canonical)}' as blob))") == .null)  // a 38-byte blob
        for function in ["uuid_str", "uuid_blob", "uuid7_timestamp_ms"] {
            #expect(errorMessage(db, "select \(function)()") == "wrong number of arguments to function \(function)()")
            #expect(errorMessage(db, "select \(function)(1, 2)") == "wrong number of arguments to function \(function)()")
        }
    }

    @Test func timestampOfVersion7Only() throws {
        #expect(try value(db, "select uuid7_timestamp_ms('018bcfe5-6800-7000-8000-000000000000')") == .integer(1_700_000_000_000))
        #expect(try value(db, "select uuid7_timestamp_ms(x'018bcfe5680070008000000000000000')") == .integer(1_700_000_000_000))
        #expect(try value(db, "select uuid7_timestamp_ms('ffffffff-ffff-7fff-bfff-ffffffffffff')") == .integer(281_474_976_710_655))
        // The variant is not checked, as in sqlean; the version is.
        #expect(try value(db, "select uuid7_timestamp_ms('018bcfe5-6800-7000-0000-000000000000')") == .integer(1_700_000_000_000))
        #expect(try value(db, "select uuid7_timestamp_ms('018bcfe5-6800-4000-8000-000000000000')") == .null)
        #expect(try value(db, "select uuid7_timestamp_ms(uuid4())") == .null)
        #expect(try value(db, "select datetime(uuid7_timestamp_ms(uuid7(1700000000)) / 1000, 'unixepoch')") == .text("2023-11-14 22:13:20"))
    }

    /// The conversions are deterministic: usable in indexes and generated columns.
    @Test func conversionsInTheSchema() throws {
        try db.execute("""
            create table t(id text, b as (uuid_blob(id)), ts as (uuid7_timestamp_ms(id)));
            create index i on t(uuid_str(id));
            insert into t values ('{018BCFE5-6800-7000-8000-000000000001}');
            """)
        #expect(try rows(db, "select uuid_str(b), ts from t where uuid_str(id) = '018bcfe5-6800-7000-8000-000000000001'")
                == [[.text("018bcfe5-6800-7000-8000-000000000001"), .integer(1_700_000_000_000)]])
    }
}
