import Foundation
import SQLshCore
import Testing

/// `.dump` against the stock shell: every value type, quoting, options, patterns.
@Suite struct DumpCommandTests {
    static let database = """
        create table t(a,b,c);
        insert into t values(1.0, 0.1, 1e300),(-0.0,1e18,3.5),(9e999,-9e999,'a
        b'),(x'00ff',NULL,'it''s'),(12345678901234567890.0, 1e15, 2.5e-10),
          ('a'||char(13)||char(10)||'\\n', 'x\\ny', 'é ünï ☃'), ('a'||char(0)||'b', -1, 1e-300), (x'', '', 9223372036854775807);
        create table "my table"("select" integer primary key, "b c" text) ;
        insert into "my table" values(5,'x'),(7,NULL);
        create table s(id integer primary key autoincrement, v);
        insert into s(v) values(1),(2);
        create index si on s(v);
        create view vv as select * from s -- comment
        ;
        create trigger trg after insert on s begin select 1; end;
        create table w(a primary key, b) without rowid;
        insert into w values(1,2);
        create table r(rowid, x);
        insert into r values(10, 20);
        create table g(a, b as (a*2));
        insert into g(a) values(3);
        create table "CREATE"(x /* open comment
        );

        """

    func expectSame(_ commands: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (ours, theirs) = try DotCommandComparison.run(Self.database + commands)
        #expect(ours == theirs, sourceLocation: sourceLocation)
    }

    @Test
    func wholeDatabase() throws { try expectSame(".dump\n") }

    @Test
    func options() throws {
        try expectSame(".dump --newlines\n.dump --data-only\n.dump --preserve-rowids\n.dump -nosys\n")
    }

    @Test
    func patterns() throws { try expectSame(".dump s%\n.dump 'my%' w\n.dump nosuch\n.du t\n") }

    @Test
    func badOption() throws { try expectSame(".dump --bogus\nselect 1;\n") }

    @Test
    func statTablesAndVirtualTables() throws {
        let (ours, theirs) = try DotCommandComparison.run("""
            create table t(a, b); insert into t values(1,2),(1,3); create index ti on t(a); analyze;
            create virtual table ft using fts5(x); insert into ft values('hello');
            .dump
            .dump --nosys

            """)
        #expect(ours == theirs)
    }

    /// A 2,000-row table one of whose leaf pages (the fifth of 19) is zeros, made by the
    /// script itself (`readfile`/`writefile` splice a zeroed page into the file), so that both
    /// shells read the same damaged bytes. sqlite3 dumps the rows before the bad page, prints
    /// `/****** CORRUPTION ERROR *******/`, reads the table again from the other end
    /// (`PRAGMA reverse_unordered_selects` toggled) and ends with `ROLLBACK; -- due to errors`.
    static let damagedTable = """
        .open $DIR/c.db
        create table t(a integer primary key, b text);
        with recursive r(i) as (select 1 union all select i+1 from r where i<2000) insert into t select i, 'row ' || i from r;
        create index tb on t(b);
        create table after(x); insert into after values('still dumped');
        select page_count from pragma_page_count;
        .open :memory:
        select length(writefile('$DIR/c.db', substr(readfile('$DIR/c.db'), 1, 4096*4) || zeroblob(4096) || substr(readfile('$DIR/c.db'), 4096*5+1)));
        .open $DIR/c.db

        """

    @Test
    func aCorruptPageIsReportedAndTheTableReadBackwards() throws {
        try expectDamagedDumpSame(".dump\n")
    }

    @Test
    func aCorruptPageWithOptionsAndPatterns() throws {
        try expectDamagedDumpSame(".dump --data-only t\n.dump --preserve-rowids a%\nselect count(*) from after;\n")
    }

    func expectDamagedDumpSame(_ commands: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (ours, theirs) = try DotCommandComparison.run(Self.damagedTable + commands)
        #expect(ours == theirs, sourceLocation: sourceLocation)
        #expect(theirs.out.contains("/****** CORRUPTION ERROR *******/\nINSERT INTO t VALUES(2000,'row 2000');\n"),
                sourceLocation: sourceLocation)
    }

    /// A file that is not a database: sqlite3 writes the error of the query for indexes,
    /// triggers and views as a comment on standard output, and exits 0.
    @Test
    func aFileThatIsNotADatabase() throws {
        let (ours, theirs) = try DotCommandComparison.run(".dump\n.dump --data-only\n.dump t%\nselect 2;\n",
                                                          database: "$DIR/text.db",
                                                          files: ["text.db": Array(String(repeating: "not a database\n", count: 300).utf8)])
        #expect(ours == theirs)
        #expect(theirs.out.contains("BEGIN TRANSACTION;\n/**** ERROR: (26) file is not a database *****/\nROLLBACK; -- due to errors\n"))
    }

    /// A database another connection holds an exclusive lock on: `(5) database is locked`
    /// (checked against sqlite3 3.40.1 by hand: a golden file cannot hold the lock).
    @Test
    func aLockedDatabase() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sqlsh-dump-lock-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("locked.db").path
        let holder = try Connection(path: path)
        try holder.execute("create table t(x); insert into t values(1); begin exclusive; insert into t values(2);")
        let run = try DotCommandComparison.ours(".dump\n.dump --data-only\nselect 3;\n", database: path)
        try holder.execute("rollback")
        let expected = "PRAGMA foreign_keys=OFF;\nBEGIN TRANSACTION;\n/**** ERROR: (5) database is locked *****/\nROLLBACK; -- due to errors\n"
        #expect(run == ShellRun(out: expected + "3\n", err: "", status: 0))
    }

    /// Names and SQL that are not UTF-8 (Latin-1), a genuine character of the range sqlsh uses
    /// for escapes (U+10FF90), and a NUL in the schema's SQL: dumped with their bytes (and the
    /// rows of the Latin-1 table found, not lost to a U+FFFD name), up to the NUL.
    @Test
    func namesAndSQLThatAreNotUTF8() throws {
        var script: [UInt8] = Array("create table \"caf".utf8) + [0xE9] + Array("\"(x default '".utf8) + [0xFF]
        script += Array("', \"".utf8) + [0xF4, 0x8F, 0xBE, 0x90] + Array("\");\ninsert into \"caf".utf8) + [0xE9]
        script += Array("\"(x) values(1),(2);\ncreate table n(x);\ninsert into n values(3);\n".utf8)
        script += Array("pragma writable_schema=on;\nupdate sqlite_schema set sql = cast(sql || x'00' || 'tail' as text) where name = 'n';\n".utf8)
        let (ours, theirs) = try DotCommandComparison.run("""
            .open $DIR/latin.db
            .read $DIR/latin.sql
            .dump
            .dump --preserve-rowids caf%
            .schema
            .schema --indent
            .fullschema

            """, files: ["latin.sql": script])
        #expect(ours == theirs)
        #expect(theirs.out.contains("INSERT INTO \"caf\u{10FFE9}\" VALUES(2,NULL);\n"))
    }
}
