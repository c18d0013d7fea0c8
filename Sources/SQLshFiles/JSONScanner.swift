#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLshCore

/// One JSON value of the current record: its kind and where its text is in the file.
struct JSONSlot {
    enum Kind: UInt8 { case null, `true`, `false`, number, string, object, array }
    var kind: Kind = .null
    /// File offsets of the value's text: a string's content without its quotes, a number's
    /// digits, a container's text with its brackets.
    var start = 0
    var end = 0
    /// A string with backslash escapes, or a number with a fraction or an exponent.
    var flag = false
    /// The record the slot was set by (older slots read as absent).
    var record = 0
}

/// Reads JSON records one at a time from a stream: the elements of one top-level array, or
/// values one after another (newline-delimited JSON, or any whitespace between them). For a
/// record that is an object, the value of each known key is located (``slots``, by column);
/// values are checked as they are read, but decoded only when a column is read.
final class JSONScanner {
    let stream: ByteStream
    private(set) var layout: JSONLayout
    /// The values of the current record, by column (an object record).
    private(set) var slots: [JSONSlot] = []
    /// The whole current record's value.
    private(set) var record = JSONSlot()
    private(set) var recordStart = 0
    private(set) var recordLine = 1
    private(set) var recordCount = 0
    /// The keys of the columns, in order; while ``learnsKeys`` new keys are added as met.
    private(set) var keys: [[UInt8]] = []
    var learnsKeys = false

    private var keyIndex: [[UInt8]: Int] = [:]
    private var position = 0
    private var line = 1
    private var lineStart = 0
    private var started = false
    private var finished = false
    private var stack: [UInt8] = []
    /// The bytes of decoded values (strings, minified containers).
    private(set) var scratch: [UInt8] = []
    private let maxDepth = 10_000

    /// A scanner reading `layout` (nil: an array when the first byte is `[`, else values one
    /// after another).
    init(stream: ByteStream, layout: JSONLayout?) throws {
        self.stream = stream
        self.layout = .objects
        if try stream.byte(at: 0, keeping: 0) == 0xEF, try stream.byte(at: 1, keeping: 0) == 0xBB,
           try stream.byte(at: 2, keeping: 0) == 0xBF {
            position = 3
            lineStart = 3
        }
        if let layout {
            self.layout = layout
        } else {
            try skipSpace()
            self.layout = try byte(position) == UInt8(ascii: "[") ? .array : .objects
        }
    }

    /// Sets the columns' keys (the columns of a table being read).
    func setKeys(_ keys: [[UInt8]]) {
        self.keys = keys
        keyIndex = [:]
        for (i, key) in keys.enumerated() where keyIndex[key] == nil { keyIndex[key] = i }
        slots = Array(repeating: JSONSlot(), count: keys.count)
    }

    // Forced inlining in this file: Benchmarks/files.sh (NDJSON scans): every byte of the file.
    @inline(__always) private func byte(_ offset: Int) throws -> UInt8? {
        do {
            return try stream.byte(at: offset, keeping: recordStart)
        } catch let overflow as ByteStreamOverflow {
            _ = overflow
            throw FileRecordError(line: recordLine, column: 1, lineText: "",
                              problem: "a record longer than \(stream.maxKept) bytes (\(stream.limitName))", resume: Int.max)
        }
    }

    @inline(__always) private func skipSpace() throws {
        while let c = try byte(position) {
            if c == 32 || c == 9 || c == 13 {
                position += 1
            } else if c == 10 {
                position += 1
                line += 1
                lineStart = position
            } else {
                return
            }
        }
    }

