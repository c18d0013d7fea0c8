import SQLshCore
import Testing

/// The substring search the release shell uses in place of the standard library's string
/// processing module (TextSearch.swift): the same answers, character by character.
struct TextSearchTests {
    @Test func findsTheFirstOccurrence() {
        let text = "select 1 -- note -- again"
        let range = text.firstRange(ofElements: "--")
        #expect(range.map { String(text[$0]) } == "--")
        #expect(range.map { text.distance(from: text.startIndex, to: $0.lowerBound) } == 9)
        #expect(text.contains(elements: "note"))
        #expect(!text.contains(elements: "notes"))
    }

    @Test func partialMatchesRestartOneCharacterOn() {
        #expect("aab".firstRange(ofElements: "ab").map { "aab".distance(from: "aab".startIndex, to: $0.lowerBound) } == 1)
        #expect("ababac".contains(elements: "abac"))
        #expect(!"abab".contains(elements: "abac"))
        #expect(!"ab".contains(elements: "abc"))
    }

    @Test func emptyNeedlesAndTextsFindNothing() {
        #expect("abc".firstRange(ofElements: "") == nil)
        #expect(!"".contains(elements: "a"))
        #expect(!"".contains(elements: ""))
    }

    @Test func comparesCharactersNotBytes() {
        // "é" composed and decomposed are one Character and equal; "\r\n" is one Character.
        #expect("caf\u{E9}!".contains(elements: "e\u{301}!"))
        #expect(!"a\r\nb".contains(elements: "\nb"))
        #expect([1, 2, 3, 2, 3].firstRange(ofElements: [2, 3]) == 1..<3)
    }

    @Test func dropsOnePrefix() {
        #expect(" x".dropping(prefix: " ") == "x")
        #expect("  x".dropping(prefix: " ") == " x")
        #expect("x".dropping(prefix: " ") == "x")
        #expect("".dropping(prefix: " ") == "")
    }

    @Test func replacesEveryOccurrence() {
        #expect("a\"b\"".replacingAll("\"", with: "\"\"") == "a\"\"b\"\"")
        #expect("NAME and NAME".replacingAll("NAME", with: "t") == "t and t")
        #expect("aaa".replacingAll("aa", with: "b") == "ba")
        #expect("abc".replacingAll("", with: "x") == "abc")
        #expect("abc".replacingAll("d", with: "x") == "abc")
    }
}
