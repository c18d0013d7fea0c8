import Testing

/// `.print`, `.prompt`, `.limit`, `.log`, `.stats`, `.sha3sum`, `.system`/`.shell` and
/// `.help` against the stock shell.
@Suite struct MiscCommandsTests {
    func expectSame(_ commands: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (ours, theirs) = try DotCommandComparison.run(commands)
        #expect(ours == theirs, sourceLocation: sourceLocation)
    }

    @Test
    func printAndPrompt() throws {
        try expectSame(".print a 'b c' \"d\\te\" ünï\n.print\n.pri x\n.prompt a b\n.prompt\n.prompt 'a very long prompt string indeed'\n")
    }

    @Test
    func limits() throws {
        try expectSame("""
            .limit
            .limit length
            .limit len 100
            .limit length abc
            .limit l
            .limit s
            .limit V 5
            .limit foo 1
            .limit a b c
            .limits sql_length 0x100
            .limit column 2KiB
            .limi

            """)
    }

    @Test
    func logAndStatsArguments() throws {
        try expectSame(".log\n.log a b\n.log /nonexist/x\n.log off\n.stats off\n.stats bad\n.stats on off\n.stats vmstep\nselect 1;\n.stats off\nselect 2;\n")
    }

    @Test func statsLayout() throws {
        let run = try DotCommandComparison.ours(".stats stmt\nselect 1 as x;\n.stats\n")
        let labels = run.out.split(separator: "\n").map { String($0.prefix(37)) }
        #expect(labels.prefix(8) == ["1", "Number of output columns:            ", "Column 0 name:                       ",
                                     "Column 0 declared type:              ", "Column 0 database name:              ",
                                     "Column 0 table name:                 ", "Column 0 origin name:                ",
                                     "Memory Used:                         "])
        #expect(run.out.contains("Virtual Machine Steps:               "))
    }

    @Test
    func sha3sum() throws {
        try expectSame("""
            .sha3sum
            create table t1(a,b); insert into t1 values(1,'x'),(2.5,x'00'),(null,'é');
            create table T2(z integer primary key autoincrement); insert into T2 default values;
            .sha3sum
            .sha3sum --sha3-256
            .sha3sum --sha3-512 --schema
            .sha3sum t%
            .sha3sum sqlite%
            .sha3sum --foo
            .sha3sum a b
            .sha

            """)
    }

    @Test
    func systemCommandStatus() throws {
        try expectSame(".system\n.shell 'exit 3' 2>/dev/null\n.sy exit 2\n.shell true\nselect 1;\n")
    }

    @Test
    func unknownAbbreviations() throws {
        try expectSame(".sha\n.lim\n.ba\n.non\nselect 1;\n")
    }
}
