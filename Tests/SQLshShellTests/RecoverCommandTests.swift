import Foundation
import SQLshCore
@testable import SQLshShell
import Testing
import TestSupport

/// `.recover`: sqlite3's own fails here (no `sqlite_dbpage`), so these tests check sqlsh's on
/// its own terms: the script has the recover extension's shape, feeding it to a fresh database
/// gives back the same data, and damaged files (zeroed pages, truncation, broken freelists,
/// looping overflow chains, garbled cell pointers, random byte flips) are survived.
@Suite struct RecoverCommandTests {
    // MARK: Helpers

    /// A scratch directory, removed at the end of the test.
    final class Directory {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sqlsh-recover-\(UUID().uuidString)")
        init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: url) }
        func path(_ name: String) -> String { url.appendingPathComponent(name).path }
    }

    /// Creates a database file from SQL and returns its bytes.
    static func makeDatabase(_ sql: String, at path: String) throws -> [UInt8] {
        try? FileManager.default.removeItem(atPath: path)
        let db = try Connection(path: path)
        try db.execute(sql)
        try db.close()
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// Runs `.recover OPTIONS` on a database image through the shell.
    static func recover(_ image: [UInt8], _ options: String = "") throws -> ShellRun {
        try DotCommandComparison.ours(".recover \(options)\n", database: "$DIR/damaged.db", files: ["damaged.db": image])
    }

    /// Runs a recovery script in a fresh database and returns its `.dump --preserve-rowids`
    /// lines, sorted (the order of schema statements differs from the original's).
    static func restoredDump(_ script: String) throws -> [String] {
        let dir = try Directory()
        let db = try Connection(path: dir.path("restored.db"))
        try db.execute(script)
        try db.close()
        return try dumpLines(dir.path("restored.db"))
    }

    static func dumpLines(_ path: String) throws -> [String] {
        let run = try DotCommandComparison.ours(".dump --preserve-rowids\n", database: path)
        return run.out.split(separator: "\n").map(String.init).sorted()
    }

    /// The page numbers of a table's or index's pages of one kind (`leaf`, `internal`, `overflow`).
    static func pages(_ path: String, _ name: String, _ type: String) throws -> [Int] {
        let db = try Connection(path: path)
        defer { try? db.close() }
        let statement = try db.prepare("select pageno from dbstat where name = '\(name)' and pagetype = '\(type)' order by pageno")
        var pages: [Int] = []
        while try statement.step() { pages.append(Int(statement.int64(at: 0))) }
        return pages
    }

    static func count(_ script: String, _ prefix: String) -> Int {
        script.split(separator: "\n").filter { $0.hasPrefix(prefix) }.count
    }

    /// A 1024-byte-page database: `keep` (one page, created first), `big` (many pages, an
    /// index, some rows with overflow pages) and a view.
    static let damageable = """
        pragma page_size = 1024;
        create table keep(id integer primary key, name text);
        insert into keep values(1, 'alpha'), (2, 'beta'), (3, 'it''s');
        create table big(a, b, c);
        with recursive n(i) as (select 1 union all select i + 1 from n where i < 1500)
          insert into big select i, 'row ' || i, case when i % 300 = 0 then randomblob(3000) else i * 0.5 end from n;
        create index big_b on big(b);
        create view v as select * from keep;
        """

    static let keepRows = [
        "INSERT OR IGNORE INTO 'keep'('id', 'name') VALUES (1, 'alpha');",
        "INSERT OR IGNORE INTO 'keep'('id', 'name') VALUES (2, 'beta');",
        "INSERT OR IGNORE INTO 'keep'('id', 'name') VALUES (3, 'it''s');",
    ]

    // MARK: The script's shape

    @Test("The script has the shape of sqlite3's recover extension: settings, tables, rows, the rest")
    func scriptShape() throws {
        let dir = try Directory()
        let image = try Self.makeDatabase("""
            pragma user_version = 7;
            create table t(a, b);
            insert into t values(1, 'x'), (2.5, NULL), (x'00ff', 'two
            lines');
            create index i on t(b);
            create unique index u on t(a);
            create table s(id integer primary key autoincrement, v);
            insert into s(v) values('one');
            create table w(k text, n, primary key(k)) without rowid;
            insert into w values('b', 2), ('a', 1);
            create table g(x, y as (x * 2), z);
            insert into g(x, z) values(3, 4);
            create view vw as select * from t;
            create trigger tr after insert on t begin select 1; end;
            """, at: dir.path("x.db"))
        let run = try Self.recover(image)
        #expect(run.status == 0 && run.err.isEmpty, "\(run)")
        #expect(run.out == """
            BEGIN;
            PRAGMA writable_schema = on;
            PRAGMA encoding = 'UTF-8';
            PRAGMA page_size = '4096';
            PRAGMA auto_vacuum = '0';
            PRAGMA user_version = '7';
            PRAGMA application_id = '0';
            CREATE TABLE sqlite_sequence(name,seq);
            CREATE TABLE t(a, b);
            CREATE TABLE s(id integer primary key autoincrement, v);
            CREATE TABLE w(k text, n, primary key(k)) without rowid;
            CREATE TABLE g(x, y as (x * 2), z);
            CREATE UNIQUE INDEX u on t(a);
            INSERT OR IGNORE INTO 't'(_rowid_, 'a', 'b') VALUES (1, 1, 'x');
            INSERT OR IGNORE INTO 't'(_rowid_, 'a', 'b') VALUES (2, 2.5, NULL);
            INSERT OR IGNORE INTO 't'(_rowid_, 'a', 'b') VALUES (3, X'00FF', replace('two\\nlines','\\n', char(10)));
            INSERT OR IGNORE INTO 's'('id', 'v') VALUES (1, 'one');
            INSERT OR IGNORE INTO 'w'('k', 'n') VALUES ('a', 1);
            INSERT OR IGNORE INTO 'w'('k', 'n') VALUES ('b', 2);
            INSERT OR IGNORE INTO 'g'(_rowid_, 'x', 'z') VALUES (1, 3, 4);
            DELETE FROM sqlite_sequence;
            INSERT OR IGNORE INTO 'sqlite_sequence'(_rowid_, 'name', 'seq') VALUES (1, 's', 1);
            CREATE INDEX i on t(b);
            CREATE VIEW vw as select * from t;
            CREATE TRIGGER tr after insert on t begin select 1; end;
            PRAGMA writable_schema = off;
            COMMIT;

            """)
        #expect(try Self.restoredDump(run.out) == Self.dumpLines(dir.path("x.db")))
    }

    @Test("--no-rowids writes NULL for rowids that are not INTEGER PRIMARY KEYs; options take sqlite3's prefixes")
    func noRowids() throws {
        let dir = try Directory()
        let image = try Self.makeDatabase("create table t(a); insert into t values('x'); create table k(id integer primary key, v); insert into k values(9, 'y');",
                                          at: dir.path("x.db"))
        for option in ["--no-rowids", "-no-rowids", "--no", "-n"] {
            let run = try Self.recover(image, option)
            #expect(run.out.contains("INSERT OR IGNORE INTO 't'(_rowid_, 'a') VALUES (NULL, 'x');\n"), "\(option): \(run)")
            #expect(run.out.contains("INSERT OR IGNORE INTO 'k'('id', 'v') VALUES (9, 'y');\n"), "\(option): \(run)")
        }
    }

    @Test("An unknown option prints sqlite3's message and the command's help, and fails")
    func unknownOption() throws {
        let run = try DotCommandComparison.ours(".recover --bogus\n")
        #expect(run.status == 1)
        #expect(run.err == "unexpected option: --bogus\n")
        #expect(run.out == """
            .recover                 Recover as much data as possible from corrupt db.
               --ignore-freelist        Ignore pages that appear to be on db freelist
               --lost-and-found TABLE   Alternative name for the lost-and-found table
               --no-rowids              Do not attempt to recover rowid values
                                        that are not also INTEGER PRIMARY KEYs

            """)
        // --lost-and-found needs its value.
        #expect(try DotCommandComparison.ours(".recover --lost-and-found\n").err == "unexpected option: --lost-and-found\n")
    }

    @Test("An in-memory database is serialized and recovered")
    func inMemoryDatabase() throws {
        let run = try DotCommandComparison.ours("create table t(x); insert into t values(42);\n.recover\n")
        #expect(run.status == 0)
        #expect(run.out.contains("CREATE TABLE t(x);\nINSERT OR IGNORE INTO 't'(_rowid_, 'x') VALUES (1, 42);\n"), "\(run)")
        let empty = try DotCommandComparison.ours(".recover\n")
        #expect(empty.out.hasPrefix("BEGIN;\nPRAGMA writable_schema = on;\nPRAGMA encoding = 'UTF-8';\n"))
        #expect(empty.out.hasSuffix("PRAGMA writable_schema = off;\nCOMMIT;\n"))
        #expect(empty.err.isEmpty)
    }

    @Test("Pages not yet in the file are recovered too: a write-ahead log's frames, an open transaction")
    func pagesNotInTheFile() throws {
        let dir = try Directory()
        let path = dir.path("wal.db")
        let writer = try Connection(path: path)
        try writer.execute("pragma journal_mode = wal; pragma wal_autocheckpoint = 0; create table t(x); insert into t values('in the log');")
        let run = try DotCommandComparison.ours(".recover\n", database: path)
        #expect(run.out.contains("INSERT OR IGNORE INTO 't'(_rowid_, 'x') VALUES (1, 'in the log');\n"), "\(run)")
        try writer.close()
        let open = try DotCommandComparison.ours("begin; create table u(y); insert into u values('uncommitted');\n.recover\n", database: "$DIR/t.db")
        #expect(open.out.contains("INSERT OR IGNORE INTO 'u'(_rowid_, 'y') VALUES (1, 'uncommitted');\n"), "\(open)")
    }

    // MARK: Round trips

    @Test("Round trip: rowid and WITHOUT ROWID tables, indexes, overflow-sized values, many pages")
    func roundTrip() throws {
        let dir = try Directory()
        let image = try Self.makeDatabase("""
            pragma page_size = 512;
            create table t(id integer primary key, a text, b blob, c real);
            with recursive n(i) as (select 1 union all select i + 1 from n where i < 3000)
              insert into t select i, 'text ' || i || ' é☃', zeroblob(i % 7), i / 7.0 from n;
            insert into t values(5000, replace(hex(randomblob(20000)), 'A', char(10)), randomblob(70000), 1e308);
            insert into t values(5001, 'x', NULL, -0.0), (5002, NULL, x'', 1e-300), (5003, '', 'text in b', 9.0e15);
            create table w(k1, k2, v, primary key(k2, k1)) without rowid;
            with recursive n(i) as (select 1 union all select i + 1 from n where i < 2000)
              insert into w select i % 13, 'key ' || i, randomblob(i % 300) from n;
            insert into w values(1, 'big', randomblob(30000));
            create table plain(x, y);
            insert into plain select a, c from t where id % 5 = 0;
            create index ta on t(a);
            create unique index tc on t(c, id);
            create table s(id integer primary key autoincrement, v);
            insert into s(v) values(1), (2), (3);
            delete from s where id = 3;
            analyze;
            """, at: dir.path("x.db"))
        let run = try Self.recover(image)
        #expect(run.status == 0 && run.err.isEmpty, "\(run.err)")
        #expect(!run.out.contains("lost_and_found"))
        #expect(try Self.restoredDump(run.out) == Self.dumpLines(dir.path("x.db")))
    }

    @Test("Round trip: an auto-vacuum database (pointer-map pages) with freelist pages, in UTF-16")
    func roundTripAutoVacuumUTF16() throws {
        let dir = try Directory()
        let image = try Self.makeDatabase("""
            pragma page_size = 1024;
            pragma auto_vacuum = incremental;
            pragma encoding = 'UTF-16le';
            pragma application_id = 1234;
            create table t(a, b);
            with recursive n(i) as (select 1 union all select i + 1 from n where i < 3000)
              insert into t select i, 'texte ' || i || ' ü€𝄞' from n;
            create table gone(x);
            insert into gone select randomblob(900) from t limit 200;
            drop table gone;
            """, at: dir.path("x.db"))
        let run = try Self.recover(image)
        #expect(run.status == 0 && run.err.isEmpty, "\(run.err)")
        #expect(run.out.contains("PRAGMA encoding = 'UTF-16le';\nPRAGMA page_size = '1024';\nPRAGMA auto_vacuum = '2';\nPRAGMA user_version = '0';\nPRAGMA application_id = '1234';\n"))
        #expect(run.out.contains("VALUES (3000, 3000, 'texte 3000 ü€𝄞');"))
        #expect(!run.out.contains("lost_and_found"))
        #expect(try Self.restoredDump(run.out) == Self.dumpLines(dir.path("x.db")))
    }

    @Test("Rows on freelist pages go to lost_and_found, unless --ignore-freelist; --lost-and-found names the table")
    func freelistRowsAreFound() throws {
        let dir = try Directory()
        let image = try Self.makeDatabase("""
            pragma secure_delete = off;
            pragma page_size = 1024;
            create table lost_and_found(x);
            create table t(a, b);
            with recursive n(i) as (select 1 union all select i + 1 from n where i < 400)
              insert into t select i, 'deleted row ' || i from n;
            delete from t where a > 10;
            """, at: dir.path("x.db"))
        let run = try Self.recover(image)
        #expect(run.status == 0)
        // The schema already has lost_and_found: sqlite3's rule adds _0.
        #expect(run.out.contains("CREATE TABLE lost_and_found_0(rootpgno INTEGER, pgno INTEGER, nfield INTEGER, id INTEGER, c0, c1);\n"), "\(run)")
        #expect(run.out.contains(", 2, 300, 300, 'deleted row 300');\n"))
        #expect(Self.count(run.out, "INSERT OR IGNORE INTO 't'") == 10)
        let ignoring = try Self.recover(image, "--ignore-freelist")
        #expect(!ignoring.out.contains("deleted row 300"))
        let named = try Self.recover(image, "--lost-and-found orphans")
        #expect(named.out.contains("CREATE TABLE orphans(rootpgno INTEGER"))
        #expect(named.out.contains("INSERT INTO orphans VALUES("))
    }

    // MARK: Damaged files

    @Test("A zeroed leaf page: the other tables come back whole, the rest of the table too")
    func zeroedPage() throws {
        let dir = try Directory()
        var image = try Self.makeDatabase(Self.damageable, at: dir.path("x.db"))
        let leaves = try Self.pages(dir.path("x.db"), "big", "leaf")
        let victim = leaves[leaves.count / 2]
        for i in (victim - 1) * 1024..<victim * 1024 { image[i] = 0 }
        let run = try Self.recover(image)
        #expect(run.status == 0)
        #expect(run.err == "note: .recover skipped 1 unreadable page and 0 damaged cells\n")
        for row in Self.keepRows { #expect(run.out.contains(row + "\n")) }
        let bigRows = Self.count(run.out, "INSERT OR IGNORE INTO 'big'")
        #expect(bigRows > 1400 && bigRows < 1500)
        #expect(run.out.contains("CREATE VIEW v as select * from keep;\n"))
        // The script runs.
        _ = try Self.restoredDump(run.out)
    }

    @Test("A truncated file: what is left is recovered")
    func truncatedFile() throws {
        let dir = try Directory()
        let image = try Self.makeDatabase(Self.damageable, at: dir.path("x.db"))
        for cut in [image.count / 2 + 100, 3000, 1100, 100, 0] {
            let run = try Self.recover(Array(image[..<cut]))
            #expect(run.status == 0)
            #expect(run.out.hasPrefix("BEGIN;\n") && run.out.hasSuffix("COMMIT;\n"))
            if cut > 3000 {
                for row in Self.keepRows { #expect(run.out.contains(row + "\n"), "cut at \(cut)") }
                #expect(run.err.hasPrefix("note: .recover skipped "))
            }
            _ = try Self.restoredDump(run.out)
        }
    }

    @Test("A freelist whose trunk chain loops, or points outside the file, changes nothing")
    func brokenFreelist() throws {
        let dir = try Directory()
        var image = try Self.makeDatabase(Self.damageable + "\ndelete from big where a > 1000;", at: dir.path("x.db"))
        let expected = try Self.dumpLines(dir.path("x.db"))
        let trunk = Int(image[32]) << 24 | Int(image[33]) << 16 | Int(image[34]) << 8 | Int(image[35])
        #expect(trunk > 0)
        // The trunk's next-trunk pointer to itself, and a leaf count far too large.
        let start = (trunk - 1) * 1024
        image[start..<start + 8] = [UInt8(trunk >> 24), UInt8(trunk >> 16 & 255), UInt8(trunk >> 8 & 255), UInt8(trunk & 255), 0x7F, 0xFF, 0xFF, 0xFF]
        for options in ["", "--ignore-freelist"] {
            let run = try Self.recover(image, options)
            #expect(run.status == 0 && run.err.isEmpty, "\(run.err)")
            #expect(try Self.restoredDump(run.out) == expected)
        }
        image[32..<36] = [0x7F, 0, 0, 0]
        #expect(try Self.restoredDump(Self.recover(image).out) == expected)
    }

    @Test("An overflow chain that loops back on itself ends; the row keeps the values read whole")
    func loopingOverflowChain() throws {
        let dir = try Directory()
        var image = try Self.makeDatabase(Self.damageable, at: dir.path("x.db"))
        let overflow = try Self.pages(dir.path("x.db"), "big", "overflow")
        #expect(overflow.count > 2)
        // Make the first overflow page point to itself.
        let page = overflow[0], start = (page - 1) * 1024
        image[start..<start + 4] = [UInt8(page >> 24), UInt8(page >> 16 & 255), UInt8(page >> 8 & 255), UInt8(page & 255)]
        let run = try Self.recover(image)
        #expect(run.status == 0)
        #expect(run.err.hasPrefix("note: .recover skipped 0 unreadable pages and "))
        for row in Self.keepRows { #expect(run.out.contains(row + "\n")) }
        // Every row is still there: the damaged one without its blob.
        #expect(Self.count(run.out, "INSERT OR IGNORE INTO 'big'") == 1500)
        _ = try Self.restoredDump(run.out)
    }

    @Test("Garbled cell pointers and cell contents are skipped and counted")
    func garbledCells() throws {
        let dir = try Directory()
        var image = try Self.makeDatabase(Self.damageable, at: dir.path("x.db"))
        let leaves = try Self.pages(dir.path("x.db"), "big", "leaf")
        // First leaf: its first cell pointer points past the page.
        let first = (leaves[0] - 1) * 1024
        image[first + 8] = 0xFF; image[first + 9] = 0xFF
        // Second leaf: its first cell's varints become 0xFF bytes to the end of the page.
        let second = (leaves[1] - 1) * 1024
        let cell = second + (Int(image[second + 8]) << 8 | Int(image[second + 9]))
        for i in cell..<second + 1024 { image[i] = 0xFF }
        let run = try Self.recover(image)
        #expect(run.status == 0)
        #expect(run.err.hasPrefix("note: .recover skipped 0 unreadable pages and "))
        for row in Self.keepRows { #expect(run.out.contains(row + "\n")) }
        #expect(Self.count(run.out, "INSERT OR IGNORE INTO 'big'") >= 1490)
        _ = try Self.restoredDump(run.out)
    }

    @Test("A zeroed first page (header and schema gone): rows land in lost_and_found")
    func zeroedFirstPage() throws {
        let dir = try Directory()
        var image = try Self.makeDatabase(Self.damageable, at: dir.path("x.db"))
        for i in 0..<1024 { image[i] = 0 }
        let run = try Self.recover(image)
        #expect(run.status == 0)
        // The page size is guessed from the pages that look like b-tree pages.
        #expect(run.out.contains("PRAGMA page_size = '1024';\n"))
        #expect(run.out.contains("CREATE TABLE lost_and_found(rootpgno INTEGER, pgno INTEGER, nfield INTEGER, id INTEGER, c0, c1, c2);\n"))
        #expect(run.out.contains("INSERT INTO lost_and_found VALUES(2, 2, 2, 3, NULL, 'it''s', NULL);\n"), "\(run.out.prefix(2000))")
        _ = try Self.restoredDump(run.out)
    }

    @Test("Beyond sqlite3: with page 1 zeroed, the leaves of a multi-page schema are found and used")
    func orphanedSchemaLeaves() throws {
        let dir = try Directory()
        var sql = "pragma page_size = 512;\n"
        for i in 0..<30 {
            sql += "create table t\(i)(id integer primary key, name text unique, note text default '\(String(repeating: "x", count: 150))');\n"
            sql += "insert into t\(i) values(\(i), 'name \(i)', 'n');\n"
        }
        var image = try Self.makeDatabase(sql, at: dir.path("x.db"))
        let expected = try Self.dumpLines(dir.path("x.db"))
        for i in 0..<512 { image[i] = 0 }
        let run = try Self.recover(image)
        #expect(run.status == 0)
        #expect(run.out.contains("PRAGMA page_size = '512';\n"))
        #expect(run.out.contains("INSERT OR IGNORE INTO 't17'('id', 'name', 'note') VALUES (17, 'name 17', 'n');\n"))
        #expect(!run.out.contains("lost_and_found"))
        #expect(try Self.restoredDump(run.out) == expected)
    }

    @Test("Random damage never traps: 400 variants with bytes flipped, zeroed or cut")
    func randomDamage() throws {
        let dir = try Directory()
        let image = try Self.makeDatabase("""
            pragma page_size = 512;
            create table t(id integer primary key, a, b);
            insert into t values(1, 'one', x'0102'), (2, 2.5, NULL), (3, replace(hex(randomblob(600)), 'B', char(10)), 7);
            create table w(k primary key, v) without rowid;
            insert into w values('a', 1), ('b', randomblob(1200)), ('c', 'three');
            create index ta on t(a);
            pragma secure_delete = off;
            delete from t where id = 2;
            """, at: dir.path("x.db"))
        var rng = SplitMix64(seed: 20_261_123)
        let null = try OutputWriter(path: "/dev/null")
        var checked = 0
        for variant in 0..<400 {
            var damaged = image
            switch variant % 4 {
            case 0:  // a few random bytes
                for _ in 0..<(1 + Int(rng.next() % 8)) { damaged[Int(rng.next() % UInt64(damaged.count))] = UInt8(truncatingIfNeeded: rng.next()) }
            case 1:  // bytes of headers and cell pointers, where damage hurts most
                for _ in 0..<(1 + Int(rng.next() % 4)) {
                    let page = Int(rng.next() % UInt64(damaged.count / 512))
                    let offset = page * 512 + (page == 0 ? 100 : 0) + Int(rng.next() % 24)
                    damaged[offset] = UInt8(truncatingIfNeeded: rng.next())
                }
            case 2:  // a run of 0xFF (overlong varints, huge sizes)
                let start = Int(rng.next() % UInt64(damaged.count - 40))
                for i in start..<start + 1 + Int(rng.next() % 40) { damaged[i] = 0xFF }
            default:  // cut short, then a few flips
                damaged = Array(damaged[..<Int(rng.next() % UInt64(damaged.count))])
                if !damaged.isEmpty { damaged[Int(rng.next() % UInt64(damaged.count))] ^= 0x55 }
            }
            let writer = try RecoverWriter(file: DatabaseFile(image: damaged), options: .init(), out: null)
            writer.run()
            checked += 1
        }
        #expect(checked == 400)
        // And the scripts of some damaged variants run in SQLite.
        for variant in 0..<20 {
            var damaged = image
            damaged[512 * (1 + variant % (damaged.count / 512 - 1)) + Int(rng.next() % 512)] ^= 0xA5
            let run = try Self.recover(damaged)
            #expect(run.status == 0 && run.out.hasSuffix("COMMIT;\n"))
            let db = try Connection()
            // A damaged schema statement may be refused by SQLite, as it is when recovering.
            try? db.execute(run.out)
        }
    }

    @Test("Ctrl-C stops recovery between pages: the script ends without COMMIT")
    func interrupted() throws {
        let dir = try Directory()
        let image = try Self.makeDatabase(Self.damageable, at: dir.path("x.db"))
        let path = dir.path("out.sql")
        var asked = 0
        do {
            let out = try OutputWriter(path: path)
            let writer = try RecoverWriter(file: DatabaseFile(image: image), options: .init(), out: out) {
                asked += 1
                return asked > 20
            }
            writer.run()
            out.flush()
            #expect(writer.report.interrupted)
        }
        let script = try String(contentsOfFile: path, encoding: .utf8)
        #expect(script.hasPrefix("BEGIN;\n"))
        #expect(!script.contains("COMMIT;"))
        #expect(Self.count(script, "INSERT OR IGNORE INTO 'big'") < 1500)
    }

    // MARK: The page reader

    @Test("Varints: one to nine bytes, and nil when cut short")
    func varints() {
        #expect(Varint.read([0x05], at: 0, end: 1)! == (5, 1))
        #expect(Varint.read([0x81, 0x00], at: 0, end: 2)! == (128, 2))
        #expect(Varint.read(Array(repeating: 0xFF, count: 9), at: 0, end: 9)! == (-1, 9))
        #expect(Varint.read([0x81], at: 0, end: 1) == nil)
        #expect(Varint.read([0x81, 0x00], at: 0, end: 1) == nil)
        #expect(Varint.read(Array(repeating: 0xFF, count: 8), at: 0, end: 8) == nil)
    }

    @Test("Records: every serial type; a cut record keeps its whole values")
    func records() {
        // header: size 8; types NULL, int8, 0, 1, real, text 'hi', blob 1 byte.
        let payload: [UInt8] = [8, 0, 1, 8, 9, 7, 17, 14, 0xFE,
                                0x40, 0x09, 0x21, 0xFB, 0x54, 0x44, 0x2D, 0x18, 0x68, 0x69, 0xAB]
        let (values, complete) = Record.decode(payload, encoding: .utf8)
        #expect(complete)
        #expect(values == [.null, .integer(-2), .integer(0), .integer(1), .real(3.141592653589793), .text([0x68, 0x69]), .blob([0xAB])])
        let cut = Record.decode(Array(payload.dropLast(2)), encoding: .utf8)
        #expect(!cut.isComplete && cut.values.count == 5)
        #expect(Record.decode([], encoding: .utf8).values.isEmpty)
        #expect(Record.decode([0x50, 1], encoding: .utf8).values.isEmpty)
        #expect(Record.decode([3, 2, 10, 1, 2], encoding: .utf8) == ([.integer(258)], false))
        #expect(Record.utf8(fromUTF16: [0x68, 0, 0xAC, 0x20], bigEndian: false) == Array("h€".utf8))
    }

    @Test("Literals as quote() writes them, escape_crnl's replace() for newlines")
    func literals() {
        func literal(_ value: RecordValue, escape: Bool = true) -> String {
            var out: [UInt8] = []
            RecoverLiteral.append(value, escapeNewlines: escape, to: &out)
            return String(decoding: out, as: UTF8.self)
        }
        #expect(literal(.real(0.1)) == "0.1")
        #expect(literal(.real(1e300)) == "1.0e+300")
        #expect(literal(.real(0.1 + 0.2)) == "3.00000000000000044408e-01")
        #expect(literal(.real(1)) == "1.0")
        #expect(literal(.real(.infinity)) == "1e999")
        #expect(literal(.integer(.min)) == "-9223372036854775808")
        #expect(literal(.text(Array("it's\u{0}gone".utf8))) == "'it''s'")
        #expect(literal(.text(Array("a\nb\rc".utf8))) == "replace(replace('a\\nb\\rc','\\n', char(10)),'\\r', char(13))")
        #expect(literal(.text(Array("a\\n\nb".utf8))) == "replace('a\\n\\012b','\\012', char(10))")
        #expect(literal(.text(Array("a\nb".utf8)), escape: false) == "'a\nb'")
        #expect(literal(.blob([0, 0xAB])) == "X'00AB'")
    }
}
