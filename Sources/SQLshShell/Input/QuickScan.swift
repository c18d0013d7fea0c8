/// sqlite3's `quickscan`: a resumable classification of input lines that tells whether the
/// text so far is only whitespace and comments, ends with a `;` outside quotes and comments,
/// or stops inside a quoted string or a block comment. The state carries over to the next line.
struct QuickScanState: Equatable {
    /// The low 8 bits hold the awaited closing character (`*` for a block comment, a quote,
    /// or `]`), 0 in plain text; bit 8: some non-blank text was seen; bit 9: the last
    /// non-blank token was `;`.
    var raw: Int

    static let start = QuickScanState(raw: 0)
    private static let hasDark = 1 << 8
    private static let endingSemi = 2 << 8
    private static let charMask = (1 << 8) - 1
    private static let scanMask = 3 << 8

    /// Not inside a quote or comment.
    var isInPlainText: Bool { raw & Self.charMask == 0 }
    /// Only whitespace, comments and `;` so far, outside any quote.
    var isPlainWhite: Bool { raw & ~Self.endingSemi == 0 }
    /// Ends with `;` in plain text.
    var endsWithSemicolon: Bool { raw & ~Self.hasDark == Self.endingSemi }

    /// Scans one more line.
    func scanning(_ line: UnsafeBufferPointer<UInt8>) -> QuickScanState {
        var qss = raw
        var wait = UInt8(truncatingIfNeeded: qss & Self.charMask)
        var i = 0
        let n = line.count
        scan: while true {
            if wait == 0 {
                // Plain text.
                while i < n {
                    let c = line[i]
                    i += 1
                    if isSpace(c) { continue }
                    switch c {
                    case UInt8(ascii: "-"):
                        if i < n && line[i] == UInt8(ascii: "-") {
                            // A line comment runs to the end of the line.
                            return QuickScanState(raw: qss)
                        }
                    case UInt8(ascii: ";"):
                        qss |= Self.endingSemi
                        continue
                    case UInt8(ascii: "/"):
                        if i < n && line[i] == UInt8(ascii: "*") {
                            i += 1
                            wait = UInt8(ascii: "*")
                            qss = Int(wait) | (qss & Self.scanMask)
                            continue scan
                        }
                    case UInt8(ascii: "["):
                        wait = UInt8(ascii: "]")
                        qss = Self.hasDark | Int(wait)
                        continue scan
                    case UInt8(ascii: "`"), UInt8(ascii: "'"), UInt8(ascii: "\""):
                        wait = c
                        qss = Self.hasDark | Int(wait)
                        continue scan
                    default:
                        break
                    }
                    qss = (qss & ~Self.endingSemi) | Self.hasDark
                }
                return QuickScanState(raw: qss)
            } else {
                // Inside a comment or quote: look for its end.
                while i < n {
                    let c = line[i]
                    i += 1
                    guard c == wait else { continue }
                    switch wait {
                    case UInt8(ascii: "*"):
                        guard i < n && line[i] == UInt8(ascii: "/") else { continue }
                        i += 1
                    case UInt8(ascii: "`"), UInt8(ascii: "'"), UInt8(ascii: "\""):
                        if i < n && line[i] == wait {
                            i += 1
                            continue
                        }
                    default:
                        break
                    }
                    wait = 0
                    qss = qss & Self.scanMask
                    continue scan
                }
                return QuickScanState(raw: qss)
            }
        }
    }
}
