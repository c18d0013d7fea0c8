#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a delimited file is written.
struct CSVDialect: Equatable {
    var delimiter: UInt8 = UInt8(ascii: ",")
    /// The quote character; nil: fields are never quoted.
    var quote: UInt8? = UInt8(ascii: "\"")
    /// Inside quotes, the character that makes the next one literal; nil or the quote itself:
    /// a doubled quote stands for one (RFC 4180).
    var escape: UInt8?
    /// A line starting with it is skipped.
    var comment: UInt8?
}

/// A problem in a file at a place: what the error messages of the files pack are made of.
struct FileRecordError: Error {
    var line: Int
    var column: Int
    var lineText: String
    var problem: String
    /// Where reading goes on when the record is skipped (`ignore_errors`): at the line after
    /// the one holding this file offset (Int.max: after the buffered bytes).
    var resume: Int
}

/// The fields of a scanner's current record (a view of its storage, valid until the next
/// record).
struct CSVFields {
    let base: UnsafeMutablePointer<CSVField>
    let count: Int

    subscript(i: Int) -> CSVField {
        precondition(i >= 0 && i < count, "field index out of range")
        return base[i]
    }
}

/// One field of the current record.
struct CSVField {
    /// Where its value is: a file offset (in the stream's buffer), or an offset in the
    /// scanner's scratch bytes when quotes had to be undone.
    var start: Int
    var end: Int
    /// Where the field starts in the file (its opening quote for a quoted field).
    var rawStart: Int
    var inScratch: Bool
    var quoted: Bool
}

/// Reads the records of a delimited file one at a time, in place: a field's bytes are read
/// in the stream's buffer (only a quoted field with doubled or escaped quotes is copied, to
/// scratch bytes), so a record costs no allocation once the arrays have grown.
///
/// RFC 4180 with the dialect's characters: a field starting with the quote runs to the
/// closing quote (delimiters and newlines inside are kept; a doubled quote or the escape
/// character before one stands for it) and must be followed by a delimiter or the end of
/// the line; an unquoted field runs to the next delimiter or newline (LF, CR LF or CR).
/// Empty lines and comment lines are skipped; a UTF-8 byte order mark at the start is not
/// data.
final class CSVScanner {
    let stream: ByteStream
    let dialect: CSVDialect
    /// The current record's fields (valid until the next record).
    var fields: CSVFields { CSVFields(base: fieldStorage, count: fieldCount) }
    /// The fields' storage: a buffer rather than an array, so that a field costs a store (no
    /// uniqueness or exclusivity check on every append, Benchmarks/files.sh).
    private var fieldStorage: UnsafeMutablePointer<CSVField>
    private var fieldCount = 0
    private var fieldCapacity = 16
    /// The file offset and line number of the current record's first byte.
    private(set) var recordStart = 0
    private(set) var recordLine = 1
    /// How many records were read.
    private(set) var recordCount = 0

    private var position = 0
    private var line = 1
    private var scratch: UnsafeMutablePointer<UInt8>
    private var scratchCount = 0
    private var scratchCapacity = 256
    private let quote: UInt8
    private let hasQuote: Bool
    /// The escape character when it differs from the quote.
    private let escape: UInt8
    private let hasEscape: Bool

    init(stream: ByteStream, dialect: CSVDialect) throws {
        self.stream = stream
        self.dialect = dialect
        quote = dialect.quote ?? 0
        hasQuote = dialect.quote != nil
        escape = dialect.escape ?? 0
        hasEscape = dialect.escape != nil && dialect.escape != dialect.quote && dialect.quote != nil
        scratch = .allocate(capacity: scratchCapacity)
        fieldStorage = .allocate(capacity: fieldCapacity)
        if try byte(0) == 0xEF, try byte(1) == 0xBB, try byte(2) == 0xBF { position = 3 }
    }

    deinit {
        scratch.deallocate()
        fieldStorage.deallocate()
    }

    /// Adds a field to the current record.
    @inline(__always) private func append(_ field: CSVField) {
        if fieldCount == fieldCapacity { growFields() }
        fieldStorage[fieldCount] = field
        fieldCount &+= 1
    }

