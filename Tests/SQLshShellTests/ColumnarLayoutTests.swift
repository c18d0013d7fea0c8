import Testing
import SQLshShell

/// The columnar modes' widths, alignment, wrapping and quoting against sqlite3.
@Suite("Columnar layout against sqlite3")
struct ColumnarLayoutTests {
    static let modes = ["column", "table", "box", "markdown"]
    static let optionLines = ["", "--wrap 10", "--wrap 10 --ww", "--wrap 5 --wordwrap on", "--wrap 1", "--wrap 0",
                              "--quote", "--quote --wrap 8", "--noquote --wrap 20 --wordwrap off", "--wrap -7"]

    @Test("wrap, word wrap and quote options",
          arguments: modes, optionLines)
    func options(mode: String, options: String) throws {
        let input = RenderingComparison.trickyTable + """
            .mode \(mode) \(options)
            select * from t;
            select 'The quick brown fox jumps over the lazy dog; again and again, and again.' as text,
                   'tabs	in	the	middle' as "tab	name", 'a-b-c-d-e-f-g-h-i-j-k-l' as dashes;
            .mode

            """
        let (ours, theirs) = try RenderingComparison.run(input)
        #expect(ours == theirs)
    }

    @Test(".width variants",
          arguments: modes, [".width 5 -10 3", ".width -3 0 -20", ".width 0 0 0 0 0", ".width 1", ".width -1 -1 -1", ".width 30", ".width"])
    func widths(mode: String, width: String) throws {
        let input = RenderingComparison.trickyTable + """
            .mode \(mode)
            \(width)
            select * from t;
            select 1 as a;
            .show

            """
        let (ours, theirs) = try RenderingComparison.run(input)
        #expect(ours == theirs)
    }

    @Test("headers off, NULL value, empty and wide values", arguments: modes)
    func headersAndNulls(mode: String) throws {
        let input = """
            .mode \(mode)
            .headers off
            .nullvalue NULL!
            select NULL a, '' b, '日本' c;
            .headers on
            select '' as "", NULL as "日本語", x'e697a5' as blob;
            select char(10) a, char(13) b, char(9) c, char(10,10) d;

            """
        let (ours, theirs) = try RenderingComparison.run(input)
        #expect(ours == theirs)
    }
}
