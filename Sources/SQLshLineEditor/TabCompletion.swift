import SQLshShell

/// Tab, given the completions for the word before the cursor: one candidate is inserted, a
/// longer common prefix too; otherwise the first Tab beeps and a second Tab at the same place
/// lists the candidates (``CandidateColumns``).
public struct TabCompletion: Sendable {
    /// What Tab does.
    public enum Outcome: Equatable, Sendable {
        /// Replace the fragment before the cursor (its length in Unicode scalars) with text.
        case replace(count: Int, with: String)
        /// Refuse (the bell).
        case beep
        /// List the candidates under the line.
        case list([String])
    }

    /// The line and cursor of the last Tab that could not complete further.
    private var lastTab: [UInt8]? = nil

    /// No Tab yet.
    public init() {}

    /// Forgets the last Tab (a new prompt).
    public mutating func reset() {
        lastTab = nil
    }

    /// What Tab does with `completion` for the line (`before` and `after` the cursor) in
    /// `context` (the statement's earlier lines and `before`).
    public mutating func outcome(_ completion: Completion, before: String, after: String, context: String) -> Outcome {
        guard !completion.candidates.isEmpty else { return .beep }
        let fragment = completion.fragment.unicodeScalars.count
        if completion.candidates.count == 1 {
            lastTab = nil
            return .replace(count: fragment, with: Completion.insertion(for: completion.candidates[0], after: after))
        }
        let prefix = completion.commonPrefix
        if prefix.unicodeScalars.count > fragment {
            lastTab = nil
            return .replace(count: fragment, with: prefix)
        }
        let state = Array(before.utf8) + [0] + Array(context.utf8) + [0] + Array(after.utf8)
        if lastTab == state { return .list(completion.candidates.map(\.text)) }
        lastTab = state
        return .beep
    }
}

/// Completion candidates in columns, down then across, as readline lists them.
public struct CandidateColumns: Sendable {
    /// The rows, each ending in a line break.
    public let text: String
    /// How many rows.
    public let rows: Int

    /// `candidates` in columns for a terminal `width` columns wide.
    public init(_ candidates: [String], width: Int) {
        let cellWidth = (candidates.map(DisplayWidth.of).max() ?? 1) + 2
        let perLine = max(1, width / cellWidth)
        rows = (candidates.count + perLine - 1) / perLine
        var text = ""
        for r in 0..<rows {
            var c = r
            while c < candidates.count {
                let name = candidates[c]
                text += name
                if c + rows < candidates.count {
                    text += String(repeating: " ", count: cellWidth - DisplayWidth.of(name))
                }
                c += rows
            }
            text += "\n"
        }
        self.text = text
    }

    /// The longest start of `candidates` that fits in `rows` rows `width` columns wide, in
    /// columns, and how many candidates that is.
    public static func fitting(_ candidates: [String], width: Int, rows: Int) -> (columns: CandidateColumns, shown: Int) {
        var low = min(1, candidates.count), high = candidates.count
        while low < high {
            let middle = (low + high + 1) / 2
            if CandidateColumns(Array(candidates.prefix(middle)), width: width).rows <= rows { low = middle } else { high = middle - 1 }
        }
        return (CandidateColumns(Array(candidates.prefix(low)), width: width), low)
    }

    /// Whether to ask first (`Display all 312 possibilities? (y or n)`): more than 100, or
    /// more rows than fit on a screen `height` rows high.
    public static func asksFirst(count: Int, rows: Int, height: Int) -> Bool {
        count > 100 || rows > height - 2
    }
}
