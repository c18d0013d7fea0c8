/// Input from a string already in memory (tests, `-init` text). Lines are cut at `\n` as for
/// files.
public final class StringLineSource: LineSource {
    private let bytes: [UInt8]
    private var position = 0
    public let isInteractive = false

    public init(_ text: String) {
        self.bytes = Array(text.utf8)
    }

    public func readLine(prompt: String) -> [UInt8]? {
        var line: [UInt8] = []
        return readLine(prompt: prompt, into: &line) ? line : nil
    }

    public func readLine(prompt: String, into line: inout [UInt8]) -> Bool {
        line.removeAll(keepingCapacity: true)
        guard position < bytes.count else { return false }
        var end = position
        while end < bytes.count && bytes[end] != 10 { end += 1 }
        var stop = end
        if let nul = bytes[position..<end].firstIndex(of: 0) { stop = nul }
        line.append(contentsOf: bytes[position..<stop])
        if stop == end && end < bytes.count && line.last == 13 { line.removeLast() }
        position = end + 1
        return true
    }
}
