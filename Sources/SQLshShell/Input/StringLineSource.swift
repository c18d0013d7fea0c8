/// Input from a string already in memory (SQL given as an argument, tests).
public final class StringLineSource: LineSource {
    private let lines: [Substring]
    private var next = 0
    public let isInteractive = false

    public init(_ text: String) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if text.hasSuffix("\n") { lines.removeLast() }
        self.lines = lines
    }

    public func readLine(prompt: String) -> [UInt8]? {
        guard next < lines.count else { return nil }
        defer { next += 1 }
        return Array(lines[next].utf8)
    }
}
