import Testing

/// `.import` against the stock shell, and the deliberate difference: a row whose INSERT fails
/// leaves the database as it was (a parse error sqlite3 recovers from imports what it imports).
@Suite struct ImportCommandTests {
    static let files: [String: [UInt8]] = [
        "t1.csv": Array("a,b,a\n1,2,3\n4,\"x\ny\",6\n7,8\n9,10,11,12\n".utf8),
        "six.csv": Array("a,b,c,d,e,f\n1,2,3,4,5,6\n".utf8),
        "dup.csv": Array("x,,X,x\n".utf8),
        "empty.csv": [],
        "bom.csv": [0xEF, 0xBB, 0xBF] + Array("h1,h2\r\n\"q\"\"x\",y\r\n\"a\",\"b\"\r\n".utf8),
        "unicode.csv": Array("name,note\nÉlodie,\"naïve, ☃\"\n\"\",\"multi\nline\"\n".utf8),
        "pipe.txt": Array("1|2|3\n4|5\n".utf8),
        "ascii.txt": Array("x\u{1F}y\u{1E}1\u{1F}2\u{1E}".utf8),
        "pk.csv": Array("id,v\n1,a\n1,b\n".utf8),
        "pk3.csv": Array("id,v\n1,a\n2,b\n3,c\n2,d\n4,e\n".utf8),
        "three.csv": Array("a,b\n1,2\n3,4\n".utf8),
        "unescaped.csv": Array("a,b\n\"x\"y\",2\n".utf8),
        "bad.csv": Array("a,b\n1,2\n3,\"unterminated\n5,6\n".utf8),
        "last.csv": Array("a,b\n1,2\n3,4\n5,\"6\n".utf8),
        "openheader.csv": Array("a,\"b\n1,2\n".utf8),
        "latin.csv": [0xFF, 0xFE, 0x2C, 0xC0, 0xAF, 0x0A] + Array("1,2\n".utf8),
        "latin2.csv": [0xFF, 0x2C, 0xFE, 0x0A] + Array("1,2\n".utf8),
        "latin3.csv": [0x63, 0x61, 0x66, 0xE9, 0x2C, 0x43, 0x41, 0x46, 0xE9, 0x2C, 0x63, 0x61, 0x66, 0xC9, 0x0A] + Array("1,2,3\n".utf8),
    ]

    func expectSame(_ commands: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (ours, theirs) = try DotCommandComparison.run(commands, files: Self.files)
        #expect(ours == theirs, sourceLocation: sourceLocation)
    }

    @Test
    func newTableTakesNamesFromTheFirstRow() throws {
        try expectSame(".import -v --csv $DIR/t1.csv t\nselect * from t;\n.schema\n.import --csv $DIR/six.csv six\n.schema six\n")
    }

    @Test
    func duplicateAndEmptyColumnNames() throws {
        try expectSame(".import -v --csv $DIR/dup.csv dup\n.schema dup\n")
    }

    @Test
    func quotingBOMAndCRLF() throws {
        try expectSame(".import --csv $DIR/bom.csv bom\nselect * from bom;\n.import --csv $DIR/unescaped.csv u\nselect * from u;\n")
    }

    @Test
    func unicodeAndNewlinesInFields() throws {
        try expectSame(".import --csv $DIR/unicode.csv u\nselect name, length(name), note from u;\n")
    }

    @Test
    func existingTableGetsTheFirstRowAsData() throws {
        try expectSame("create table e(a,b,c);\n.import --csv $DIR/t1.csv e\nselect count(*) from e;\n.import -v -v --skip 1 --csv $DIR/t1.csv e\nselect * from e;\n")
    }

    @Test
    func separatorsFromTheOutputModeAndASCII() throws {
        try expectSame(".import $DIR/pipe.txt p\nselect * from p;\n.import --ascii $DIR/ascii.txt a\nselect * from a;\n.import -v $DIR/pipe.txt p2\n")
    }

    @Test
    func constraintErrorsAndSchemas() throws {
        try expectSame("""
            .import --csv --schema main $DIR/six.csv s
            .import --csv --schema nosuch $DIR/six.csv s
            .import "|cat $DIR/six.csv" piped
            select count(*) from piped;

            """)
    }

    @Test
    func argumentErrors() throws {
        try expectSame(".import\n.import a\n.import a b c\n.import --foo a b\n.import $DIR/nosuch.csv t\n.import --csv $DIR/empty.csv e\nselect 1;\n")
    }

    @Test
    func unterminatedQuoteIsReportedAndTheRowsImportedLikeSQLite3() throws {
        // sqlite3 warns, keeps the field (to the end of the file) and every row, and exits 0.
        try expectSame("""
            .import --csv $DIR/bad.csv bad
            select * from bad;
            create table ex(x,y);
            insert into ex values('kept', 1);
            .import --csv $DIR/bad.csv ex
            .import --csv $DIR/last.csv last
            select rowid, * from ex;
            select * from last;

            """)
    }