    /// Doubles the fields' storage (a record's field count is bounded by its bytes, which
    /// the stream bounds by the length limit).
    private func growFields() {
        let capacity = fieldCapacity * 2
        let bigger = UnsafeMutablePointer<CSVField>.allocate(capacity: capacity)
        bigger.moveInitialize(from: fieldStorage, count: fieldCount)
        fieldStorage.deallocate()
        fieldStorage = bigger
        fieldCapacity = capacity
    }

    // Forced inlining in this file: Benchmarks/files.sh (CSV scans): every byte of the file.
    @inline(__always) private func byte(_ offset: Int) throws -> UInt8? {
        do {
            return try stream.byte(at: offset, keeping: recordStart)
        } catch let overflow as ByteStreamOverflow {
            throw tooLong(overflow)
        }
    }

    private func tooLong(_ overflow: ByteStreamOverflow) -> FileRecordError {
        FileRecordError(line: recordLine, column: 1, lineText: lineText(from: recordStart),
                    problem: "a row longer than \(stream.maxKept) bytes (\(stream.limitName))", resume: Int.max)
    }

    /// The bytes of field `index` of the current record (valid until the next record).
    @inline(__always)
    func bytes(_ index: Int) -> (UnsafePointer<UInt8>, Int) {
        precondition(index >= 0 && index < fieldCount, "field index out of range")
        let field = fieldStorage[index]
        if field.inScratch { return (UnsafePointer(scratch + field.start), field.end - field.start) }
        return (UnsafePointer(stream.buffer + (field.start - stream.origin)), field.end - field.start)
    }

    /// Skips `count` lines as they are (quotes are not looked at): DuckDB's `skip`.
    func skipLines(_ count: Int) throws {
        var left = count
        while left > 0, let c = try byte(position) {
            position += 1
            recordStart = position
            let crAlone = try c == 13 && byte(position) != 10
            if c == 10 || crAlone { line += 1; left -= 1 }
        }
        recordStart = position
    }

    /// Reads the next record into ``fields``; false at the end of the file.
    /// - Throws: ``FileRecordError`` for a quoted field that is not closed or is followed by
    ///   something else than a delimiter or a newline (``skip(_:)`` goes past it).
    func next() throws -> Bool {
        fieldCount = 0
        scratchCount = 0
        recordStart = position
        // Blank lines and comment lines are not records.
        while true {
            guard let c = try byte(position) else { return false }
            if c == 10 || c == 13 {
                try consumeNewline()
                recordStart = position
                continue
            }
            if let comment = dialect.comment, c == comment {
                while let d = try byte(position), d != 10 && d != 13 { position += 1; recordStart = position }
                continue
            }
            break
        }
        recordStart = position
        recordLine = line
        let delimiter = dialect.delimiter
        let delimiters = UInt64(delimiter) &* Self.ones
        if readBuffered(delimiter, delimiters) {
            recordCount += 1
            return true
        }
        // The rest of the record, from a field start: quoted fields, and fields that run past
        // the buffered bytes.
        while true {
            let fieldStart = position
            guard let first = try byte(position) else {
                append(CSVField(start: position, end: position, rawStart: position, inScratch: false, quoted: false))
                break
            }
            if hasQuote && first == quote {
                try readQuoted(from: fieldStart)
                guard let c = try byte(position) else { break }
                if c == delimiter { position += 1; continue }
                if c == 10 || c == 13 { try consumeNewline(); break }
                throw error(at: position, "a quoted field is followed by \(describe(c)) rather than a delimiter or the end of the line",
                            resumeFrom: position)
            }
            // An unquoted field: to the next delimiter or newline, in the buffer.
            var i = position - stream.origin
            scanning: while true {
                let base = stream.buffer, count = stream.count
                // Eight bytes at a time while they are buffered, then one at a time.
                while i &+ 8 <= count {
                    let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
                    let stop = Self.stops(word, delimiters)
                    if stop != 0 {
                        i &+= stop.trailingZeroBitCount &>> 3
                        break scanning
                    }
                    i &+= 8
                }
                while i < count {
                    let b = base[i]
                    if b == delimiter || b == 10 || b == 13 { break scanning }
                    i &+= 1
                }
                let offset = i + stream.origin
                let more: Bool
                do { more = try stream.fill(keeping: recordStart) } catch let overflow as ByteStreamOverflow { throw tooLong(overflow) }
                i = offset - stream.origin
                if !more { break scanning }
            }
            position = i + stream.origin
            append(CSVField(start: fieldStart, end: position, rawStart: fieldStart, inScratch: false, quoted: false))
            guard let c = try byte(position) else { break }
            if c == delimiter { position += 1; continue }
            try consumeNewline()
            break
        }
        recordCount += 1
        return true
    }

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The bytes of `word` (eight bytes read little-endian) that end an unquoted field: the
    /// delimiter (`delimiters`, repeated in each byte), LF and CR. The lowest set bit is in
    /// the first such byte (the high bit of each such byte is set; bytes past the first may
    /// be marked wrongly, so only the first is used).
    @inline(__always)
    private static func stops(_ word: UInt64, _ delimiters: UInt64) -> UInt64 {
        let d = word ^ delimiters, lf = word ^ (10 &* ones), cr = word ^ (13 &* ones)
        return ((d &- ones) & ~d | (lf &- ones) & ~lf | (cr &- ones) & ~cr) & highs
    }

