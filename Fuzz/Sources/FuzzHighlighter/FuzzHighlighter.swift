import FuzzSupport
import SQLshShell

private let names = HighlightNames(keywords: ["SELECT", "FROM", "WHERE", "TABLE", "CREATE", "REPLACE"],
                                   functions: ["upper", "replace", "count"],
                                   identifiers: ["t", "a", "b c", "main"],
                                   dotCommands: ["mode", "tables", "highlight"])

/// The line editor's highlighter and its Enter decision on any buffer: spans stay inside the
/// text, in order and apart; bracket partners come in pairs.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHighlighter(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = FuzzSupport.bytes(data, size)
    _ = InputCompleteness.isComplete(bytes)
    let text = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
    let highlight = SQLHighlighter.highlight(text, names: names)
    var end = 0
    for span in highlight.spans {
        precondition(span.start >= end && span.end > span.start && span.end <= text.count, "bad span \(span)")
        end = span.end
    }
    for (bracket, partner) in highlight.bracketPartners {
        precondition(highlight.bracketPartners[partner] == bracket, "unpaired bracket \(bracket)")
    }
    for cursor in 0...text.count { _ = highlight.partner(near: cursor) }
    return 0
}

@_cdecl("FuzzHighlighter_main")
public func FuzzHighlighterMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    FuzzSupport.runDriver(argc, argv, { fuzzHighlighter($0, $1) })
}