    @Test
    func unterminatedQuoteInTheLastFieldKeepsTheRowsBefore() throws {
        let (ours, theirs) = try DotCommandComparison.run(".import --csv $DIR/last.csv t\nselect * from t;\n", files: Self.files)
        #expect(ours == theirs)
        #expect(theirs == ShellRun(out: "1|2\n3|4\n5|6\n\n", err: "$DIR/last.csv:4: unterminated \"-quoted field\n", status: 0))
    }

    @Test
    func unterminatedQuoteInAHeaderOrAPipe() throws {
        try expectSame("""
            .import --csv $DIR/openheader.csv h
            .schema h
            select * from h;
            .import -v --csv "|cat $DIR/last.csv" p
            select count(*) from p;

            """)
    }

    @Test
    func headerNamesKeepTheirBytes() throws {
        // Invalid UTF-8 stays as it is in the column names, as in sqlite3: no U+FFFD, and so
        // no names made equal and renamed.
        try expectSame("""
            .import --csv $DIR/latin.csv t
            .schema t
            select hex(name) from pragma_table_info('t');
            .headers on
            select * from t;
            .import --csv $DIR/latin2.csv u
            select hex(name) from pragma_table_info('u');
            .import --csv $DIR/latin3.csv v
            select hex(name) from pragma_table_info('v');

            """)
    }

    @Test func aFailedInsertImportsNothingAndNamesTheLine() throws {
        // sqlite3 reports the row, goes on and keeps the others while exiting 1.
        let run = try DotCommandComparison.ours("""
            create table pk(id integer primary key, v);
            insert into pk values(9, 'kept');
            .import --csv --skip 1 $DIR/pk3.csv pk
            select * from pk;
            .import --csv $DIR/pk3.csv fresh
            select count(*) from fresh;

            """, files: Self.files)
        #expect(run.out == "9|kept\n5\n")
        #expect(run.err == "$DIR/pk3.csv:5: INSERT failed: UNIQUE constraint failed: pk.id; nothing imported\n")
        #expect(run.status == 1)
    }

    @Test func aFailedInsertKeepsTheUsersOpenTransaction() throws {
        // The import is a savepoint inside the user's transaction: only the import is undone.
        let run = try DotCommandComparison.ours("""
            create table pk(id integer primary key, v);
            begin;
            insert into pk values(9, 'mine');
            .import --csv --skip 1 $DIR/pk3.csv pk
            insert into pk values(10, 'mine too');
            commit;
            select * from pk;

            """, files: Self.files)
        #expect(run.out == "9|mine\n10|mine too\n")
        #expect(run.err == "$DIR/pk3.csv:5: INSERT failed: UNIQUE constraint failed: pk.id; nothing imported\n")
    }

    @Test func skippingMoreRowsThanTheFileHoldsEnds() throws {
        // sqlite3 counts the skipped rows down one by one past the end of the file.
        let run = try DotCommandComparison.ours("""
            create table t(a, b);
            .import --csv --skip 9223372036854775807 $DIR/three.csv t
            .import --csv --skip 3 $DIR/three.csv t
            .import --csv --skip 2 $DIR/three.csv t
            select * from t;
            .import --csv --skip 9223372036854775807 $DIR/three.csv fresh

            """, files: Self.files)
        #expect(run.out == "3|4\n")
        #expect(run.err == "$DIR/three.csv: empty file\n")
    }

    @Test func largeFileImportsInOneTransaction() throws {
        var csv = "id,name,value\n"
        for i in 0..<20_000 { csv += "\(i),\"name \(i)\",\(Double(i) / 3)\n" }
        let run = try DotCommandComparison.ours(".import --csv $DIR/big.csv big\nselect count(*), sum(id), max(length(name)) from big;\n",
                                               files: ["big.csv": Array(csv.utf8)])
        #expect(run.out == "20000|199990000|10\n")
        #expect(run.err.isEmpty)
    }

    @Test func lastFieldWithoutNewlineAcrossTheReadBuffer() throws {
        // The reader fills 64 KiB at a time: a last field that starts before that boundary and
        // runs to the end of the file, with no newline, must stop at the end of the data.
        var rows = "a,b\n"
        var i = 0
        while rows.utf8.count < 65_536 - 200 { rows += "\(i),\(String(repeating: "x", count: 50))\n"; i += 1 }
        rows += "\(i),"
        let last = String(repeating: "y", count: 65_536 + 20 - rows.utf8.count)
        for text in [rows + last, rows + "\"" + last + "\""] {
            let run = try DotCommandComparison.ours(".import --csv $DIR/edge.csv t\nselect count(*), (select b from t order by rowid desc limit 1) from t;\n",
                                                   files: ["edge.csv": Array(text.utf8)])
            #expect(run.out == "\(i + 1)|\(last)\n")
            #expect(run.err.isEmpty)
        }
    }
}
