import Testing
import SQLshShell

/// Every output mode, with headers on and off, on tricky data: sqlsh's bytes must be
/// sqlite3's bytes.
@Suite("Output modes against sqlite3")
struct OutputModeTests {
    static let modes = ["list", "csv", "tabs", "line", "column", "box", "table", "markdown", "json", "html",
                        "insert", "insert \"my table\"", "quote", "ascii", "tcl", "qbox", "count", "off"]

    @Test("each mode, headers on and off, tricky values",
          arguments: modes, [true, false])
    func trickyValues(mode: String, headers: Bool) throws {
        let input = RenderingComparison.trickyTable + """
            .headers \(headers ? "on" : "off")
            .mode \(mode)
            select * from t;
            select a, b from t where a = 1 union all select 2, 'two';
            select 1 where 0;
            select 'only' as "a ""quoted"" name", 42 as x;

            """
        let (ours, theirs) = try RenderingComparison.run(input)
        #expect(ours == theirs)
    }

    @Test("REAL formatting in every mode", arguments: modes)
    func reals(mode: String) throws {
        let input = """
            .mode \(mode)
            select 1e300, -0.0, 0.1, 1e-7, 2.0, 1e15, 1e16, 123456789.123456789, 1.5e-320, 9e999, -9e999,
                   9223372036854775807.0, -9223372036854775808.0, 0.30000000000000004, 100.0/3;

            """
        let (ours, theirs) = try RenderingComparison.run(input)
        #expect(ours == theirs)
    }

    @Test("many columns", arguments: ["list", "column", "box", "json", "line", "csv"])
    func manyColumns(mode: String) throws {
        let columns = (1...40).map { "\($0) as c\($0)" }.joined(separator: ", ")
        let input = ".headers on\n.mode \(mode)\nselect \(columns);\nselect \(columns) union all select \((1...40).map { "'v\($0)'" }.joined(separator: ","));\n.show\n"
        let (ours, theirs) = try RenderingComparison.run(input)
        #expect(ours == theirs)
    }

    @Test("separators and null value in list-like modes",
          arguments: ["list", "csv", "tabs", "quote", "ascii", "tcl", "line", "html", "json"])
    func separators(mode: String) throws {
        let input = RenderingComparison.trickyTable + """
            .mode \(mode)
            .headers on
            .separator ";" "\\r\\n--\\n"
            .nullvalue (null)
            select * from t;
            .separator ""
            select * from t where a < 3;
            .separator "\\t" "\\n"
            select a, b, c from t where a > 10;

            """
        let (ours, theirs) = try RenderingComparison.run(input)
        #expect(ours == theirs)
    }

    @Test("command-line mode options",
          arguments: ["-csv", "-box", "-json", "-line", "-column", "-table", "-markdown", "-html", "-quote", "-ascii", "-tabs", "-list"])
    func commandLineOptions(option: String) throws {
        // sqlsh's launcher applies the option as its OutputModeDefinition says; here the
        // settings are set the same way (the launcher has its own end-to-end tests).
        let input = RenderingComparison.trickyTable + "select * from t;\n.mode\n.show\n"
        let definition = try #require(OutputModeDefinition.option(named: option))
        let (ours, theirs) = try RenderingComparison.run(input, arguments: [option]) { shell in
            shell.settings.select(option: definition)
        }
        #expect(ours == theirs)
    }
}
