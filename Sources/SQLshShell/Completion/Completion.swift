/// What Tab completion found for the text before the cursor.
public struct Completion: Equatable, Sendable {
    /// One possible completion.
    public struct Candidate: Equatable, Hashable, Sendable {
        /// What a candidate is; decides what the line editor adds after a unique completion.
        public enum Kind: Sendable {
            case keyword, table, column, function, command, value, file, directory
        }
        /// The text that replaces ``Completion/fragment`` (quoted when the name needs it).
        public var text: String
        public var kind: Kind

        public init(_ text: String, _ kind: Kind) {
            self.text = text
            self.kind = kind
        }

        /// What to type after this candidate when it is the only one: `(` after a function,
        /// nothing after a directory, else a space.
        public var suffix: String {
            switch kind {
            case .function: return "("
            case .directory: return ""
            default: return " "
            }
        }
    }

    /// What the line editor inserts for a unique candidate when `after` is the text after the
    /// cursor: the candidate and its ``Candidate/suffix``, unless that text already supplies
    /// it (`count(na|)` gets no space, `rev|(x)` no second parenthesis).
    public static func insertion(for candidate: Candidate, after: String) -> String {
        let next = after.utf8.first
        switch candidate.suffix {
        case "(" where next == UInt8(ascii: "("):
            return candidate.text
        case " " where next.map({ isSpace($0) || $0 == UInt8(ascii: ")") || $0 == UInt8(ascii: ",")
                                     || $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: ".") }) == true:
            return candidate.text
        default:
            return candidate.text + candidate.suffix
        }
    }

    /// The fragment being completed: the text between the start of the word and the cursor.
    public var fragment: String
    /// The candidates, sorted case-insensitively, without duplicates.
    public var candidates: [Candidate]

    public init(fragment: String, candidates: [Candidate]) {
        self.fragment = fragment
        self.candidates = candidates
    }

    /// The longest text every candidate starts with (compared case-insensitively, spelt as the
    /// first candidate spells it); the fragment itself when there is none longer.
    public var commonPrefix: String {
        guard var prefix = candidates.first.map({ Array($0.text.unicodeScalars) }) else { return fragment }
        for candidate in candidates.dropFirst() {
            let other = Array(candidate.text.unicodeScalars)
            var n = 0
            while n < prefix.count && n < other.count && lower(prefix[n]) == lower(other[n]) { n += 1 }
            prefix.removeSubrange(n...)
        }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: prefix)
        return String(text)
    }

    private func lower(_ s: Unicode.Scalar) -> Unicode.Scalar {
        (65...90).contains(s.value) ? Unicode.Scalar(s.value + 32)! : s
    }
}
