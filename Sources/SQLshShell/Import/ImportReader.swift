#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads delimited fields from a file descriptor, one at a time, exactly as sqlite3's
/// `csv_read_one_field` (RFC 4180 quoting, `""`, CRLF, a leading UTF-8 BOM skipped) and
/// `ascii_read_one_field` do, with sqlite3's warnings for bad quoting.
///
/// The current field is kept in one reused byte buffer; nothing is allocated per field. The
/// mutable state lives behind a pointer (a stored `var` of a class costs a dynamic exclusivity
/// check on every access, and this runs once per input byte), and runs of plain bytes are
/// copied from the input buffer in one go.
final class ImportReader {
    static let endOfFile: Int32 = -1

    private struct State {
        var position = 0
        var end = 0
        var bytesRead = 0
        var field: UnsafeMutablePointer<UInt8>
        var fieldCount = 0
        var fieldCapacity: Int
        var terminator: Int32 = 0
        var line = 1
        var notFirst = false
    }

    private let fd: Int32
    private let buffer: UnsafeMutablePointer<UInt8>
    private let capacity = 1 << 16
    private let state: UnsafeMutablePointer<State>
    /// The file's size (0 when unknown), for progress display.
    let fileSize: Int

    /// The file name used in messages.
    let name: String
    let columnSeparator: Int32
    let rowSeparator: Int32
    let isASCII: Bool
    private let err: OutputWriter

