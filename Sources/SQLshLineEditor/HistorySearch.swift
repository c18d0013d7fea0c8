#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CEditLine

/// Ctrl-R: incremental search back through history, as in bash.
///
/// The prompt becomes `(reverse-i-search)'needle': ` (`(failed reverse-i-search)` when nothing
/// matches) and the line shows the newest entry containing the needle, the cursor on the match.
/// Typing extends the needle; Backspace shortens it; Ctrl-R again finds an older match (with
/// an empty needle, the last search again); Ctrl-S a newer one. Enter runs the line found;
/// Escape, the arrow keys, Home, End and the other editing keys leave the search keeping the
/// line found (the key then does its usual work); Ctrl-G gives the line back as it was.
extension EditLineSource {
    /// History entries, newest first.
    private func historyEntries() -> [String] {
        var entries: [String] = []
        var event = HistEvent()
        var status = sqlsh_history_first(history, &event)
        while status != -1, let text = event.str {
            entries.append(String(cString: text))
            status = sqlsh_history_next(history, &event)
        }
        return entries
    }

    func searchHistory() -> UInt8 {
        let entries = historyEntries()
        let original = lineText
        let originalCursor = original.beforeCursor.unicodeScalars.count
        let savedPrompt = promptText
        var needle = ""
        /// The entry shown (nil: the line as it was) and where the needle is in it.
        var found: (index: Int, cursor: Int)? = nil
        var failed = false

        func show() {
            eraseEditArea()
            let state = failed ? "failed reverse-i-search" : "reverse-i-search"
            if let searchPrompt = strdup("(\(state))'\(needle)': ") {
                if promptText != savedPrompt { free(promptText) }
                promptText = searchPrompt
            }
            if let found {
                setLine(entries[found.index], cursor: found.cursor)
            } else {
                setLine(original.all, cursor: originalCursor)
            }
            redraw()
        }

        /// Shows the first entry from `start` on (going older, or newer) that contains the
        /// needle and is not `skip`; sets `failed` when there is none (the entry shown stays).
        func search(from start: Int, older: Bool, skip: String? = nil) {
            // An empty needle finds nothing: the line as it was is shown.
            guard !needle.isEmpty else { found = nil; failed = false; return }
            var i = start
            while i >= 0 && i < entries.count {
                if entries[i] != skip, let range = entries[i].firstRange(of: needle) {
                    let scalars = entries[i].unicodeScalars
                    found = (i, scalars.distance(from: scalars.startIndex, to: range.lowerBound))
                    failed = false
                    return
                }
                i += older ? 1 : -1
            }
            failed = true
        }

        /// Leaves the search: the usual prompt back, the line found kept (or the original).
        func finish(keep: Bool) {
            eraseEditArea()
            if promptText != savedPrompt { free(promptText) }
            promptText = savedPrompt
            if !keep || found == nil {
                setLine(original.all, cursor: originalCursor)
            }
            redraw()
            if !needle.isEmpty { lastSearch = needle }
        }

        show()
        while true {
            guard let key = readKey() else {
                finish(keep: true)
                return UInt8(CC_REFRESH)
            }
            switch key {
            case 0x12:  // Ctrl-R: older
                if needle.isEmpty {
                    needle = lastSearch
                    search(from: 0, older: true)
                } else {
                    search(from: (found?.index ?? -1) + 1, older: true, skip: found.map { entries[$0.index] })
                }
                show()
            case 0x13:  // Ctrl-S: newer
                if let current = found {
                    search(from: current.index - 1, older: false, skip: entries[current.index])
                }
                show()
            case 0x7F, 0x08:  // Backspace: a shorter needle, searched again from the newest
                if !needle.isEmpty {
                    needle.removeLast()
                    found = nil
                    search(from: 0, older: true)
                }
                show()
            case 0x07:  // Ctrl-G: abandon the search
                finish(keep: false)
                return UInt8(CC_REFRESH)
            case 0x03:  // Ctrl-C: abandon the search and the line
                finish(keep: false)
                el_push(editLine, "\u{03}")
                return UInt8(CC_REFRESH)
            case 0x0D, 0x0A:  // Enter: run the line found
                finish(keep: true)
                acceptsNextEnter = true
                el_push(editLine, "\n")
                return UInt8(CC_REFRESH)
            case 0x1B:
                // Escape alone leaves the search; an escape sequence (an arrow key, Home, End)
                // leaves it and is then handled as usual.
                finish(keep: true)
                var sequence = "\u{1B}"
                if let next = readKey(within: 50) {
                    sequence.unicodeScalars.append(Unicode.Scalar(next) ?? "?")
                    if next == 0x5B || next == 0x4F {  // CSI or SS3: up to the final byte
                        while let byte = readKey(within: 50) {
                            sequence.unicodeScalars.append(Unicode.Scalar(byte) ?? "?")
                            if byte >= 0x40 && byte <= 0x7E { break }
                        }
                    }
                    el_push(editLine, sequence)
                }
                return UInt8(CC_REFRESH)
            case 0..<0x20:
                // Another control key (Ctrl-A, Ctrl-E, Tab, ...): leave, then do its work.
                finish(keep: true)
                if let scalar = Unicode.Scalar(key) { el_push(editLine, String(Character(scalar))) }
                return UInt8(CC_REFRESH)
            default:
                guard let scalar = Unicode.Scalar(key) else { continue }
                needle.unicodeScalars.append(scalar)
                // The entry shown may still match the longer needle.
                if !failed { search(from: found?.index ?? 0, older: true) }
                show()
            }
        }
    }
}
