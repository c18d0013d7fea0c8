// Substring search over collections, for the modules of this package, without the standard
// library's string processing module (`_StringProcessing`): the release shell is built
// without its implicit import (`make build`), which keeps it and its regular-expression parser
// (2,300 relocated pointers, 15 pages written at every start) out of the executable.

extension Collection where Element: Equatable {
    /// The range of the first occurrence of `other`'s elements, in order, in this collection
    /// (characters for a `String`, compared as `Character`s are); nil when there is none or
    /// `other` is empty.
    package func firstRange<Other: Collection>(ofElements other: Other) -> Range<Index>?
    where Other.Element == Element {
        guard let first = other.first else { return nil }
        var start = startIndex
        while let found = self[start...].firstIndex(of: first) {
            var i = found, j = other.startIndex
            while j != other.endIndex && i != endIndex && self[i] == other[j] {
                formIndex(after: &i)
                other.formIndex(after: &j)
            }
            if j == other.endIndex { return found..<i }
            if i == endIndex { return nil }
            start = index(after: found)
        }
        return nil
    }

    /// Whether `other`'s elements occur, in order, in this collection (see
    /// ``firstRange(ofElements:)``); false for an empty `other`.
    package func contains<Other: Collection>(elements other: Other) -> Bool where Other.Element == Element {
        firstRange(ofElements: other) != nil
    }
}

extension StringProtocol {
    /// The text after `prefix` when it starts with it, else the whole text.
    package func dropping(prefix: String) -> SubSequence {
        hasPrefix(prefix) ? self[index(startIndex, offsetBy: prefix.count)...] : self[...]
    }

    /// Every occurrence of `target` replaced by `replacement`, left to right.
    package func replacingAll(_ target: String, with replacement: String) -> String {
        var result = ""
        var rest = self[...]
        while let range = rest.firstRange(ofElements: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        result += rest
        return result
    }
}