    /// Reads the next record; false after the last.
    func next() throws -> Bool {
        if finished { return false }
        recordStart = position
        try skipSpace()
        if layout == .array {
            if !started {
                guard try byte(position) == UInt8(ascii: "[") else {
                    throw error("expected [ at the start of a JSON array (format='array')")
                }
                position += 1
                started = true
                try skipSpace()
                if try byte(position) == UInt8(ascii: "]") { position += 1; return try end() }
            } else {
                let c = try byte(position)
                if c == UInt8(ascii: "]") { position += 1; return try end() }
                guard c == UInt8(ascii: ",") else {
                    throw error(c == nil ? "the JSON array is not closed with ]" : "expected , or ] after an element of the array")
                }
                position += 1
                try skipSpace()
            }
        }
        recordStart = position
        recordLine = line
        guard let first = try byte(position) else {
            if layout == .array { throw error("the JSON array is not closed with ]") }
            finished = true
            return false
        }
        recordCount += 1
        if first == UInt8(ascii: "{") {
            try readObjectRecord()
        } else {
            record = try readValue()
            record.record = recordCount
        }
        // Newline-delimited: the rest of the line must be empty.
        return true
    }

    /// After the closing `]` of an array: only spaces may follow.
    private func end() throws -> Bool {
        finished = true
        recordStart = position
        try skipSpace()
        if try byte(position) != nil { throw error("unexpected text after the end of the JSON array") }
        return false
    }

    /// Reads an object record, locating the values of the keys of columns.
    private func readObjectRecord() throws {
        let start = position
        lastColumn = -1
        position += 1
        var expectKey = true, allowClose = true
        while true {
            try skipSpace()
            guard let c = try byte(position) else { throw error("an object is not closed before the end of the file") }
            if expectKey {
                if c == UInt8(ascii: "}") && allowClose { position += 1; break }
                guard c == UInt8(ascii: "\"") else { throw error("expected a key (a string) in an object") }
                let keyStart = position + 1
                let escaped = try readString()
                let keyEnd = position - 1
                try skipSpace()
                guard try byte(position) == UInt8(ascii: ":") else { throw error("expected : after a key") }
                position += 1
                try skipSpace()
                var value = try readValue()
                value.record = recordCount
                if let column = column(keyStart, keyEnd, escaped: escaped) { slots[column] = value }
                expectKey = false
            } else {
                if c == UInt8(ascii: "}") { position += 1; break }
                guard c == UInt8(ascii: ",") else { throw error("expected , or } in an object") }
                position += 1
                expectKey = true
                allowClose = false
            }
        }
        record = JSONSlot(kind: .object, start: start, end: position, flag: false, record: recordCount)
    }

    /// The column of a key (file offsets of its text), learning it when ``learnsKeys``.
    @inline(__always)
    private func column(_ start: Int, _ end: Int, escaped: Bool) -> Int? {
        let n = end - start
        let p = stream.buffer + (start - stream.origin)
        if !escaped {
            // Keys usually come in the same order: try the slot after the last one found.
            if lastColumn + 1 < keys.count {
                let guess = lastColumn + 1
                if keys[guess].count == n, keys[guess].withUnsafeBufferPointer({ $0.elementsEqual(UnsafeBufferPointer(start: p, count: n)) }) {
                    lastColumn = guess
                    return guess
                }
            }
        }
        let key = escaped ? decodeString(start, end) : Array(UnsafeBufferPointer(start: p, count: n))
        if let found = keyIndex[key] { lastColumn = found; return found }
        guard learnsKeys else { return nil }
        keys.append(key)
        keyIndex[key] = keys.count - 1
        slots.append(JSONSlot())
        lastColumn = keys.count - 1
        return keys.count - 1
    }
    private var lastColumn = -1

