#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CEditLine
import SQLshShell

/// The keys sqlsh handles itself on top of libedit's: Enter that runs a complete input and
/// otherwise starts a new line in the buffer, Up and Down that move between the buffer's lines
/// before they reach history, Right, End and Alt-F that take the suggestion from history,
/// Home and End on the current line, bracketed paste, and Ctrl-L.
extension EditLineSource {
    // MARK: Suggestions

    /// The rest of the newest history entry that starts with `text` (and is longer), or nil.
    /// Nothing is suggested for an empty or blank line.
    func suggestion(for text: [Unicode.Scalar]) -> [Unicode.Scalar]? {
        guard text.contains(where: { $0 != " " && $0 != "\t" && $0 != "\n" }) else { return nil }
        for entry in historyScalars where entry.count > text.count {
            if entry.starts(with: text) { return Array(entry[text.count...]) }
        }
        return nil
    }

    /// The suggestion shown now (the cursor at the end of the buffer), or nil.
    private func shownSuggestion() -> [Unicode.Scalar]? {
        guard highlights else { return nil }
        let (text, cursor) = buffer
        guard cursor == text.count else { return nil }
        return suggestion(for: text)
    }

    /// Inserts text at the cursor.
    private func insert(_ scalars: [Unicode.Scalar]) {
        guard !scalars.isEmpty else { return }
        _ = el_insertstr(editLine, String(String.UnicodeScalarView(scalars)))
    }

    // MARK: Moving

    /// The offsets where the buffer's lines start.
    private func lineStarts(_ text: [Unicode.Scalar]) -> [Int] {
        var starts = [0]
        for (i, scalar) in text.enumerated() where scalar == "\n" { starts.append(i + 1) }
        return starts
    }

    /// The line the offset is on, and where that line starts and ends.
    private func line(of offset: Int, in text: [Unicode.Scalar]) -> (index: Int, start: Int, end: Int) {
        let starts = lineStarts(text)
        var index = 0
        while index + 1 < starts.count && starts[index + 1] <= offset { index += 1 }
        let end = index + 1 < starts.count ? starts[index + 1] - 1 : text.count
        return (index, starts[index], end)
    }

    /// The display width of `text[from..<to]`.
    private func columns(_ text: [Unicode.Scalar], _ from: Int, _ to: Int) -> Int {
        var width = 0
        for i in from..<to { width += DisplayWidth.of(text[i]) }
        return width
    }

    /// Up and Ctrl-P: the line above in the buffer, at the same column, else the previous
    /// history entry.
    func moveUp() -> UInt8 {
        let (text, cursor) = buffer
        let current = line(of: cursor, in: text)
        guard current.index > 0 else { return recall(older: true) }
        let above = line(of: current.start - 1, in: text)
        moveCursor(to: offset(atColumn: columns(text, current.start, cursor), in: text, line: above), from: cursor)
        return UInt8(CC_REFRESH)
    }

    /// Down and Ctrl-N: the line below in the buffer, else the next history entry.
    func moveDown() -> UInt8 {
        let (text, cursor) = buffer
        let current = line(of: cursor, in: text)
        guard current.end < text.count else { return recall(older: false) }
        let below = line(of: current.end + 1, in: text)
        moveCursor(to: offset(atColumn: columns(text, current.start, cursor), in: text, line: below), from: cursor)
        return UInt8(CC_REFRESH)
    }

    private func offset(atColumn column: Int, in text: [Unicode.Scalar], line: (index: Int, start: Int, end: Int)) -> Int {
        var offset = line.start, width = 0
        while offset < line.end {
            let w = DisplayWidth.of(text[offset])
            if width + w > column { break }
            width += w
            offset += 1
        }
        return offset
    }

    /// The previous (older) or next history entry in the buffer, the cursor at its end; past
    /// the newest, the line that was being typed.
    private func recall(older: Bool) -> UInt8 {
        let entries = historyScalars
        if older {
            let next = (historyIndex ?? -1) + 1
            guard next < entries.count else { return UInt8(CC_REFRESH_BEEP) }
            if historyIndex == nil { savedLine = buffer.text }
            historyIndex = next
            setLine(String(String.UnicodeScalarView(entries[next])))
        } else {
            guard let index = historyIndex else { return UInt8(CC_REFRESH_BEEP) }
            if index == 0 {
                historyIndex = nil
                setLine(String(String.UnicodeScalarView(savedLine)))
            } else {
                historyIndex = index - 1
                setLine(String(String.UnicodeScalarView(entries[index - 1])))
            }
        }
        return UInt8(CC_REFRESH)
    }

