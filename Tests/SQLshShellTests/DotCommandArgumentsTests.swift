import Testing
@testable import SQLshShell

/// sqlite3's rules for dot-command arguments.
struct DotCommandArgumentsTests {
    @Test func splitsWordsAndQuotes() {
        #expect(DotCommandArguments.split(".mode csv") == ["mode", "csv"])
        #expect(DotCommandArguments.split(".print 'a b' \"c\\td\" e\\nf") == ["print", "a b", "c\td", "e\nf"])
        #expect(DotCommandArguments.split(".print 'it\\n'") == ["print", "it\\n"])
        #expect(DotCommandArguments.split(".print \"unterminated") == ["print", "unterminated"])
        #expect(DotCommandArguments.split(".") == [])
    }

    @Test func escapes() {
        #expect(DotCommandArguments.resolveEscapes(Array("a\\101\\q".utf8)) == Array("aAq".utf8))
        #expect(DotCommandArguments.resolveEscapes(Array("x\\0y".utf8)) == Array("x".utf8))
    }

    @Test func integerValues() {
        #expect(DotCommandArguments.integerValue("42") == 42)
        #expect(DotCommandArguments.integerValue("-0x10") == -16)
        #expect(DotCommandArguments.integerValue("2KiB") == 2048)
        #expect(DotCommandArguments.integerValue("3k") == 3000)
        #expect(DotCommandArguments.integerValue("abc") == 0)
        #expect(DotCommandArguments.integerValue("7xyz") == 7)
    }

    @Test("size suffixes fold ASCII case only, as sqlite3_stricmp")
    func suffixCase() {
        #expect(DotCommandArguments.integerValue("2kib") == 2048)
        #expect(DotCommandArguments.integerValue("2MIB") == 2 * 1024 * 1024)
        #expect(DotCommandArguments.integerValue("5Gb") == 5_000_000_000)
        // U+212A KELVIN SIGN lowercases to "k" in Unicode, but is no suffix for sqlite3.
        #expect(DotCommandArguments.integerValue("1\u{212A}") == 1)
        #expect(DotCommandArguments.integerValue("1kx") == 1)
    }

    @Test("booleans: numbers, on/yes, off/no in any ASCII case, else a warning and no")
    func booleans() {
        let shell = Shell(path: ":memory:")
        #expect(DotCommandArguments.booleanValue("ON", shell: shell) == 1)
        #expect(DotCommandArguments.booleanValue("Yes", shell: shell) == 1)
        #expect(DotCommandArguments.booleanValue("oFF", shell: shell) == 0)
        #expect(DotCommandArguments.booleanValue("no", shell: shell) == 0)
        #expect(DotCommandArguments.booleanValue("0x10", shell: shell) == 16)
        #expect(DotCommandArguments.booleanValue("2", shell: shell) == 2)
    }
}
