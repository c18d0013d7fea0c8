import Testing
@testable import SQLshShell

/// The line editor's highlighter: text in, spans out.
@Suite struct SQLHighlighterTests {
    static let names = HighlightNames(keywords: ["SELECT", "FROM", "WHERE", "CREATE", "TABLE", "AS", "REPLACE", "INSERT", "INTO", "VALUES"],
                                      functions: ["upper", "count", "replace"],
                                      identifiers: ["orders", "id", "b c", "main"],
                                      dotCommands: ["mode", "tables"])

    /// Each span as (text, kind).
    func spans(_ text: String) -> [(String, HighlightKind)] {
        let scalars = Array(text.unicodeScalars)
        return SQLHighlighter.highlight(scalars, names: Self.names).spans.map {
            (String(String.UnicodeScalarView(scalars[$0.start..<$0.end])), $0.kind)
        }
    }

    func kind(of fragment: String, in text: String) -> HighlightKind? {
        spans(text).first { $0.0 == fragment }?.1
    }

    @Test func keywordsStringsNumbersComments() {
        let text = "select 'it''s', 42, 1.5e3, 0xFF, x'00' -- note\nfrom orders /* c */"
        #expect(kind(of: "select", in: text) == .keyword)
        #expect(kind(of: "'it''s'", in: text) == .string)
        #expect(kind(of: "42", in: text) == .number)
        #expect(kind(of: "1.5e3", in: text) == .number)
        #expect(kind(of: "0xFF", in: text) == .number)
        #expect(kind(of: "x'00'", in: text) == .string)
        #expect(kind(of: "-- note", in: text) == .comment)
        #expect(kind(of: "from", in: text) == .keyword)
        #expect(kind(of: "orders", in: text) == .identifier)
        #expect(kind(of: "/* c */", in: text) == .comment)
    }

    @Test func functionsKnownAndUnknown() {
        let text = "select upper(id), uper(id), count (*), replace(id, 1, 2) from orders"
        #expect(kind(of: "upper", in: text) == .function)
        #expect(kind(of: "uper", in: text) == .unknownFunction)
        #expect(kind(of: "count", in: text) == .function)
        #expect(kind(of: "replace", in: text) == .function)
        // A name after TABLE or INTO is a table, not a call.
        #expect(kind(of: "newtable", in: "create table newtable(a)") == nil)
        #expect(kind(of: "orders", in: "insert into orders(id) values (1)") == .identifier)
        #expect(kind(of: "json_each", in: "select * from json_each('[1]')") == nil)
        #expect(kind(of: "table_info", in: "pragma table_info(orders)") == nil)
        // Every common table expression of a WITH names a table, the first and those after a
        // comma; after the list, a name and a bracket is a call again.
        let ctes = "with a(x) as (select 1), b(y) as (select uper(2)), c as (select 3) select x, uper(y) from a, b"
        #expect(spans(ctes).filter { $0.1 == .unknownFunction }.map(\.0) == ["uper", "uper"])
        #expect(kind(of: "b", in: "with recursive a(x) as (select 1), b(y) as (select 2) select 1") == nil)
        #expect(kind(of: "f", in: "with a(x) as (select 1) select 1, f(2)") == .unknownFunction)
    }

    @Test func unterminatedStringsAndQuotedNames() {
        #expect(kind(of: "'open", in: "select 'open") == .unterminatedString)
        #expect(kind(of: "\"b c\"", in: "select \"b c\" from orders") == .identifier)
        #expect(kind(of: "[b c]", in: "select [b c] from orders") == .identifier)
        #expect(kind(of: "\"unknown\"", in: "select \"unknown\"") == nil)
        #expect(kind(of: "[never closed", in: "select [never closed") == .unterminatedString)
    }