    /// Right and Ctrl-F: at the end of the buffer, take the suggestion; else one character on.
    func moveRight() -> UInt8 {
        if let rest = shownSuggestion() {
            insert(rest)
        } else {
            _ = el_cursor(editLine, 1)
        }
        return UInt8(CC_REFRESH)
    }

    /// End and Ctrl-E: at the end of the buffer, take the suggestion; else the end of the line.
    func moveToLineEnd() -> UInt8 {
        if let rest = shownSuggestion() {
            insert(rest)
            return UInt8(CC_REFRESH)
        }
        let (text, cursor) = buffer
        moveCursor(to: line(of: cursor, in: text).end, from: cursor)
        return UInt8(CC_REFRESH)
    }

    /// Home and Ctrl-A: the start of the line (at it already, of the buffer).
    func moveToLineStart() -> UInt8 {
        let (text, cursor) = buffer
        let start = line(of: cursor, in: text).start
        moveCursor(to: cursor == start ? 0 : start, from: cursor)
        return UInt8(CC_REFRESH)
    }

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar == "_"
    }

    /// Alt-F: at the end of the buffer, take the suggestion's next word; else move past the
    /// next word, as emacs does.
    func forwardWord() -> UInt8 {
        if let rest = shownSuggestion() {
            var end = 0
            while end < rest.count && !Self.isWordScalar(rest[end]) { end += 1 }
            while end < rest.count && Self.isWordScalar(rest[end]) { end += 1 }
            insert(Array(rest[..<end]))
            return UInt8(CC_REFRESH)
        }
        let (text, cursor) = buffer
        var end = cursor
        while end < text.count && !Self.isWordScalar(text[end]) { end += 1 }
        while end < text.count && Self.isWordScalar(text[end]) { end += 1 }
        moveCursor(to: end, from: cursor)
        return UInt8(CC_REFRESH)
    }

    // MARK: Enter

    /// Enter: a complete input (with the lines the shell already has) ends the line and runs;
    /// an unfinished one gets a new line in the buffer at the cursor.
    func enter() -> UInt8 {
        if acceptsNextEnter || cancelRequested {
            acceptsNextEnter = false
            return UInt8(CC_NEWLINE)
        }
        var text = statementLines.joined(separator: "\n")
        if !statementLines.isEmpty { text += "\n" }
        text += String(String.UnicodeScalarView(buffer.text))
        if InputCompleteness.isComplete(Array(text.utf8)) { return UInt8(CC_NEWLINE) }
        _ = el_insertstr(editLine, "\n")
        return UInt8(CC_REFRESH)
    }

    /// Alt-Enter: a new line in the buffer, complete or not.
    func insertLineBreak() -> UInt8 {
        _ = el_insertstr(editLine, "\n")
        return UInt8(CC_REFRESH)
    }

    // MARK: Paste and screen

    /// The start of a bracketed paste (`ESC [200~`): everything up to `ESC [201~` goes into
    /// the buffer as text (line breaks as line breaks, tabs as tabs), nothing runs.
    func paste() -> UInt8 {
        drawingSuspended = true
        defer { drawingSuspended = false }
        let end = ControlSequence.pasteEnd
        var pasted: [Unicode.Scalar] = []
        while let key = readKey() {
            pasted.append(Unicode.Scalar(key) ?? "\u{FFFD}")
            if pasted.count >= end.count && Array(pasted.suffix(end.count)) == end {
                pasted.removeLast(end.count)
                break
            }
        }
        var text: [Unicode.Scalar] = []
        text.reserveCapacity(pasted.count)
        var i = 0
        while i < pasted.count {
            if pasted[i] == "\r" {
                text.append("\n")
                if i + 1 < pasted.count && pasted[i + 1] == "\n" { i += 1 }
            } else {
                text.append(pasted[i])
            }
            i += 1
        }
        while let last = text.last, last == "\n" { text.removeLast() }
        insert(text)
        return UInt8(CC_REFRESH)
    }

    /// Ctrl-L: clear the screen, the line drawn again at the top.
    func clearScreen() -> UInt8 {
        forgetFrame()
        Terminal.write(ControlSequence.clearScreen, to: terminalFD)
        return UInt8(CC_REFRESH)
    }
}
