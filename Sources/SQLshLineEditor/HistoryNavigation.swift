/// Up and Down through history: entries newest first, the one in the buffer, and the line
/// that was being typed before the first Up (given back after the newest entry).
public struct HistoryNavigation: Sendable {
    /// History entries, newest first.
    public private(set) var entries: [[Unicode.Scalar]] = []
    /// The entry in the buffer (0: the newest), nil for the line being typed.
    public private(set) var index: Int? = nil
    private var savedLine: [Unicode.Scalar] = []

    /// No history.
    public init() {}

    /// Starts afresh at a prompt with these entries (newest first).
    public mutating func reset(entries: [[Unicode.Scalar]]) {
        self.entries = entries
        index = nil
        savedLine = []
    }

    /// The previous (older) entry for a buffer holding `current`, or nil when there is none.
    public mutating func older(than current: [Unicode.Scalar]) -> [Unicode.Scalar]? {
        let next = (index ?? -1) + 1
        guard next < entries.count else { return nil }
        if index == nil { savedLine = current }
        index = next
        return entries[next]
    }

    /// The next (newer) entry, past the newest the line that was being typed; nil when the
    /// buffer holds that line already.
    public mutating func newer() -> [Unicode.Scalar]? {
        guard let current = index else { return nil }
        if current == 0 {
            index = nil
            return savedLine
        }
        index = current - 1
        return entries[current - 1]
    }
}