    /// Reads the current record's unquoted fields that lie whole in the buffer, with the
    /// buffer, its size and the position in locals (the common case, Benchmarks/files.sh):
    /// true when the record ended (at LF, CR LF, or CR with a byte after it buffered); false
    /// at a field start that the general loop of ``next()`` reads from (a quoted field, or
    /// one that is not whole in the buffer), with ``position`` there.
    @inline(__always)
    private func readBuffered(_ delimiter: UInt8, _ delimiters: UInt64) -> Bool {
        let base = stream.buffer, count = stream.count, origin = stream.origin
        var i = position &- origin
        defer { position = i &+ origin }
        while i < count {
            let fieldStart = i
            if hasQuote && base[i] == quote { return false }
            found: do {
                while i &+ 8 <= count {
                    let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
                    let stop = Self.stops(word, delimiters)
                    if stop != 0 {
                        i &+= stop.trailingZeroBitCount &>> 3
                        break found
                    }
                    i &+= 8
                }
                while i < count {
                    let b = base[i]
                    if b == delimiter || b == 10 || b == 13 { break found }
                    i &+= 1
                }
                i = fieldStart
                return false
            }
            let c = base[i]
            let field = CSVField(start: fieldStart &+ origin, end: i &+ origin, rawStart: fieldStart &+ origin, inScratch: false, quoted: false)
            if c == delimiter {
                append(field)
                i &+= 1
                continue
            }
            if c == 10 {
                append(field)
                i &+= 1
                line += 1
                return true
            }
            // CR: CR LF or CR alone, told by the next byte.
            guard i &+ 1 < count else {
                i = fieldStart
                return false
            }
            append(field)
            i &+= base[i &+ 1] == 10 ? 2 : 1
            line += 1
            return true
        }
        return false
    }

    /// Reads a quoted field whose quote is at `start`; afterwards ``position`` is past the
    /// closing quote.
    private func readQuoted(from start: Int) throws {
        position = start + 1
        var segment = position
        var copied = false
        let scratchStart = scratchCount
        while true {
            // To the next quote or escape character, counting lines.
            var i = position - stream.origin
            searching: while true {
                let base = stream.buffer, count = stream.count
                while i < count {
                    let b = base[i]
                    if b == quote || (hasEscape && b == escape) { break searching }
                    if b == 10 { line += 1 }
                    i &+= 1
                }
                let offset = i + stream.origin
                let more: Bool
                do { more = try stream.fill(keeping: recordStart) } catch let overflow as ByteStreamOverflow { throw tooLong(overflow) }
                i = offset - stream.origin
                if !more {
                    throw error(at: start, "a quoted field is not closed before the end of the file (quote='' reads quotes as text)",
                                resumeFrom: start)
                }
            }
            position = i + stream.origin
            let b = stream.buffer[i]
            if hasEscape && b == escape {
                guard let literal = try byte(position + 1) else {
                    throw error(at: start, "a quoted field is not closed before the end of the file", resumeFrom: start)
                }
                appendToScratch(from: segment, to: position)
                appendToScratch(literal)
                copied = true
                if literal == 10 { line += 1 }
                position += 2
                segment = position
                continue
            }
            // A quote: doubled, or the closing one.
            if try byte(position + 1) == quote && !hasEscape {
                appendToScratch(from: segment, to: position + 1)
                copied = true
                position += 2
                segment = position
                continue
            }
            if copied {
                appendToScratch(from: segment, to: position)
                append(CSVField(start: scratchStart, end: scratchCount, rawStart: start, inScratch: true, quoted: true))
            } else {
                append(CSVField(start: start + 1, end: position, rawStart: start, inScratch: false, quoted: true))
            }
            position += 1
            return
        }
    }

