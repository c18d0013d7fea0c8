import FuzzSupport
@testable import SQLshCore

/// The core SQL tokenizer on any bytes: the tokens tile the input (each starts where the one
/// before ended, none is empty, offsets only go up), so their texts put together give the input
/// back; only the last token can be unterminated; skipping trivia finds the same tokens; and
/// the direct-only guard's scan, which reads its tokens, answers without trapping.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSQLTokenizer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = FuzzSupport.bytes(data, size)
    bytes.withUnsafeBufferPointer { text in
        var joined: [UInt8] = []
        joined.reserveCapacity(text.count)
        var end = 0
        var significant: [SQLToken] = []
        var unterminated = false
        for token in SQLTokenizer(text) {
            precondition(token.start == end && token.end > token.start && token.end <= text.count, "bad token \(token) after \(end)")
            precondition(!unterminated, "a token after an unterminated one: \(token)")
            unterminated = token.isUnterminated
            joined += text[token.range]
            end = token.end
            if !token.isTrivia { significant.append(token) }
            _ = token.unquoted(in: text)
            _ = token.lowercasedText(in: text)
        }
        precondition(end == text.count && joined.elementsEqual(text), "the tokens do not give the input back")
        var tokenizer = SQLTokenizer(text)
        var again: [SQLToken] = []
        while let token = tokenizer.nextSignificant() { again.append(token) }
        precondition(again == significant, "nextSignificant() differs from next()")
        // From any offset, even inside a token, the tokens still tile the rest.
        if text.count > 0 {
            let from = Int(text[0]) % text.count
            var rest = SQLTokenizer(text, from: from)
            var at = from
            while let token = rest.next() {
                precondition(token.start == at && token.end > at, "bad token \(token) from \(from)")
                at = token.end
            }
            precondition(at == text.count)
        }
        if !text.contains(0) { _ = SQLCallScan.calls(text, "touch") }
    }
    return 0
}

@_cdecl("FuzzSQLTokenizer_main")
public func FuzzSQLTokenizerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    FuzzSupport.runDriver(argc, argv, { fuzzSQLTokenizer($0, $1) })
}
