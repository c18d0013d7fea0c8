import Glibc

/// Reads delimited fields from a file descriptor, one at a time, exactly as sqlite3's
/// `csv_read_one_field` (RFC 4180 quoting, `""`, CRLF, a leading UTF-8 BOM skipped) and
/// `ascii_read_one_field` do, with sqlite3's warnings for bad quoting.
///
/// The current field is kept in one reused byte buffer; nothing is allocated per field.
final class ImportReader {
    static let endOfFile: Int32 = -1

    private let fd: Int32
    private var buffer: UnsafeMutablePointer<UInt8>
    private let capacity = 1 << 16
    private var position = 0
    private var end = 0
    /// Bytes read so far and the file's size (0 when unknown), for progress display.
    private(set) var bytesRead = 0
    let fileSize: Int

    /// The file name used in messages.
    let name: String
    let columnSeparator: Int32
    let rowSeparator: Int32
    let isASCII: Bool
    /// The current field's bytes (no terminator).
    var field: [UInt8] = []
    /// What ended the last field: a separator, or ``endOfFile``.
    var terminator: Int32 = 0
    /// The current line number (1-based).
    var line = 1
    /// Whether a quoted field ran to the end of the file.
    var sawUnterminatedQuote = false
    private var notFirst = false
    private let err: OutputWriter

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
        field.reserveCapacity(256)
    }

    deinit { buffer.deallocate() }

    @inline(__always)
    private func next() -> Int32 {
        if position == end {
            guard refill() else { return Self.endOfFile }
        }
        let c = buffer[position]
        position += 1
        return Int32(c)
    }

    private func refill() -> Bool {
        while true {
            let n = read(fd, buffer, capacity)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            position = 0
            end = n
            bytesRead += n
            return true
        }
    }

    /// Reads the next field into ``field``. Returns false at end of input (no field).
    func readField() -> Bool {
        isASCII ? readASCIIField() : readCSVField()
    }

    private func readASCIIField() -> Bool {
        field.removeAll(keepingCapacity: true)
        var c = next()
        if c == Self.endOfFile { terminator = Self.endOfFile; return false }
        while c != Self.endOfFile && c != columnSeparator && c != rowSeparator {
            field.append(UInt8(truncatingIfNeeded: c))
            c = next()
        }
        if c == rowSeparator { line += 1 }
        terminator = c
        return true
    }

    private func readCSVField() -> Bool {
        field.removeAll(keepingCapacity: true)
        let quote = Int32(UInt8(ascii: "\""))
        var c = next()
        if c == Self.endOfFile { terminator = Self.endOfFile; return false }
        if c == quote {
            var pc: Int32 = 0, ppc: Int32 = 0
            let startLine = line
            while true {
                c = next()
                if c == rowSeparator { line += 1 }
                if c == quote && pc == quote {
                    pc = 0
                    continue
                }
                if (c == columnSeparator && pc == quote) || (c == rowSeparator && pc == quote)
                    || (c == rowSeparator && pc == 13 && ppc == quote) || (c == Self.endOfFile && pc == quote) {
                    // Drop the closing quote (and a CR after it).
                    while let last = field.popLast(), Int32(last) != quote {}
                    terminator = c
                    break
                }
                if pc == quote && c != 13 {
                    err.write("\(name):\(line): unescaped \" character\n")
                }
                if c == Self.endOfFile {
                    err.write("\(name):\(startLine): unterminated \"-quoted field\n")
                    sawUnterminatedQuote = true
                    terminator = c
                    break
                }
                field.append(UInt8(truncatingIfNeeded: c))
                ppc = pc
                pc = c
            }
        } else {
            if c == 0xEF && !notFirst {
                field.append(0xEF)
                c = next()
                if c == 0xBB {
                    field.append(0xBB)
                    c = next()
                    if c == 0xBF {
                        notFirst = true
                        return readCSVField()
                    }
                }
            }
            while c != Self.endOfFile && c != columnSeparator && c != rowSeparator {
                field.append(UInt8(truncatingIfNeeded: c))
                c = next()
            }
            if c == rowSeparator {
                line += 1
                if field.last == 13 { field.removeLast() }
            }
            terminator = c
        }
        notFirst = true
        return true
    }

    /// The field as a String, up to its first NUL (sqlite3 handles fields as C strings).
    var fieldString: String {
        let n = field.firstIndex(of: 0) ?? field.count
        return String(decoding: field[0..<n], as: UTF8.self)
    }
}