    @Test func parametersAndPlainWords() {
        #expect(kind(of: "?1", in: "select ?1, :name") == .parameter)
        #expect(kind(of: ":name", in: "select ?1, :name") == .parameter)
        #expect(kind(of: "somecolumn", in: "select somecolumn") == nil)
        #expect(kind(of: "12abc", in: "select 12abc") == nil)
    }

    @Test func dotCommandsAndArguments() {
        let text = ".mode box --wrap 'a b\n.nosuch x\n# comment\nselect 1;\n.tables \"x\""
        #expect(kind(of: ".mode", in: text) == .dotCommand)
        #expect(kind(of: "box", in: text) == .dotArgument)
        #expect(kind(of: "'a b", in: text) == .unterminatedString)
        #expect(kind(of: ".nosuch", in: text) == .unknownDotCommand)
        #expect(kind(of: "# comment", in: text) == .comment)
        #expect(kind(of: ".tables", in: text) == .dotCommand)
        #expect(kind(of: "\"x\"", in: text) == .string)
        // Inside a statement a line starting with a dot is SQL.
        #expect(kind(of: ".mode", in: "select\n.mode") == nil)
    }

    @Test func matchingBrackets() {
        let text = Array("select (1, (2), ')') + (3".unicodeScalars)
        let highlight = SQLHighlighter.highlight(text, names: Self.names)
        // The outer pair: 7 and 19; the inner: 11 and 13; the quoted ')' (17) has no partner;
        // the last '(' (23) is unclosed.
        #expect(highlight.partner(near: 7) == 19)
        #expect(highlight.partner(near: 20) == 7)  // just after the ')'
        #expect(highlight.partner(near: 11) == 13)
        #expect(highlight.bracketPartners[17] == nil)
        #expect(highlight.bracketPartners[23] == nil)
    }

    @Test func liveNamesIncludeTableValuedFunctions() throws {
        let shell = Shell(path: ":memory:")
        try shell.connection.execute("create table items(sku, price)")
        let names = HighlightNames.from(ShellCompletionData(shell: shell))
        #expect(names.functions.contains("json_each"))
        #expect(names.functions.contains("upper"))
        #expect(names.identifiers.isSuperset(of: ["items", "sku", "price", "main"]))
        #expect(names.keywords.contains("SELECT"))
        let text = Array("select * from items, json_each(price)".unicodeScalars)
        let kinds = SQLHighlighter.highlight(text, names: names).spans.map(\.kind)
        #expect(kinds == [.keyword, .keyword, .identifier, .function, .identifier])
    }

    @Test func wideAndInvalidText() {
        let text = "select '日本語', '😀' from orders"
        #expect(kind(of: "'日本語'", in: text) == .string)
        #expect(kind(of: "'😀'", in: text) == .string)
        #expect(kind(of: "orders", in: text) == .identifier)
        #expect(spans("").isEmpty)
    }
}

/// What Enter does at the prompt: run the buffer or start a new line in it.
@Suite struct InputCompletenessTests {
    func complete(_ text: String) -> Bool { InputCompleteness.isComplete(Array(text.utf8)) }

    @Test func statements() {
        #expect(complete(""))
        #expect(complete("   "))
        #expect(complete("select 1;"))
        #expect(complete("select 1,\n2;"))
        #expect(!complete("select 1"))
        #expect(!complete("select 1,\n2"))
        #expect(!complete("select 'a;"))
        #expect(!complete("create trigger t after insert on x begin select 1;"))
        #expect(complete("create trigger t after insert on x begin select 1; end;"))
        #expect(complete("select 1; select 2;"))
        #expect(!complete("select 1; select 2"))
        #expect(complete("-- only a comment"))
    }

    @Test func dotCommandsAndOtherLines() {
        #expect(complete(".mode box"))
        #expect(complete(".tables\nselect 1;"))
        #expect(complete("# note"))
        #expect(complete("exit"))
        #expect(complete("select 1\ngo"))
        #expect(complete("select 1\n/"))
        #expect(complete("select 1 \\G"))
        #expect(!complete("select 1\n.mode box"))
    }
}