    /// Reads one value at ``position`` (after spaces): a scalar, or a container checked
    /// to its end.
    private func readValue() throws -> JSONSlot {
        guard let c = try byte(position) else { throw error("a value is missing before the end of the file") }
        let start = position
        switch c {
        case UInt8(ascii: "\""):
            let escaped = try readString()
            return JSONSlot(kind: .string, start: start + 1, end: position - 1, flag: escaped)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let decimal = try readNumber()
            return JSONSlot(kind: .number, start: start, end: position, flag: decimal)
        case UInt8(ascii: "t"):
            try readWord("true")
            return JSONSlot(kind: .true, start: start, end: position)
        case UInt8(ascii: "f"):
            try readWord("false")
            return JSONSlot(kind: .false, start: start, end: position)
        case UInt8(ascii: "n"):
            try readWord("null")
            return JSONSlot(kind: .null, start: start, end: position)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            try readContainer()
            return JSONSlot(kind: c == UInt8(ascii: "{") ? .object : .array, start: start, end: position)
        default:
            throw error("unexpected \(describe(c)) where a value should be")
        }
    }

    /// Reads an object or array to its end (no recursion: nesting is counted on a stack).
    private func readContainer() throws {
        stack.removeAll(keepingCapacity: true)
        guard let open = try byte(position) else { return }
        stack.append(open)
        position += 1
        // States: 0 a key or } expected (1: a key only), 2 a value or ] expected (3: a value
        // only), 4 after a value.
        var state = open == UInt8(ascii: "{") ? 0 : 2
        while let top = stack.last {
            try skipSpace()
            guard let c = try byte(position) else { throw error("\(top == UInt8(ascii: "{") ? "an object" : "an array") is not closed before the end of the file") }
            switch state {
            case 0, 1:
                if c == UInt8(ascii: "}") && state == 0 { position += 1; stack.removeLast(); state = 4; continue }
                guard c == UInt8(ascii: "\"") else { throw error("expected a key (a string) in an object") }
                _ = try readString()
                try skipSpace()
                guard try byte(position) == UInt8(ascii: ":") else { throw error("expected : after a key") }
                position += 1
                state = 3
            case 2, 3:
                if c == UInt8(ascii: "]") && state == 2 { position += 1; stack.removeLast(); state = 4; continue }
                if c == UInt8(ascii: "{") || c == UInt8(ascii: "[") {
                    guard stack.count < maxDepth else { throw error("JSON nested more than \(maxDepth) levels deep") }
                    stack.append(c)
                    position += 1
                    state = c == UInt8(ascii: "{") ? 0 : 2
                    continue
                }
                _ = try readValue()
                state = 4
            default:
                if c == UInt8(ascii: ",") {
                    position += 1
                    state = top == UInt8(ascii: "{") ? 1 : 3
                } else if c == (top == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    position += 1
                    stack.removeLast()
                    state = 4
                } else {
                    throw error(top == UInt8(ascii: "{") ? "expected , or } in an object" : "expected , or ] in an array")
                }
            }
        }
    }

    /// Reads a string whose quote is at ``position``; afterwards ``position`` is past its
    /// closing quote. Returns whether it has escapes.
    private func readString() throws -> Bool {
        let start = position
        position += 1
        var escaped = false
        var i = position - stream.origin
        outer: while true {
            let base = stream.buffer, count = stream.count
            while i < count {
                let b = base[i]
                if b == UInt8(ascii: "\"") {
                    position = i + stream.origin + 1
                    return escaped
                }
                if b == UInt8(ascii: "\\") {
                    position = i + stream.origin
                    guard let e = try byte(position + 1) else {
                        position = start
                        throw error("a string is not closed before the end of the file")
                    }
                    switch e {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                         UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                        position += 2
                    case UInt8(ascii: "u"):
                        for k in 2..<6 {
                            guard let h = try byte(position + k), hexValue(h) != nil else {
                                throw error(at: position, "a \\u escape needs four hex digits")
                            }
                        }
                        position += 6
                    default:
                        throw error(at: position, "unknown escape \\\(describe(e)) in a string")
                    }
                    escaped = true
                    i = position - stream.origin
                    continue outer
                }
                if b == 10 { line += 1; lineStart = i + stream.origin + 1 }
                i &+= 1
            }
            let offset = i + stream.origin
            if try byte(offset) == nil {
                position = start
                throw error("a string is not closed before the end of the file")
            }
            i = offset - stream.origin
        }
    }

    /// Reads a number (JSON's grammar); returns whether it has a fraction or an exponent.
    private func readNumber() throws -> Bool {
        let start = position
        if try byte(position) == UInt8(ascii: "-") { position += 1 }
        guard let d = try byte(position), d &- 48 < 10 else { throw error(at: start, "a number needs digits") }
        position += 1
        if d != 48 { while let c = try byte(position), c &- 48 < 10 { position += 1 } }
        var decimal = false
        if try byte(position) == UInt8(ascii: ".") {
            position += 1
            decimal = true
            guard let c = try byte(position), c &- 48 < 10 else { throw error(at: start, "a number needs digits after its point") }
            while let c = try byte(position), c &- 48 < 10 { position += 1 }
        }
        if let e = try byte(position), e | 0x20 == UInt8(ascii: "e") {
            position += 1
            decimal = true
            if let s = try byte(position), s == UInt8(ascii: "+") || s == UInt8(ascii: "-") { position += 1 }
            guard let c = try byte(position), c &- 48 < 10 else { throw error(at: start, "a number needs digits in its exponent") }
            while let c = try byte(position), c &- 48 < 10 { position += 1 }
        }
        if let c = try byte(position), SQLTokenizer.isIdentifierByte(c) || c == UInt8(ascii: ".") {
            throw error(at: start, "a malformed number")
        }
        return decimal
    }

    private func readWord(_ word: StaticString) throws {
        let start = position
        let bytes = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for b in bytes {
            guard try byte(position) == b else { throw error(at: start, "unexpected text where a value should be") }
            position += 1
        }
        if let c = try byte(position), SQLTokenizer.isIdentifierByte(c) { throw error(at: start, "unexpected text where a value should be") }
    }

    private func describe(_ c: UInt8) -> String {
        c >= 0x21 && c < 0x7F ? "'\(Character(Unicode.Scalar(c)))'" : "byte 0x\(String(c, radix: 16))"
    }

    // MARK: Decoding values

    /// The decoded bytes of a string value (file offsets of its content), escapes undone.
    func decodeString(_ start: Int, _ end: Int) -> [UInt8] {
        Self.decode(stream.buffer + (start - stream.origin), end - start)
    }

    /// A string's content (`n` bytes at `p`, between its quotes) with its escapes undone.
    static func decode(_ p: UnsafePointer<UInt8>, _ n: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(n)
        var i = 0
        while i < n {
            let b = p[i]
            guard b == UInt8(ascii: "\\"), i + 1 < n else { out.append(b); i += 1; continue }
            let e = p[i + 1]
            i += 2
            switch e {
            case UInt8(ascii: "b"): out.append(8)
            case UInt8(ascii: "f"): out.append(12)
            case UInt8(ascii: "n"): out.append(10)
            case UInt8(ascii: "r"): out.append(13)
            case UInt8(ascii: "t"): out.append(9)
            case UInt8(ascii: "u"):
                var scalar = hex4(p, i, n) ?? 0xFFFD
                i += 4
                if scalar >= 0xD800 && scalar < 0xDC00 {
                    if i + 6 <= n, p[i] == UInt8(ascii: "\\"), p[i + 1] == UInt8(ascii: "u"), let low = hex4(p, i + 2, n),
                       low >= 0xDC00 && low < 0xE000 {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        i += 6
                    } else {
                        scalar = 0xFFFD
                    }
                } else if scalar >= 0xDC00 && scalar < 0xE000 {
                    scalar = 0xFFFD
                }
                appendUTF8(scalar, to: &out)
            default: out.append(e)
            }
        }
        return out
    }

    private static func hex4(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int) -> UInt32? {
        guard i + 4 <= n else { return nil }
        var v: UInt32 = 0
        for k in 0..<4 {
            guard let h = hexValue(p[i + k]) else { return nil }
            v = v << 4 | UInt32(h)
        }
        return v
    }

    /// A container's text without the spaces between its tokens.
    func minified(_ start: Int, _ end: Int) -> [UInt8] {
        Self.minify(stream.buffer + (start - stream.origin), end - start)
    }

    /// JSON text (`n` bytes at `p`) without the spaces between its tokens.
    static func minify(_ p: UnsafePointer<UInt8>, _ n: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(n)
        var i = 0
        var inString = false
        while i < n {
            let b = p[i]
            if inString {
                out.append(b)
                if b == UInt8(ascii: "\\") && i + 1 < n { out.append(p[i + 1]); i += 2; continue }
                if b == UInt8(ascii: "\"") { inString = false }
            } else if b == UInt8(ascii: "\"") {
                inString = true
                out.append(b)
            } else if !(b == 32 || b == 9 || b == 10 || b == 13) {
                out.append(b)
            }
            i += 1
        }
        return out
    }

    /// The buffered bytes of a value (file offsets).
    @inline(__always)
    func bytes(_ start: Int, _ end: Int) -> (UnsafePointer<UInt8>, Int) {
        (UnsafePointer(stream.buffer + (start - stream.origin)), end - start)
    }

    // MARK: Errors

    private func error(_ problem: String) -> FileRecordError { error(at: position, problem) }

    func error(at offset: Int, _ problem: String) -> FileRecordError {
        // The line holding `offset`: counted from the record's start when it is before the
        // current line.
        var line = self.line, start = lineStart
        if offset < lineStart {
            line = recordLine
            start = recordStart
            var i = max(recordStart, stream.origin)
            while i < min(offset, stream.end) {
                if stream.buffer[i - stream.origin] == 10 { line += 1; start = i + 1 }
                i += 1
            }
            // recordStart may be mid-line: go back to the line's start when it is buffered.
        }
        // Only buffered bytes are read: the line's start may have been dropped already.
        var lineBegin = min(max(start, stream.origin), stream.end)
        while lineBegin > stream.origin && lineBegin > recordStart - 4096,
              stream.buffer[lineBegin - 1 - stream.origin] != 10 { lineBegin -= 1 }
        return FileRecordError(line: line, column: stream.column(of: offset, lineStart: lineBegin),
                           lineText: stream.lineText(from: lineBegin), problem: problem, resume: offset)
    }

    /// Goes past a record that could not be read (`ignore_errors`, values one after
    /// another only): reading resumes at the line after the one the record starts on (one
    /// record per line, as in newline-delimited JSON).
    func skip(_ error: FileRecordError) throws -> Bool {
        guard layout == .objects else { return false }
        if error.resume == Int.max {
            position = stream.end
        } else {
            position = recordStart
            line = recordLine
        }
        recordStart = position
        while let c = try byte(position) {
            position += 1
            recordStart = position
            if c == 10 { line += 1; lineStart = position; return true }
        }
        return true
    }
}

@inline(__always) func hexValue(_ c: UInt8) -> UInt8? {
    switch c {
    case 48...57: return c - 48
    case 65...70: return c - 55
    case 97...102: return c - 87
    default: return nil
    }
}

func appendUTF8(_ scalar: UInt32, to out: inout [UInt8]) {
    switch scalar {
    case 0..<0x80: out.append(UInt8(scalar))
    case 0x80..<0x800:
        out.append(UInt8(0xC0 | (scalar >> 6)))
        out.append(UInt8(0x80 | (scalar & 0x3F)))
    case 0x800..<0x10000:
        out.append(UInt8(0xE0 | (scalar >> 12)))
        out.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
        out.append(UInt8(0x80 | (scalar & 0x3F)))
    default:
        out.append(UInt8(0xF0 | (scalar >> 18)))
        out.append(UInt8(0x80 | ((scalar >> 12) & 0x3F)))
        out.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
        out.append(UInt8(0x80 | (scalar & 0x3F)))
    }
}
