import Foundation
import Testing
import SQLshCatalog
import SQLshCore

/// A fresh directory under the system temporary directory.
private func makeArchiveDirectory(_ label: String) throws -> String {
    let path = NSTemporaryDirectory() + "sqlsh-archive-\(label)-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// sqlar_compress, sqlar_uncompress and the zipfile table and aggregate, compared with the
/// stock sqlite3 3.40.1 shell (which has SQLite's sqlar.c and zipfile.c built in).
@Suite struct ArchivePackTests {
    static let sameAsStock = [
        // sqlar_compress: only blobs, and only when shorter.
        "select hex(sqlar_compress(zeroblob(100))), sqlar_compress('abc'), sqlar_compress(1), quote(sqlar_compress(NULL)), hex(sqlar_compress(x''))",
        "select hex(sqlar_compress(x'0102')), typeof(sqlar_compress(x'0102')), typeof(sqlar_compress(2.5))",
        "select hex(sqlar_compress(cast(printf('%.*c', 1000, 'a') as blob)))",
        // sqlar_uncompress: unchanged when SZ <= 0 or the size already; else inflated.
        "select hex(sqlar_uncompress(sqlar_compress(zeroblob(100)), 100))",
        "select quote(sqlar_uncompress(NULL, 10)), quote(sqlar_uncompress(x'0102', 0)), quote(sqlar_uncompress(x'0102', -5)), quote(sqlar_uncompress(x'0102', 2))",
        "select sqlar_uncompress('abc', 10)",
        "select hex(sqlar_uncompress(sqlar_compress(zeroblob(100)), 50))",
        "select hex(sqlar_uncompress(sqlar_compress(zeroblob(100)), 4294967396))",
        "select sqlar_compress()", "select sqlar_uncompress(x'00')",
        // The zipfile() aggregate writes the same bytes as SQLite's.
        "select hex(zipfile('a.txt', 33188, 1700000000, 'hello world hello world hello world'))",
        "select hex(zipfile(name, mode, mtime, data, method)) from (select 'x' name, NULL mode, 1600000000 mtime, zeroblob(100) data, 0 method union all select 'd', NULL, 1600000000, NULL, NULL)",
        "select hex(zipfile('e', '-rw-------', 315532800, x'')), hex(zipfile('old', NULL, 0, 'x', 8))",
        // Level 9, as SQLite's: text where the level changes the deflated bytes.
        "select md5 from (select hex(zipfile('x', NULL, 1, (select group_concat(value * value * 7919 % 10007, ',') from generate_series(1, 20000)))) as md5)",
        "select zipfile('a')", "select zipfile(NULL, 'a')", "select hex(zipfile('', 'a', 1))",
        "select zipfile('a', 'x', 1, 'b')", "select zipfile('a', 'drwxr-xr-x', 1, 'b')", "select zipfile('a', NULL, 1, 'b', 3)",
        "select zipfile('a', 'b', 3)", "select zipfile('a', 'b', 3, 4, 5, 6)",
        "select quote(zipfile(1, 2)) where 0",
        // More than 65535 members: the end record's counts are cut to 16 bits, as SQLite's.
        "select count(*) from zipfile((select zipfile('f' || value, NULL, 1, 'x') from generate_series(1, 70000)))",
        // A directory name keeps one final '/'; a file's name may not end in '/'.
        "select hex(zipfile('dir3//', NULL, 1, NULL)), hex(zipfile('dir4///', NULL, 1, NULL))",
        "select name from zipfile((select zipfile(n, NULL, 1, NULL) from (select 'a//' n union all select '/' union all select '//' union all select '' union all select 'b')))",
        "select zipfile('f/', NULL, 1, 'data')", "select zipfile('f/', 'data')", "select zipfile('f/', 'x', 1, 'data')",
        // The name's bytes past a NUL are kept (not for a directory given without its '/').
        "select hex(zipfile('a' || char(0) || 'b', NULL, 1, 'x')), hex(zipfile('a' || char(0) || 'b', NULL, 1, NULL))",
        "select hex(zipfile('a' || char(0) || 'b//', NULL, 1, NULL))",
        // The time is taken as an unsigned 32-bit number for the DOS fields too.
        "select hex(zipfile('a', NULL, -1, 'x')), hex(zipfile('a', NULL, 4294967296 + 5, 'x'))",
        // Reading a blob.
        "select name, mode, mtime, sz, method, hex(data), hex(rawdata) from zipfile(zipfile('a', '-rwx------', 5000000000, 'b'))",
        "select name, mode, mtime, sz, method, quote(data), quote(rawdata) from zipfile((select zipfile(n, NULL, 1, d) from (select 'dir' n, NULL d union all select 'empty', x'' union all select 'z', zeroblob(5000))))",
        "select name from zipfile(x'504b0506000000000000000000000000000000000000')",
        "select * from zipfile(x'00')", "select * from zipfile(NULL)", "select * from zipfile", "select * from zipfile('/nonexistent.zip')",
        "select * from zipfile(x'')",
        // The end record is looked for in the last 64 KiB, and needs only its first 20 bytes.
        "select count(*) from zipfile(x'504B05060000000000000000000000000000000000')",
        "select count(*) from zipfile(x'504B050600000000000000000000000000000000')",
        "select count(*) from zipfile(cast(x'504B0506000000000000000000000000000000000000' || zeroblob(65514) as blob))",
        "select count(*) from zipfile(cast(x'504B0506000000000000000000000000000000000000' || zeroblob(65515) as blob))",
        // An empty member is a directory (NULL data) when its mode has the 040000 bit (a
        // socket's and a block device's do) or its name ends in '/'.
        "select name, mode, quote(data), quote(rawdata) from zipfile(x'504B0304140000080000000000000000000000000000000000000100090065555405000101000000504B01021E0314000008000000000000000000000000000000000000010009000000000000000000A4C10000000065555405000101000000504B0506000000000100010038000000280000000000')",
        "select name, mode, quote(data), quote(rawdata) from zipfile(x'504B0304140000080000000000000000000000000000000000000100090065555405000101000000504B01021E0314000008000000000000000000000000000000000000010009000000000000000000A4610000000065555405000101000000504B0506000000000100010038000000280000000000')",
        "select name, mode, quote(data), quote(rawdata) from zipfile(x'504B0304140000080000000000000000000000000000000000000100090065555405000101000000504B01021E0314000008000000000000000000000000000000000000010009000000000000000000FFA10000000065555405000101000000504B0506000000000100010038000000280000000000')",
        // A name is read up to a NUL; so is a file name in an error.
        "select hex(name), length(name) from zipfile((select zipfile('a' || char(0) || 'b', 'x')))",
        "select count(*) from zipfile('/nonexistent' || char(0) || 'x')",
        // DOS dates and times (no extended timestamp), out-of-range fields and years past
        // 2106 included: SQLite's Julian-day arithmetic, cut to 32 bits.
        "select mtime from zipfile(x'504B0304140000000000000000008316DC8C0100000001000000010000006178504B01021403140000000000000000008316DC8C0100000001000000010000000000000000000000A4810000000061504B050600000000010001002F000000200000000000')",
        "select mtime from zipfile(x'504B0304140000000000FFFFFFFF8316DC8C0100000001000000010000006178504B01021403140000000000FFFFFFFF8316DC8C0100000001000000010000000000000000000000A4810000000061504B050600000000010001002F000000200000000000')",
        "select mtime from zipfile(x'504B03041400000000000000A1158316DC8C0100000001000000010000006178504B010214031400000000000000A1158316DC8C0100000001000000010000000000000000000000A4810000000061504B050600000000010001002F000000200000000000')",
        "select mtime from zipfile(x'504B03041400000000000000CFFC8316DC8C0100000001000000010000006178504B010214031400000000000000CFFC8316DC8C0100000001000000010000000000000000000000A4810000000061504B050600000000010001002F000000200000000000')",
        "select mtime from zipfile(x'504B03041400000000000000CFFE8316DC8C0100000001000000010000006178504B010214031400000000000000CFFE8316DC8C0100000001000000010000000000000000000000A4810000000061504B050600000000010001002F000000200000000000')",
        "pragma table_xinfo(zipfile)",
        // zipfile_cds(z): the central directory fields of the cursor's row; only on a column
        // of a zipfile table ("unable to use function zipfile_cds in the requested context").
        "select name, zipfile_cds(z) from zipfile((select zipfile(n, NULL, 1600000000, d) from (select 'a.txt' n, 'hello hello hello hello' d union all select 'dir', NULL)))",
        "select zipfile_cds(z + 1), zipfile_cds(name), zipfile_cds(z, 2) from zipfile((select zipfile('a', 'b')))",
        "select zipfile_cds(1)", "select zipfile_cds()",
        "select count(*) from pragma_function_list where name = 'zipfile_cds'",
        // The hidden column z reads as the cursor's number, counted per table.
        "select z from zipfile((select zipfile('a', 'b'))); select z, (select count(*) from zipfile((select zipfile('c', 'd')))) from zipfile((select zipfile('a', 'b')))",
        "select a.z, b.z from zipfile((select zipfile('a', 'b'))) a, zipfile((select zipfile('c', 'd'))) b",
        "create virtual table temp.x using zipfile", "create virtual table temp.x using zipfile(a, b)",
        "insert into zipfile(name, data) values('a', 'b')",
    ]

    @Test(arguments: sameAsStock)
    func matchesStockShell(_ sql: String) throws {
        #expect(StockShell.ours(sql) == (try StockShell.run(sql)), "\(sql)")
    }

    /// A table written by sqlsh, then read by sqlite3 (and the other way round).
    static let writes: [(sql: String, query: String)] = [
        ("insert into z(name, mode, mtime, data) values('a.txt', NULL, 1700000000, 'hello'), ('d', NULL, 1700000000, NULL), ('b.txt', '-rw-r--r--', 1700000000, zeroblob(1000))",
         "select name, mode, mtime, sz, method, hex(data) from zipfile('$F')"),
        ("insert into z(name, mode, mtime, data) values('a', NULL, 1, 'x'); update z set mode = 33152 where name = 'a'; update z set name = 'b' where name = 'a'",
         "select name, mode, mtime, sz, hex(data) from zipfile('$F')"),
        ("insert into z(name, mtime, data) values('a', 1, 'x'), ('b', 2, 'y'), ('c', 3, 'z'); delete from z where name = 'b'",
         "select name, mtime, hex(data) from zipfile('$F')"),
        ("insert into z(name, mtime, data) values('a', 1, 'x'); insert into z(name, mtime, data) values('a', 2, 'y')",
         "select name, mtime, hex(data) from zipfile('$F')"),
        ("insert into z(name, mtime, data) values('a', 1, 'x'); insert or replace into z(name, mtime, data) values('a', 2, 'y'); insert or ignore into z(name, mtime, data) values('a', 3, 'z')",
         "select name, mtime, hex(data) from zipfile('$F')"),
        ("insert into z(name, mtime, data) values('d', 1, NULL); insert into z(name, mtime, data) values('d/', 2, NULL)",
         "select name, mtime from zipfile('$F')"),
        ("insert into z(name, sz, data) values('a', 1, 'b')", "select count(*) from zipfile('$F')"),
        ("insert into z(name, rawdata, data) values('a', 'x', 'b')", "select count(*) from zipfile('$F')"),
        ("insert into z(name, mode, data) values('a', 'q', 'b')", "select count(*) from zipfile('$F')"),
        ("insert into z(name, mode, data) values('a', 16877, 'b')", "select count(*) from zipfile('$F')"),
        ("insert into z(name, data, method) values('a', 'b', 3)", "select count(*) from zipfile('$F')"),
        ("insert into z(name, mtime, data, method) values('s', 1, zeroblob(100), 0), ('c', 1, zeroblob(100), 8), ('t', 1, 'tiny', 8)",
         "select name, sz, method, length(rawdata), hex(data) = hex(zeroblob(100)) from zipfile('$F')"),
        // A failed statement keeps the rows written before the failure (SQLite's zipfile
        // has no statement rollback, and its xRollback writes the archive as xCommit does).
        ("insert into z(name, mtime, data) values('a0', 1, 'one'), ('a0', 2, 'two')",
         "select name, mtime, hex(data) from zipfile('$F')"),
        ("insert into z(name, mtime, data) values('a0', 1, 'one'); insert or replace into z(name, mtime, data) values('a0', 2, 'two'), ('a1', 3, 'x'), ('a0', 4, 'three')",
         "select name, mtime, hex(data) from zipfile('$F')"),
        ("insert into z(name, mtime, data) values('a0', 1, 'one'); insert or ignore into z(name, mtime, data) values('a0', 2, 'two'), ('a1', 3, 'x'), ('a1', 4, 'y')",
         "select name, mtime, hex(data) from zipfile('$F')"),
        ("insert into z(name, mtime, data) values('a0', 1, 'one'); insert or fail into z(name, mtime, data) values('b', 2, 'x'), ('a0', 3, 'y')",
         "select name, mtime, hex(data) from zipfile('$F')"),
        ("insert into z(name, mtime, data) values('a0', 1, 'one'); insert or abort into z(name, mtime, data) values('b', 2, 'x'), ('a0', 3, 'y')",
         "select name, mtime, hex(data) from zipfile('$F')"),
        ("insert into z(name, mtime, data) values('a0', 1, 'one'); insert or rollback into z(name, mtime, data) values('b', 2, 'x'), ('a0', 3, 'y')",
         "select name, mtime, hex(data) from zipfile('$F')"),
        ("insert into z(name, mtime, data) values('a0', 1, 'one'); begin; insert into z(name, mtime, data) values('b', 2, 'x'); rollback",
         "select name, mtime, hex(data) from zipfile('$F')"),
        ("insert into z(name, mtime, data) values('a0', 1, 'one'); begin; insert or ignore into z(name, mtime, data) values('b', 2, 'x'), ('a0', 3, 'y'); delete from z where name = 'a0'; rollback",
         "select name, mtime, hex(data) from zipfile('$F')"),
        // A table keeps a name as given (up to a NUL), a file's final '/' and a directory's
        // extra ones; the time is an unsigned 32-bit number in the DOS fields too.
        ("insert into z(name, mtime, data) values('f/', 1, 'x'), ('d//', 1, NULL), ('n' || char(0) || 'ul', 1, 'y'), ('t', -1, 'z'), ('u', 4294967301, 'w')",
         "select hex(readfile('$F'))"),
        // An UPDATE writes the member again from its data (re-deflated, or stored when
        // method is set to 0); sz and rawdata must stay NULL ("rawdata" is reported last).
        ("insert into z(name, mtime, data) values('a', 1, zeroblob(50)); update z set method = 0 where name = 'a'",
         "select name, mtime, sz, method, length(rawdata) from zipfile('$F')"),
        ("insert into z(name, mtime, data, method) values('a', 1, 'abc', 8); update z set name = 'b'",
         "select name, mtime, sz, method, hex(rawdata) from zipfile('$F')"),
        ("insert into z(name, mtime, data) values('a', 1, 'x'); update z set method = 3", "select name, method from zipfile('$F')"),
        ("insert into z(name, mtime, data) values('a', 1, 'x'); update z set mode = 'q', method = 3", "select name, method from zipfile('$F')"),
        ("insert into z(name, mtime, data) values('a', 1, 'x'); update z set sz = 1, rawdata = 'y'", "select name, sz from zipfile('$F')"),
        ("insert into z(name, mtime, data) values('a', 1, 'x'); update z set sz = 1, mode = 'q'", "select name, sz from zipfile('$F')"),
        ("insert into z(name, sz, rawdata, mode, data, method) values('a', 1, 'y', 'q', 'x', 3)", "select count(*) from zipfile('$F')"),
        ("insert into z(name, mode, data, method) values('a', 'q', 'x', 3)", "select count(*) from zipfile('$F')"),
        ("insert into z(name, mode, data, method) values('a', 16877, 'x', 3)", "select count(*) from zipfile('$F')"),
        // A member of an unknown method (12) has no data: an UPDATE makes it a directory.
        ("select writefile('$F', x'\(unknownMethodArchive)'); update z set name = 'h' where name = 'g'",
         "select name, method, hex(rawdata) from zipfile('$F')"),
        ("select writefile('$F', x'\(unknownMethodArchive)'); update z set mtime = 2 where name = 'f'",
         "select name, mtime, method, hex(rawdata) from zipfile('$F')"),
        // The file's bytes: as SQLite's zipfile, each change appends the member's header and
        // data, and each transaction's end appends a new central directory (the old ones,
        // and the data of members deleted or written again, stay where they were).
        ("insert into z(name, mtime, data) values('a', 1, 'x'), ('b', 2, zeroblob(99)); update z set mtime = 3 where name = 'a'; delete from z where name = 'b'; insert or replace into z(name, mtime, data) values('a', 4, 'y'), ('c', 5, NULL)",
         "select hex(readfile('$F'))"),
        ("select writefile('$F', x'\(unknownMethodArchive)'); begin; insert into z(name, mtime, data) values('n', 1, 'new'); delete from z where name = 'f'; commit; select name from z",
         "select hex(readfile('$F'))"),
        ("insert into z(name, mtime, data) values('a', 1, 'x'); insert into z(name, mtime, data) values('a', 1, 'y')",
         "select hex(readfile('$F'))"),
        // The file a failed first write leaves: an empty archive (22 bytes).
        ("insert into z(name, sz, data) values('a', 1, 'b')", "select hex(readfile('$F'))"),
        ("insert into z(name, mtime, data) values('a', 1, 'x'), ('b', 2, 'y'); update z set name = 'a' where name = 'b'",
         "select name, mtime, hex(data) from zipfile('$F')"),
    ]

    /// An archive of two stored members, 'f' ("abc") and 'g' ("xyz"), whose method field
    /// says 12 (bzip2) for 'g'.
    static let unknownMethodArchive = "504B0304140000080000D40D292BC241243503000000030000000100090066555405000100CA9A3B616263504B0304140000080C00D40D292B67BA8EEB03000000030000000100090067555405000100CA9A3B78797A504B01021E03140000080000D40D292BC24124350300000003000000010009000000000000000000A4810000000066555405000100CA9A3B504B01021E03140000080C00D40D292B67BA8EEB0300000003000000010009000000000000000000A4812B00000067555405000100CA9A3B504B0506000000000200020070000000560000000000"

    // These name fresh temporary files, so sqlite3 runs live (no golden file can hold them).
    @Test(.enabled(if: StockShell.isInstalled), arguments: writes.indices)
    func writtenArchivesMatchStockShell(_ index: Int) throws {
        let (writeSQL, query) = Self.writes[index]
        let dir = try makeArchiveDirectory("write")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let stockFile = dir + "/stock.zip", ourFile = dir + "/ours.zip"
        let create = "create virtual table temp.z using zipfile('$F'); "
        let stock = try StockShell.live((create + writeSQL).replacingOccurrences(of: "$F", with: stockFile))
        let ours = StockShell.ours((create + writeSQL).replacingOccurrences(of: "$F", with: ourFile))
        #expect(ours == stock, "\(writeSQL)")
        // Both archives read the same by sqlite3's zipfile (when they were written at all).
        let stockRead = try StockShell.live(query.replacingOccurrences(of: "$F", with: stockFile))
        let oursRead = try StockShell.live(query.replacingOccurrences(of: "$F", with: ourFile))
        #expect(oursRead == stockRead, "\(writeSQL)")
    }

    /// As in SQLite's zipfile, every change is kept: ROLLBACK writes the archive as COMMIT
    /// does, and a failed statement keeps the rows it wrote before failing.
    @Test(.enabled(if: StockShell.isInstalled)) func rollbackKeepsTheChangesAsSQLiteDoes() throws {
        let dir = try makeArchiveDirectory("rollback")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/r.zip"
        let db = try catalogConnection()
        try db.execute("create virtual table temp.z using zipfile('\(file)')")
        try db.execute("insert into z(name, mtime, data) values('a', 1, 'x')")
        try db.execute("begin")
        try db.execute("insert into z(name, mtime, data) values('b', 2, 'y')")
        #expect(try column(db, "select name from z") == [.text("a"), .text("b")])
        try db.execute("rollback")
        #expect(try column(db, "select name from z") == [.text("a"), .text("b")])
        try db.execute("begin")
        #expect(errorMessage(db, "insert into z(name, mtime, data) values('c', 3, 'z'), ('a', 4, 'w')") == "duplicate name: \"a\"")
        try db.execute("commit")
        #expect(try StockShell.live("select name, mtime from zipfile('\(file)')").rows == "a|1\nb|2\nc|3\n")
    }

    /// A folder opens (as fopen does) but reads nothing: "error in fread()"; and it cannot be
    /// opened for appending, as SQLite's zipfile opens an archive to change it.
    @Test(.enabled(if: StockShell.isInstalled)) func aFolderIsNotAnArchive() throws {
        let dir = try makeArchiveDirectory("folder")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for sql in ["select * from zipfile('\(dir)')",
                    "create virtual table temp.z using zipfile('\(dir)'); select * from z",
                    "create virtual table temp.z using zipfile('\(dir)'); insert into z(name, data) values('a', 'b')",
                    "create virtual table temp.z using zipfile('\(dir)'); delete from z"] {
            #expect(StockShell.ours(sql) == (try StockShell.live(sql)), "\(sql)")
        }
    }

    @Test func unwritablePathsFailAtTheFirstChange() throws {
        let db = try catalogConnection()
        try db.execute("create virtual table temp.z using zipfile('/nonexistent-dir/x.zip')")
        #expect(errorMessage(db, "insert into z(name, data) values('a', 'b')") == "zipfile: failed to open file /nonexistent-dir/x.zip for writing")
        #expect(errorMessage(db, "select * from z") == "cannot open file: /nonexistent-dir/x.zip")
    }

    @Test(.enabled(if: StockShell.isInstalled)) func stockArchivesReadTheSame() throws {
        let dir = try makeArchiveDirectory("read")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/s.zip"
        _ = try StockShell.live("create virtual table temp.z using zipfile('\(file)'); insert into z(name, mode, mtime, data) values('a.txt', NULL, 1700000000, 'hello'), ('d', NULL, 1700000000, NULL), ('big', NULL, 1700000000, zeroblob(100000)); update z set name = 'c.txt' where name = 'a.txt'")
        let query = "select name, mode, mtime, sz, method, length(rawdata), hex(data) from zipfile('\(file)')"
        #expect(StockShell.ours(query) == (try StockShell.live(query)))
    }

    @Test func corruptArchivesAreErrors() throws {
        let db = try catalogConnection()
        let archive = try bytes(db, "select zipfile('a.txt', 33188, 1700000000, 'hello')")
        #expect(archive.count == 131)
        func read(_ mutate: (inout [UInt8]) -> Void) -> String? {
            var copy = archive
            mutate(&copy)
            let hex = copy.map { String(format: "%02X", $0) }.joined()
            return errorMessage(db, "select name, sz, hex(data), hex(rawdata) from zipfile(x'\(hex)')")
        }
        let cds = 49  // the directory follows the 30-byte header, the name, the 9-byte timestamp and "hello"
        #expect(read { $0[cds] = 0x51 } == "failed to read CDS at offset 49")
        #expect(read { $0[cds + 28] = 0xff } == "zip archive is corrupt")  // name past the end
        #expect(read { $0[cds + 42] = 0x40 } == "failed to read LFH at offset 64")
        #expect(read { $0[cds + 20] = 0xff } == "zip archive is corrupt")  // compressed size past the end
        #expect(read { $0[26] = 251 } == "failed to read LFH at offset 0")  // a local name over 250 bytes
        #expect(read { $0[cds + 10] = 8 } == "inflate() failed (-3)")
        #expect(read { $0.removeLast(2) } == nil)  // the comment's length is not read
        #expect(read { $0.removeLast(3) } == "cannot find end of central directory record")
        #expect(read { $0 = Array($0[40...]) } == "zip archive is corrupt")  // the directory past the end
        // Every truncation and every single-byte change: an error or rows, never a crash.
        for n in 0..<archive.count {
            _ = read { $0 = Array($0[..<n]) }
            _ = read { $0[n] ^= 0xff }
        }
    }

    /// SQLite 3.53's test/zipfile.test cases 20.0, 20.1, 20.2 and 21.0: a blob whose end
    /// record, directory entry or stored bytes point past its end is "zip archive is
    /// corrupt"; a local header offset past the end "failed to read LFH at offset N", N the
    /// offset as a signed 32-bit number.
    static let corruptBlobs: [(hex: String, message: String)] = [
        ("504b050600000000010001004000000000a3e1110000", "zip archive is corrupt"),
        ("504b0304140000080000a60d3e5bd42728f602000000020000000500090068"
            + "2e74787455540500012836db682120504b01021e03140000080000a60d3e5b"
            + "d42728f602000000020000000500ffff0000000000000000a4810000000068"
            + "2e74787455540500012836db68504b050600000000010001003c0000002e00"
            + "00000000", "zip archive is corrupt"),
        ("504b0304140000000000000000008b9ed9d30100000001000000010000007841504b01021e03140000000000000000008b9ed9d3010000000100000001001e000000000000000000a4810000000078504b050600000000010001002f000000200000000000",
         "zip archive is corrupt"),
        ("504B03040A0000000000000000000000000000000000000000000100000078504B010200000A0000000000000000000000000000000000000000000100000000000000000000000000E2FFFFFF78504B050600000000010001002F0000001F0000000000",
         "failed to read LFH at offset -30"),
    ]

    @Test func corruptBlobsAnswerAsSQLite353() throws {
        let db = try catalogConnection()
        for (hex, message) in Self.corruptBlobs {
            #expect(errorMessage(db, "select * from zipfile(x'\(hex)')") == message, "\(hex.prefix(40))")
            #expect(errorMessage(db, "select count(*) from zipfile(unhex('\(hex)'))") == message)
        }
        // 65535 entries recorded at offset 255 of a 22-byte blob (sqlite3 3.40.1 reads past it).
        #expect(errorMessage(db, "select name from zipfile(x'504b050600000000ffff0000ff000000ff0000000000')") == "zip archive is corrupt")
    }

    /// The same archives as files: the reads that run short are "error in fread()" there, as
    /// in SQLite (which checks a blob's bounds but reads a file with fread).
    @Test func corruptFilesAreErrorsToo() throws {
        let dir = try makeArchiveDirectory("corrupt")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let db = try catalogConnection()
        let expected = ["error in fread()", "error in fread()", "error in fread()", "failed to read LFH at offset -30"]
        for ((hex, _), message) in zip(Self.corruptBlobs, expected) {
            var bytes: [UInt8] = []
            var index = hex.startIndex
            while index < hex.endIndex {
                let next = hex.index(index, offsetBy: 2)
                bytes.append(UInt8(hex[index..<next], radix: 16) ?? 0)
                index = next
            }
            let file = dir + "/c.zip"
            try Data(bytes).write(to: URL(fileURLWithPath: file))
            #expect(errorMessage(db, "select * from zipfile('\(file)')") == message, "\(hex.prefix(40))")
        }
    }

    /// As SQLite's zipfileInflate, one inflate() call must reach the end of the stream with
    /// the output buffer the recorded size: a smaller recorded size, a damaged or truncated
    /// stream are "inflate() failed (0)" (zlib's Z_OK), as sqlite3 reports them.
    @Test func deflateStreamsMustEndAtTheRecordedSize() throws {
        let db = try catalogConnection()
        let archive = try bytes(db, "select zipfile('a', NULL, 1, zeroblob(100), 8)")
        let cds = 46  // the 30-byte header, the name, the 9-byte timestamp, 6 deflated bytes
        #expect(archive.count == 124 && archive[cds] == 0x50 && archive[cds + 24] == 100)
        func read(_ mutate: (inout [UInt8]) -> Void) -> String? {
            var copy = archive
            mutate(&copy)
            let hex = copy.map { String(format: "%02X", $0) }.joined()
            return errorMessage(db, "select name, sz, length(data) from zipfile(x'\(hex)')")
        }
        #expect(read { _ in } == nil)
        #expect(read { $0[cds + 24] = 50 } == "inflate() failed (0)")   // recorded size 50
        #expect(read { $0[cds + 24] = 99 } == "inflate() failed (0)")   // one byte short
        #expect(read { $0[cds + 20] = 3 } == "inflate() failed (0)")    // stream cut to 3 bytes
        #expect(read { $0[42] = 0xff } == "inflate() failed (0)")       // damaged block
        #expect(read { $0[45] = 0x01 } == "inflate() failed (0)")       // damaged end
    }

    /// Damaged directories read as sqlite3 reads them, from a file (entries read one at a
    /// time, up to the directory's recorded size, errors after the rows before them) and
    /// from a blob (the recorded number of entries, all read first).
    @Test(.enabled(if: StockShell.isInstalled)) func damagedDirectoriesReadAsInSQLite() throws {
        let dir = try makeArchiveDirectory("damaged")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let db = try catalogConnection()
        // Two members, 'a' and 'b' (stored "x" and "y"): 41-byte headers, 56-byte directory entries.
        let archive = try bytes(db, "select zipfile(n, NULL, 1, d, 0) from (select 'a' n, 'x' d union all select 'b', 'y')")
        #expect(archive.count == 2 * 41 + 2 * 56 + 22)
        let cds = 82, second = 82 + 56, end = 82 + 112
        let damaged: [(String, (inout [UInt8]) -> Void)] = [
            ("zip64 offset", { for i in 16..<20 { $0[end + i] = 0xff } }),
            ("one entry recorded", { $0[end + 8] = 1; $0[end + 10] = 1 }),
            ("one entry recorded, two in total", { $0[end + 8] = 1 }),
            ("no entries recorded, two in total", { $0[end + 8] = 0 }),
            ("three entries recorded", { $0[end + 8] = 3; $0[end + 10] = 3 }),
            ("no entries recorded", { $0[end + 8] = 0; $0[end + 10] = 0 }),
            ("directory size cut", { $0[end + 12] = 56 }),
            ("second entry damaged", { $0[second] = 0 }),
            ("first header damaged", { $0[0] = 0 }),
            ("second header offset huge", { for i in 42..<46 { $0[second + i] = 0xff } }),
            ("first name past the directory", { $0[cds + 28] = 0xff }),
        ]
        for (label, mutate) in damaged {
            var copy = archive
            mutate(&copy)
            let file = dir + "/d.zip"
            try Data(copy).write(to: URL(fileURLWithPath: file))
            let hex = copy.map { String(format: "%02X", $0) }.joined()
            // sqlite3 3.40.1 reads a blob past its end for these (it crashes or reads
            // garbage); SQLite 3.53 checks the bounds: the directory past the end is corrupt.
            let corruptIn353 = ["zip64 offset", "three entries recorded", "first name past the directory"]
            if corruptIn353.contains(label) {
                #expect(errorMessage(db, "select name from zipfile(x'\(hex)')") == "zip archive is corrupt", "\(label)")
            }
            let pastTheBlob = corruptIn353 + ["second header offset huge"]
            for source in ["'\(file)'", "x'\(hex)'"] where !(source.hasPrefix("x") && pastTheBlob.contains(label)) {
                let sql = "select name, hex(data) from zipfile(\(source))"
                #expect(StockShell.ours(sql) == (try StockShell.live(sql)), "\(label): \(source.prefix(2))")
                let names = "select name from zipfile(\(source))"
                #expect(StockShell.ours(names) == (try StockShell.live(names)), "\(label): \(source.prefix(2))")
            }
        }
    }

    @Test func aHugeRecordedSizeIsTooBig() throws {
        let db = try catalogConnection()
        var archive = try bytes(db, "select zipfile('a', NULL, 1, zeroblob(100), 8)")
        let cds = archive.count - 22 - 46 - 1 - 9
        archive[cds + 24] = 0xff; archive[cds + 25] = 0xff; archive[cds + 26] = 0xff; archive[cds + 27] = 0xff
        let hex = archive.map { String(format: "%02X", $0) }.joined()
        #expect(errorMessage(db, "select data from zipfile(x'\(hex)')") == "string or blob too big")
        #expect(try value(db, "select sz from zipfile(x'\(hex)')") == .integer(4_294_967_295))
    }
}
