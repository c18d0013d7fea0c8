import Testing

/// `.archive` in process, against the stock shell: argument parsing (tar style, short and
/// long options, prefixes, errors) and the commands on files of a folder (`$DIR`: the
/// in-process shell cannot change its working directory).
@Suite struct ArchiveCommandInProcessTests {
    static let files: [String: [UInt8]] = ["a.txt": Array("hello\n".utf8), "b.txt": Array(repeating: UInt8(ascii: "z"), count: 3000)]

    func expectSame(_ commands: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (ours, theirs) = try DotCommandComparison.run(commands, files: Self.files)
        #expect(ours == theirs, sourceLocation: sourceLocation)
    }

    @Test(.enabled(if: DotCommandComparison.isAvailable))
    func argumentErrors() throws {
        try expectSame(".ar\n.ar -q\n.ar -cx\n.ar --d\n.ar --dir\n.ar --foo\n.ar -f\n.ar --file\n.ar qq\n.ar c -\n.ar --\n.ar -v\n.ar - -t\n")
    }

    @Test(.enabled(if: DotCommandComparison.isAvailable))
    func dryRunsShowTheStockSQL() throws {
        try expectSame(".ar -cnv a.txt 'it''s'\n.ar --create --dryrun -C /tmp a.txt\n.ar -unf $DIR/x.db a.txt\n.ar -inf$DIR/x.db a.txt\n")
    }

    @Test(.enabled(if: DotCommandComparison.isAvailable))
    func createListExtractRemove() throws {
        try expectSame("""
            .ar -c -C $DIR a.txt b.txt
            .ar -t
            .ar --list a.txt
            .ar -tg '?.txt'
            .ar -t c.txt
            select name, sz, length(data) from sqlar order by name;
            .ar -xC $DIR/out
            select length(readfile('$DIR/out/b.txt'));
            .ar -r a.txt
            .ar -t
            .ar -r nothere
            .ar tvf missing.db

            """)
    }
}