    /// Consumes the LF, CR LF or CR at ``position``.
    private func consumeNewline() throws {
        if try byte(position) == 13 {
            position += 1
            if try byte(position) == 10 { position += 1 }
        } else {
            position += 1
        }
        line += 1
    }

    private func appendToScratch(from: Int, to: Int) {
        let n = to - from
        guard n > 0 else { return }
        reserveScratch(n)
        (scratch + scratchCount).update(from: stream.buffer + (from - stream.origin), count: n)
        scratchCount += n
    }

    private func appendToScratch(_ b: UInt8) {
        reserveScratch(1)
        scratch[scratchCount] = b
        scratchCount += 1
    }

    private func reserveScratch(_ n: Int) {
        guard scratchCount + n > scratchCapacity else { return }
        var capacity = scratchCapacity
        while capacity < scratchCount + n { capacity *= 2 }
        let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        bigger.update(from: scratch, count: scratchCount)
        scratch.deallocate()
        scratch = bigger
        scratchCapacity = capacity
    }

    private func describe(_ c: UInt8) -> String {
        c >= 0x21 && c < 0x7F ? "'\(Character(Unicode.Scalar(c)))'" : "byte 0x\(String(c, radix: 16))"
    }

    // MARK: Errors

    /// An error at file offset `offset` of the current record; skipping goes on at the line
    /// after the one holding `resumeFrom`.
    func error(at offset: Int, _ problem: String, resumeFrom: Int) -> FileRecordError {
        let (line, lineStart) = location(of: offset)
        return FileRecordError(line: line, column: column(of: offset, lineStart: lineStart), lineText: lineText(from: lineStart),
                           problem: problem, resume: max(resumeFrom, recordStart))
    }

    /// The line number of file offset `offset` (in the current record) and its line's start.
    func location(of offset: Int) -> (line: Int, start: Int) {
        var line = recordLine, start = recordStart
        var i = max(recordStart, stream.origin)
        let end = min(offset, stream.end)
        while i < end {
            let c = stream.buffer[i - stream.origin]
            i += 1
            if c == 10 || (c == 13 && !(i < stream.end && stream.buffer[i - stream.origin] == 10)) {
                line += 1
                start = i
            }
        }
        return (line, start)
    }

    /// The 1-based column of `offset` in its line, in characters.
    func column(of offset: Int, lineStart: Int) -> Int { stream.column(of: offset, lineStart: lineStart) }

    /// The text of the line starting at `start`, as far as it is buffered.
    func lineText(from start: Int) -> String { stream.lineText(from: start) }

    /// Goes past a record that could not be read (`ignore_errors`): reading resumes at the
    /// line after the one where the error says.
    func skip(_ error: FileRecordError) throws {
        if error.resume == Int.max {
            position = stream.end
        } else {
            line = location(of: error.resume).line
            position = error.resume
        }
        recordStart = position
        while let c = try byte(position) {
            position += 1
            recordStart = position
            if c == 10 || c == 13 {
                if c == 13, try byte(position) == 10 { position += 1; recordStart = position }
                line += 1
                break
            }
        }
    }

    /// The file offset reading has reached.
    var offset: Int { position }
}
