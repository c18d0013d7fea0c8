import SQLshLineEditor
import Testing

/// Ctrl-R's state, key by key.
@Suite struct HistorySearchTests {
    private let entries = ["select * from users;", "select 1;", "update users set x = 1;"]

    private func type(_ text: String, into search: inout HistorySearch) {
        for scalar in text.unicodeScalars { #expect(search.handle(scalar.value) == .show) }
    }

    @Test func typingFindsTheNewestEntryWithTheCursorOnTheMatch() {
        var search = HistorySearch(entries: entries, original: EditBuffer("x"), lastSearch: "")
        #expect(search.prompt == "(reverse-i-search)'': ")
        type("users", into: &search)
        #expect(search.line == EditBuffer("select * from users;", cursor: 14))
        #expect(search.prompt == "(reverse-i-search)'users': ")
    }

    @Test func ctrlRFindsAnOlderMatchThenFails() {
        var search = HistorySearch(entries: entries, original: EditBuffer(), lastSearch: "")
        type("users", into: &search)
        #expect(search.handle(0x12) == .show)
        #expect(search.line.string == "update users set x = 1;")
        #expect(search.handle(0x12) == .show)
        #expect(search.failed)
        #expect(search.prompt == "(failed reverse-i-search)'users': ")
        #expect(search.line.string == "update users set x = 1;")
    }

    @Test func ctrlSFindsANewerMatch() {
        var search = HistorySearch(entries: entries, original: EditBuffer(), lastSearch: "")
        type("users", into: &search)
        _ = search.handle(0x12)
        _ = search.handle(0x13)
        #expect(search.line.string == "select * from users;")
    }

    @Test func backspaceShortensTheNeedleAndSearchesFromTheNewest() {
        var search = HistorySearch(entries: entries, original: EditBuffer(), lastSearch: "")
        type("upd", into: &search)
        #expect(search.line.string == "update users set x = 1;")
        _ = search.handle(0x7F)
        _ = search.handle(0x7F)
        #expect(search.needle == "u")
        #expect(search.line.string == "select * from users;")
    }

    @Test func ctrlGGivesTheOriginalLineBack() {
        var search = HistorySearch(entries: entries, original: EditBuffer("abc", cursor: 1), lastSearch: "")
        type("1", into: &search)
        #expect(search.handle(0x07) == .leave(then: .nothing))
        #expect(search.line == EditBuffer("abc", cursor: 1))
        #expect(search.lastSearch == "1")
    }

    @Test func enterKeepsTheLineAndRunsIt() {
        var search = HistorySearch(entries: entries, original: EditBuffer(), lastSearch: "")
        type("1;", into: &search)
        #expect(search.handle(0x0D) == .leave(then: .enter))
        #expect(search.line.string == "select 1;")
    }

    @Test func ctrlCEscapeAndOtherControlKeysLeave() {
        var search = HistorySearch(entries: entries, original: EditBuffer(), lastSearch: "")
        #expect(search.handle(0x03) == .leave(then: .interrupt))
        #expect(search.handle(0x1B) == .leave(then: .escapeSequence))
        #expect(search.handle(0x01) == .leave(then: .key("\u{01}")))
        #expect(search.handle(nil) == .leave(then: .nothing))
    }

    @Test func ctrlRAtOnceSearchesForTheLastNeedleAgain() {
        var search = HistorySearch(entries: entries, original: EditBuffer(), lastSearch: "update")
        _ = search.handle(0x12)
        #expect(search.needle == "update")
        #expect(search.line.string == "update users set x = 1;")
    }
}
