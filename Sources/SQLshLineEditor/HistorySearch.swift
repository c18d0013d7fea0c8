import SQLshCore

/// Ctrl-R: incremental search back through history, as in bash; the state, key by key.
///
/// The prompt becomes `(reverse-i-search)'needle': ` (`(failed reverse-i-search)` when nothing
/// matches) and the line shows the newest entry containing the needle, the cursor on the match.
/// Typing extends the needle; Backspace shortens it; Ctrl-R again finds an older match (with
/// an empty needle, the last search again); Ctrl-S a newer one. Enter runs the line found;
/// Escape, the arrow keys, Home, End and the other editing keys leave the search keeping the
/// line found (the key then does its usual work); Ctrl-G gives the line back as it was.
public struct HistorySearch: Sendable {
    /// What a key did.
    public enum Step: Equatable, Sendable {
        /// The search goes on: show ``prompt`` and ``line``.
        case show
        /// The search ended: show ``line`` under the usual prompt, then do `then`.
        case leave(then: FollowUp)
    }

    /// What follows the end of a search.
    public enum FollowUp: Equatable, Sendable {
        /// Nothing (Ctrl-G, Escape alone, the end of input).
        case nothing
        /// Ctrl-C: the line is abandoned too.
        case interrupt
        /// Enter: the line found runs.
        case enter
        /// Escape: the rest of an escape sequence (an arrow key) is read and handled as usual.
        case escapeSequence
        /// Another control key: handled as usual.
        case key(Unicode.Scalar)
    }

    /// History entries, newest first.
    public let entries: [String]
    /// The line before the search, and its cursor (Unicode scalars).
    public let original: EditBuffer
    /// The text searched for.
    public private(set) var needle = ""
    /// The needle of the last search (Ctrl-R at once searches for it again); updated when a
    /// search with a needle ends.
    public private(set) var lastSearch: String
    /// The entry shown (nil: the line as it was) and where the needle is in it.
    private var found: (index: Int, cursor: Int)? = nil
    /// Whether nothing matches the needle.
    public private(set) var failed = false
    /// Whether the line found is kept on leaving (else the original comes back).
    private var keeps = true

    /// A search over `entries` (newest first) from the line `original`.
    public init(entries: [String], original: EditBuffer, lastSearch: String) {
        self.entries = entries
        self.original = original
        self.lastSearch = lastSearch
    }

    /// The prompt while searching.
    public var prompt: String {
        "(\(failed ? "failed reverse-i-search" : "reverse-i-search"))'\(needle)': "
    }

    /// The line to show: the entry found, the cursor on the match, else the original.
    public var line: EditBuffer {
        guard let found, keeps else { return original }
        return EditBuffer(entries[found.index], cursor: found.cursor)
    }

    /// Handles a key (nil: the end of input).
    public mutating func handle(_ key: UInt32?) -> Step {
        guard let key else { return leave(keep: true, then: .nothing) }
        switch key {
        case 0x12:  // Ctrl-R: older
            if needle.isEmpty {
                needle = lastSearch
                search(from: 0, older: true)
            } else {
                search(from: (found?.index ?? -1) + 1, older: true, skip: found.map { entries[$0.index] })
            }
        case 0x13:  // Ctrl-S: newer
            if let current = found {
                search(from: current.index - 1, older: false, skip: entries[current.index])
            }
        case 0x7F, 0x08:  // Backspace: a shorter needle, searched again from the newest
            if !needle.isEmpty {
                needle.removeLast()
                found = nil
                search(from: 0, older: true)
            }
        case 0x07: return leave(keep: false, then: .nothing)      // Ctrl-G: abandon the search
        case 0x03: return leave(keep: false, then: .interrupt)    // Ctrl-C: and the line
        case 0x0D, 0x0A: return leave(keep: true, then: .enter)   // Enter: run the line found
        case 0x1B: return leave(keep: true, then: .escapeSequence)
        case 0..<0x20:
            // Another control key (Ctrl-A, Ctrl-E, Tab, ...): leave, then do its work.
            return leave(keep: true, then: Unicode.Scalar(key).map(FollowUp.key) ?? .nothing)
        default:
            guard let scalar = Unicode.Scalar(key) else { return .show }
            needle.unicodeScalars.append(scalar)
            // The entry shown may still match the longer needle.
            if !failed { search(from: found?.index ?? 0, older: true) }
        }
        return .show
    }

    private mutating func leave(keep: Bool, then: FollowUp) -> Step {
        keeps = keep
        if !needle.isEmpty { lastSearch = needle }
        return .leave(then: then)
    }

    /// Finds the first entry from `start` on (going older, or newer) that contains the needle
    /// and is not `skip`; sets ``failed`` when there is none (the entry shown stays).
    private mutating func search(from start: Int, older: Bool, skip: String? = nil) {
        // An empty needle finds nothing: the line as it was is shown.
        guard !needle.isEmpty else { found = nil; failed = false; return }
        var i = start
        while i >= 0 && i < entries.count {
            if entries[i] != skip, let range = entries[i].firstRange(ofElements: needle) {
                let scalars = entries[i].unicodeScalars
                found = (i, scalars.distance(from: scalars.startIndex, to: range.lowerBound))
                failed = false
                return
            }
            i += older ? 1 : -1
        }
        failed = true
    }
}