    /// Bytes read so far, for progress display.
    var bytesRead: Int { state.pointee.bytesRead }
    /// The current field's bytes (no terminator), valid until the next ``readField()``.
    var field: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: state.pointee.field, count: state.pointee.fieldCount) }
    /// What ended the last field: a separator, or ``endOfFile``.
    var terminator: Int32 { state.pointee.terminator }
    /// The current line number (1-based).
    var line: Int { state.pointee.line }

    init(fd: Int32, name: String, columnSeparator: UInt8, rowSeparator: UInt8, ascii: Bool, err: OutputWriter) {
        self.fd = fd
        self.name = name
        self.columnSeparator = Int32(columnSeparator)
        self.rowSeparator = Int32(rowSeparator)
        self.isASCII = ascii
        self.err = err
        var info = stat()
        fileSize = fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG ? Int(info.st_size) : 0
        buffer = .allocate(capacity: capacity)
        state = .allocate(capacity: 1)
        state.initialize(to: State(field: .allocate(capacity: 256), fieldCapacity: 256))
    }

    deinit {
        buffer.deallocate()
        state.pointee.field.deallocate()
        state.deallocate()
    }

    // Forced inlining in this file: Benchmarks/shell.sh (.import --csv): every byte of the file.
    @inline(__always)
    private func next() -> Int32 {
        if state.pointee.position == state.pointee.end {
            guard refill() else { return Self.endOfFile }
        }
        let c = buffer[state.pointee.position]
        state.pointee.position += 1
        return Int32(c)
    }

    private func refill() -> Bool {
        while true {
            let n = read(fd, buffer, capacity)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            state.pointee.position = 0
            state.pointee.end = n
            state.pointee.bytesRead += n
            return true
        }
    }

    /// Makes room for at least `extra` more bytes in the field buffer.
    private func reserveField(_ extra: Int) {
        let needed = state.pointee.fieldCount + extra
        guard needed > state.pointee.fieldCapacity else { return }
        var capacity = state.pointee.fieldCapacity
        while capacity < needed { capacity *= 2 }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        grown.update(from: state.pointee.field, count: state.pointee.fieldCount)
        state.pointee.field.deallocate()
        state.pointee.field = grown
        state.pointee.fieldCapacity = capacity
    }

    @inline(__always)
    private func append(_ c: Int32) {
        if state.pointee.fieldCount == state.pointee.fieldCapacity { reserveField(1) }
        state.pointee.field[state.pointee.fieldCount] = UInt8(truncatingIfNeeded: c)
        state.pointee.fieldCount += 1
    }

    /// Appends the input up to the next `stop` or `otherStop` byte, in runs copied in one go,
    /// and returns that byte, or ``endOfFile``. With `consumingStop` the stop byte is read
    /// (a separator ending a plain field); without, it is left unread (a quote or row
    /// separator inside a quoted field) and `last` gets the last byte appended, if any.
    @inline(__always)
    private func appendRun(until stop: UInt8, or otherStop: UInt8, consumingStop: Bool, last: inout Int32?) -> Int32 {
        while true {
            if state.pointee.position == state.pointee.end {
                guard refill() else { return Self.endOfFile }
            }
            var position = state.pointee.position
            let end = state.pointee.end
            let start = position
            while position < end {
                let b = buffer[position]
                if b == stop || b == otherStop { break }
                position += 1
            }
            let n = position - start
            if n > 0 {
                reserveField(n)
                (state.pointee.field + state.pointee.fieldCount).update(from: buffer + start, count: n)
                state.pointee.fieldCount += n
                if !consumingStop { last = Int32(buffer[position - 1]) }
            }
            if position < end {
                state.pointee.position = consumingStop ? position + 1 : position
                return Int32(buffer[position])
            }
            state.pointee.position = position
        }
    }

    /// An unquoted field (CSV) or any field (ASCII) from its first byte `first`: appends the
    /// bytes up to the next column or row separator, consumes it and returns it (or
    /// ``endOfFile``), counting the line a row separator ends.
    @inline(__always)
    private func readPlainField(from first: Int32) -> Int32 {
        var c = first
        if c != Self.endOfFile && c != columnSeparator && c != rowSeparator {
            append(c)
            var unused: Int32?
            c = appendRun(until: UInt8(truncatingIfNeeded: columnSeparator), or: UInt8(truncatingIfNeeded: rowSeparator),
                          consumingStop: true, last: &unused)
        }
        if c == rowSeparator { state.pointee.line += 1 }
        return c
    }

    /// Reads the next field into ``field``. Returns false at end of input (no field).
    func readField() -> Bool {
        isASCII ? readASCIIField() : readCSVField()
    }

    private func readASCIIField() -> Bool {
        state.pointee.fieldCount = 0
        let c = next()
        if c == Self.endOfFile { state.pointee.terminator = Self.endOfFile; return false }
        state.pointee.terminator = readPlainField(from: c)
        return true
    }

    private func readCSVField() -> Bool {
        state.pointee.fieldCount = 0
        let quote = Int32(UInt8(ascii: "\""))
        var c = next()
        if c == Self.endOfFile { state.pointee.terminator = Self.endOfFile; return false }
        if c == quote {
            var pc: Int32 = 0, ppc: Int32 = 0
            let startLine = line
            while true {
                // Bytes up to the next quote or row separator need no quote handling: each
                // follows a byte that is not a quote.
                var last: Int32?
                if pc != quote {
                    _ = appendRun(until: UInt8(ascii: "\""), or: UInt8(truncatingIfNeeded: rowSeparator),
                                  consumingStop: false, last: &last)
                }
                if let last {
                    // The run held no quote, so the byte before its last one is not a quote.
                    (ppc, pc) = (0, last)
                }
                c = next()
                if c == rowSeparator { state.pointee.line += 1 }
                if c == quote && pc == quote {
                    pc = 0
                    continue
                }
                if (c == columnSeparator && pc == quote) || (c == rowSeparator && pc == quote)
                    || (c == rowSeparator && pc == 13 && ppc == quote) || (c == Self.endOfFile && pc == quote) {
                    // Drop the closing quote (and a CR after it).
                    while state.pointee.fieldCount > 0 {
                        state.pointee.fieldCount -= 1
                        if Int32(state.pointee.field[state.pointee.fieldCount]) == quote { break }
                    }
                    state.pointee.terminator = c
                    break
                }
                if pc == quote && c != 13 {
                    err.write("\(name):\(line): unescaped \" character\n")
                }
                if c == Self.endOfFile {
                    err.write("\(name):\(startLine): unterminated \"-quoted field\n")
                    state.pointee.terminator = c
                    break
                }
                append(c)
                ppc = pc
                pc = c
            }
        } else {
            if c == 0xEF && !state.pointee.notFirst {
                append(0xEF)
                c = next()
                if c == 0xBB {
                    append(0xBB)
                    c = next()
                    if c == 0xBF {
                        state.pointee.notFirst = true
                        return readCSVField()
                    }
                }
            }
            c = readPlainField(from: c)
            if c == rowSeparator && state.pointee.fieldCount > 0 && state.pointee.field[state.pointee.fieldCount - 1] == 13 {
                state.pointee.fieldCount -= 1  // CRLF
            }
            state.pointee.terminator = c
        }
        state.pointee.notFirst = true
        return true
    }
}
