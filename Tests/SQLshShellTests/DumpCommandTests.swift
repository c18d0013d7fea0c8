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
}
