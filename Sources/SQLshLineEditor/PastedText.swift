import SQLshShell

/// A bracketed paste (`ESC [200~` ... `ESC [201~`), key by key: everything up to the end
/// marker goes into the buffer as text (line breaks as line breaks, tabs as tabs), nothing runs.
public struct PastedText: Sendable {
    private var pasted: [Unicode.Scalar] = []

    /// An empty paste.
    public init() {}

    /// Adds a key; returns true when it ended the paste (the end marker is not kept).
    public mutating func add(_ key: UInt32) -> Bool {
        pasted.append(Unicode.Scalar(key) ?? "\u{FFFD}")
        let end = ControlSequence.pasteEnd
        guard pasted.count >= end.count, Array(pasted.suffix(end.count)) == end else { return false }
        pasted.removeLast(end.count)
        return true
    }

    /// The text to insert: `\r` and `\r\n` as line breaks, no line breaks at the end.
    public var text: [Unicode.Scalar] {
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
        return text
    }
}
