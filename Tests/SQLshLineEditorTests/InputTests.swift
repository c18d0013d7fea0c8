import SQLshLineEditor
import SQLshShell
import Testing

/// Keys from bytes, pastes, Tab, the palette.
@Suite struct InputTests {
    @Test func utf8KeysAreDecodedAndInvalidBytesDropped() {
        var decoder = UTF8KeyDecoder()
        #expect(decoder.add(0x41) == 0x41)
        #expect(decoder.add(0xC3) == nil)
        #expect(decoder.add(0xA9) == 0xE9)
        let emoji = Array("😀".utf8)
        #expect(emoji.dropLast().compactMap { decoder.add($0) }.isEmpty)
        #expect(decoder.add(emoji.last!) == 0x1F600)
        #expect(decoder.add(0x80) == nil)                    // a stray continuation byte
        #expect([0xC0, 0x80].compactMap { decoder.add($0) }.isEmpty)  // overlong
        #expect([0xED, 0xA0, 0x80].compactMap { decoder.add($0) }.isEmpty)  // a surrogate
    }

    @Test func pasteEndsAtTheMarkerWithLineBreaksNormalised() {
        var paste = PastedText()
        let keys = Array("a\r\nb\rc\t\n\n".unicodeScalars) + ControlSequence.pasteEnd
        var ended = false
        for (i, key) in keys.enumerated() {
            ended = paste.add(key.value)
            #expect(ended == (i == keys.count - 1))
        }
        #expect(String(String.UnicodeScalarView(paste.text)) == "a\nb\nc\t")
    }

    @Test func tabInsertsTheOnlyCandidateOrTheCommonPrefix() {
        var tab = TabCompletion()
        let one = Completion(fragment: "us", candidates: [.init("users", .table)])
        #expect(tab.outcome(one, before: "select * from us", after: "", context: "select * from us") == .replace(count: 2, with: "users "))
        let two = Completion(fragment: "u", candidates: [.init("user_a", .table), .init("user_b", .table)])
        #expect(tab.outcome(two, before: "u", after: "", context: "u") == .replace(count: 1, with: "user_"))
    }

    @Test func aSecondTabInThesamePlaceListsTheCandidates() {
        var tab = TabCompletion()
        let two = Completion(fragment: "a", candidates: [.init("ab", .table), .init("ac", .table)])
        #expect(tab.outcome(two, before: "a", after: "", context: "a") == .beep)
        #expect(tab.outcome(two, before: "a", after: "", context: "a") == .list(["ab", "ac"]))
        #expect(tab.outcome(Completion(fragment: "z", candidates: []), before: "z", after: "", context: "z") == .beep)
    }

    @Test func candidatesAreListedDownThenAcross() {
        let columns = CandidateColumns(["a", "bb", "ccc"], width: 12)
        #expect(columns.rows == 2)
        #expect(columns.text == "a    ccc\nbb\n")
        #expect(CandidateColumns.asksFirst(count: 101, rows: 1, height: 24))
        #expect(CandidateColumns.asksFirst(count: 30, rows: 23, height: 24))
        #expect(!CandidateColumns.asksFirst(count: 30, rows: 10, height: 24))
    }

    @Test func paletteHonoursNoColourDumbTerminalsAndHighlightOff() {
        #expect(!Palette.allowsColour(environment: { $0 == "NO_COLOR" ? "1" : nil }, outputsAreTerminals: true))
        #expect(Palette.allowsColour(environment: { $0 == "NO_COLOR" ? "" : nil }, outputsAreTerminals: true))
        #expect(!Palette.allowsColour(environment: { $0 == "TERM" ? "dumb" : nil }, outputsAreTerminals: true))
        #expect(!Palette.allowsColour(environment: { _ in nil }, outputsAreTerminals: false))
        #expect(Palette(colour: true).paint("x", .dim) == "\u{1B}[2mx\u{1B}[0m")
        #expect(Palette(colour: false).paint("x", .dim) == "x")
        #expect(!Palette(colour: true, highlight: false).highlights)
        #expect(!Palette(colour: false, highlight: true).highlights)
        #expect(Palette(colour: true).libeditPrompt("sqlsh> ") == "\u{1}\u{1B}[1;32m\u{1}sqlsh>\u{1}\u{1B}[0m\u{1} ")
        #expect(Palette(colour: false).libeditPrompt("sqlsh> ") == "sqlsh> ")
    }

    @Test func terminalsThatReflowAreToldByTheirVariables() {
        #expect(TerminalTraits.reflowsLines(environment: { $0 == "TMUX" ? "/tmp/tmux" : nil }))
        #expect(TerminalTraits.reflowsLines(environment: { $0 == "TERM_PROGRAM" ? "vscode" : nil }))
        #expect(!TerminalTraits.reflowsLines(environment: { _ in nil }))
    }
}
