import Testing
import SQLshShell

/// `.mode .headers .separator .nullvalue .width .show`: settings, abbreviations, messages.
@Suite("Mode dot-commands against sqlite3")
struct ModeCommandsTests {
    @Test("messages and state", arguments: [
        ".mode foo", ".mode", ".mode c\n.mode", ".mode l\n.mode", ".mode t\n.mode", ".mode q\n.mode", ".mode h\n.mode",
        ".mode box extra args here", ".mode box tbl --bogus", ".mode --wrap", ".mode box --wrap",
        ".mode box --wrap 7 --ww --quote\n.mode\n.show", ".mode qbox\n.show", ".mode list --wrap 5\n.show",
        ".mode tabs\n.mode\n.show", ".mode insert\n.mode", ".mode insert \"x y\"\nselect 1;",
        ".mode csv\n.show", ".mode ascii\n.show", ".mode tcl\n.show", ".mode line\n.show", ".mode count\nselect 1 union all select 2;\n.show",
        ".headers", ".headers maybe\n.show", ".headers on\n.mode column\n.show", ".headers off\n.mode column\n.show", ".mode column\n.show",
        ".separator", ".separator a b c\n.show", ".separator \\t\n.show", ".separator 01234567890123456789012 x\n.show",
        ".nullvalue", ".nullvalue a b", ".nullvalue 'a \"q\" \\\\ b'\n.show", ".nullvalue 0123456789012345678901234\n.show",
        ".width", ".width 1 2\n.width\n.show", ".width 1 -2 x 0x10 5k\n.show", ".show x", ".show",
        ".mode box\nselect 1 a, 2 b, 3 c;\n.show", ".explain on\n.show\n.explain off\n.show",
    ])
    func command(_ input: String) throws {
        let (ours, theirs) = try RenderingComparison.run(input + "\nselect 1 as x, NULL as y;\n")
        #expect(ours == theirs)
    }
}
