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
}
