import Testing
@testable import SQLshShell

/// The table of output modes: one definition per mode, read by `.mode`, `.help`, `.show`,
/// completion, the command-line options and the renderer factory.
@Suite("Output mode definitions")
struct OutputModeDefinitionTests {
    @Test("every mode has a definition, found by its own mode")
    func everyModeIsDefined() {
        for mode in OutputMode.allCases {
            #expect(OutputModeDefinition.all.contains { $0.mode == mode }, "\(mode)")
            #expect(mode.definition.mode == mode)
        }
    }

    @Test("names are unique")
    func uniqueNames() {
        let names = OutputModeDefinition.all.map(\.name)
        #expect(Set(names).count == names.count)
    }

    @Test("abbreviations follow sqlite3's order of comparison")
    func abbreviations() {
        let cases: [(String, String)] = [
            ("c", "column"), ("co", "column"), ("columns", "column"), ("cou", "count"), ("cs", "csv"),
            ("l", "line"), ("lines", "line"), ("li", "line"), ("lis", "list"), ("t", "tcl"), ("ta", "tabs"),
            ("tab", "tabs"), ("tabl", "table"), ("q", "quote"), ("qbox", "qbox"), ("b", "box"), ("j", "json"),
            ("p", "pretty"), ("o", "off"), ("a", "ascii"), ("m", "markdown"), ("h", "html"), ("i", "insert"),
        ]
        for (typed, name) in cases {
            #expect(OutputModeDefinition.named(typed)?.name == name, "\(typed)")
        }
        #expect(OutputModeDefinition.named("qb") == nil)
        #expect(OutputModeDefinition.named("explain") == nil)
        #expect(OutputModeDefinition.named("bogus") == nil)
    }

    @Test("the shown name: tabs is list, box is box (not qbox)")
    func shownNames() {
        #expect(OutputMode.tabs.displayName == "list")
        #expect(OutputMode.box.displayName == "box")
        #expect(OutputMode.explain.displayName == "explain")
        #expect(OutputMode.box.isColumnar && OutputMode.pretty.isColumnar == false && OutputMode.list.isColumnar == false)
    }

    @Test(".mode sets the separators; the command-line option sets sqlite3's fewer")
    func separators() throws {
        var settings = ShellSettings()
        settings.rowSeparator = "X"
        let csv = try #require(OutputModeDefinition.named("csv"))
        settings.select(option: csv)
        #expect(settings.mode == .csv && settings.columnSeparator == "," && settings.rowSeparator == "X")
        settings.select(csv, table: nil, columnar: .init(wrapWidth: 60, wordWrap: false, quoteValues: false))
        #expect(settings.rowSeparator == "\r\n")
        let list = try #require(OutputModeDefinition.option(named: "-list"))
        settings.select(option: list)
        #expect(settings.mode == .list && settings.columnSeparator == ",")
        let tabs = try #require(OutputModeDefinition.option(named: "-tabs"))
        settings.select(option: tabs)
        #expect(settings.columnSeparator == "\t" && settings.rowSeparator == "\n")
    }

    @Test(".help mode lists the modes in sqlite3's order, with sqlsh's pretty")
    func helpOrder() {
        #expect(OutputModeDefinition.documented.map(\.name) == [
            "ascii", "box", "csv", "column", "html", "insert", "json", "line", "list", "markdown", "pretty", "qbox",
            "quote", "table", "tabs", "tcl",
        ])
    }

    @Test("the error for an unknown mode is sqlite3's")
    func unknownMode() {
        #expect(OutputModeDefinition.unknownModeMessage
                == "Error: mode should be one of: ascii box column csv html insert json line list markdown qbox quote table tabs tcl")
    }

    @Test("command-line options: sqlite3's twelve, with its help wording")
    func options() {
        let options = OutputModeDefinition.all.compactMap(\.option).map(\.name).sorted()
        #expect(options == ["-ascii", "-box", "-column", "-csv", "-html", "-json", "-line", "-list", "-markdown",
                            "-quote", "-table", "-tabs"])
        #expect(OutputModeDefinition.option(named: "-html")?.option?.summary == "set output mode to HTML")
        #expect(OutputModeDefinition.option(named: "-csv")?.option?.summary == "set output mode to 'csv'")
    }
}
