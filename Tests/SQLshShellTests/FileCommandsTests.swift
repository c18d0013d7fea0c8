import Testing

/// `.open`, `.backup`, `.save`, `.restore`, `.load` and `.cd` against the stock shell.
@Suite struct FileCommandsTests {
    func expectSame(_ commands: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (ours, theirs) = try DotCommandComparison.run(commands)
        #expect(ours == theirs, sourceLocation: sourceLocation)
    }

    @Test
    func openOptions() throws {
        try expectSame("""
            .open /nonexist/x.db
            .databases
            .open --new $DIR/o1.db
            create table a(x);
            insert into a values(1),('two'),(NULL);
            .open --readonly $DIR/o1.db
            .databases
            insert into a values(1);
            select * from a;
            .open --deserialize $DIR/o1.db
            .databases
            insert into a values(3);
            select count(*) from a;
            .open
            .databases
            .open --nofollow $DIR/o1.db
            select count(*) from a;
            .open --new $DIR/o1.db
            .tables
            .open --foo
            .open a b
            .op --readonly --maxsize 10 $DIR/o1.db

            """)
    }

    @Test
    func backupAndRestore() throws {
        try expectSame("""
            create table a(x); insert into a values(1),('é'),(x'41'),(NULL);
            .backup $DIR/b1.db
            .save $DIR/b2.db
            .backup main $DIR/b3.db
            .backup --async $DIR/b4.db
            .backup
            .backup a b c
            .backup --foo x
            .backup nosuch $DIR/b5.db
            .backup /nonexist/b.db
            .open $DIR/b3.db
            select * from a;
            .open
            .restore $DIR/b1.db
            select * from a;
            .restore nosuch $DIR/b1.db
            .restore
            .restore a b c
            .restore /nonexist/x.db
            .restore $DIR/empty.db
            select * from a;

            """)
    }

    @Test
    func loadAndCdErrors() throws {
        try expectSame(".load\n.load $DIR/nonexist\n.load $DIR/nonexist entry\n.cd /nonexist\n.cd\n.cd a b\nselect 1;\n")
    }
}
