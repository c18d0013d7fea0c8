/// The lines an interactive source hands the shell one by one: the statement typed so far
/// (for completion's context and Enter's completeness), lines still to give (the rest of a
/// multi-line buffer, an edited statement), and whether the input was cancelled.
public struct StatementInput: Sendable {
    /// Lines of the statement being typed, given to the shell already.
    public private(set) var lines: [String] = []
    /// Lines still to give, first first.
    public var queued: [[UInt8]] = []
    private var cancelled = false

    /// Nothing typed.
    public init() {}

    /// The statement's earlier lines, each followed by a line break, then `line`.
    public func context(before line: String) -> String {
        lines.isEmpty ? line : lines.joined(separator: "\n") + "\n" + line
    }

    /// Notes a line given to the shell (blank lines and comments before a statement are not
    /// part of one) and returns it.
    public mutating func remember(_ line: [UInt8]) -> [UInt8] {
        let blank = line.allSatisfy { $0 == 32 || $0 == 9 }
        if !lines.isEmpty || !(blank || line.first == UInt8(ascii: "#")) {
            lines.append(String(decoding: line, as: UTF8.self))
        }
        return line
    }

    /// The next queued line, or nil.
    public mutating func nextQueued() -> [UInt8]? {
        queued.isEmpty ? nil : remember(queued.removeFirst())
    }

    /// The buffer read (one or several lines): the first line to give now, the others queued.
    public mutating func take(_ buffer: [UInt8]) -> [UInt8] {
        var bytes = buffer
        if bytes.last == 10 { bytes.removeLast() }
        var split = Self.lines(of: bytes)
        let first = split.removeFirst()
        queued = split
        return remember(first)
    }

    /// The input is discarded (Ctrl-C): returns the empty line to give.
    public mutating func cancel() -> [UInt8] {
        cancelled = true
        queued.removeAll()
        lines.removeAll()
        return []
    }

    /// The statement's earlier lines are dropped (as by Ctrl-C) and the buffer read (an edited
    /// statement) queued in their place: returns the empty line to give now.
    public mutating func replaceStatement(with buffer: [UInt8]) -> [UInt8] {
        var bytes = buffer
        if bytes.last == 10 { bytes.removeLast() }
        _ = cancel()
        queued = Self.lines(of: bytes)
        return []
    }

    /// Whether the input was cancelled since the last call.
    public mutating func takeCancellation() -> Bool {
        defer { cancelled = false }
        return cancelled
    }

    /// The statement ended.
    public mutating func completed() {
        lines.removeAll()
    }

    /// Queues `text` (`.edit`'s result) and returns it as shown at the prompt: each line
    /// after the prompt or the continuation prompt.
    public mutating func insert(_ text: String, prompt: String, continuationPrompt: String) -> String {
        var split = Self.lines(of: Array(text.utf8))
        while split.count > 1, split.last?.isEmpty == true { split.removeLast() }
        var shown = ""
        for (number, line) in split.enumerated() {
            shown += (number == 0 ? prompt : continuationPrompt) + String(decoding: line, as: UTF8.self) + "\n"
        }
        queued += split
        return shown
    }

    private static func lines(of bytes: [UInt8]) -> [[UInt8]] {
        bytes.split(separator: 10, omittingEmptySubsequences: false).map(Array.init)
    }
}
