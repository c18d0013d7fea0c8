#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLshCore

/// Reads delimited records one at a time from a file (through a 64 KiB buffer, so a file of
/// any size is read in constant memory) or from bytes in memory.
///
/// Fields follow RFC 4180 with the table's separators: a field starting with `"` is quoted
/// (`""` stands for `"`, separators inside are kept, text after the closing quote is kept as
/// it is); an unquoted field runs to the next separator, and when either separator is a
/// newline one trailing carriage return is removed (CRLF files). A UTF-8 byte order mark at
/// the start is skipped.
final class VSVReader {
    /// The bytes of the current record's fields, one after another.
    private(set) var bytes: [UInt8] = []
    /// Each field of the current record: its range in ``bytes`` and whether it was quoted.
    private(set) var fields: [(start: Int, end: Int, quoted: Bool)] = []

    private let fieldSeparator: Int32, recordSeparator: Int32
    private let stripCarriageReturn: Bool
    private var file: UnsafeMutablePointer<FILE>?
    private var buffer: [UInt8]
    private var position = 0, count = 0
    private var atEnd = false
    /// The most bytes (and fields) one record may hold: the connection's length limit.
    private let maxRecordBytes: Int
    /// Why reading stopped early (a record too long, Ctrl-C): ``readRecord()`` throws it.
    private var failure: SQLiteError?
    private let interrupt: InterruptCheck

    /// Opens a source.
    /// - Throws: `cannot open 'NAME' for reading` when the file cannot be opened, or is not
    ///   a regular file (a FIFO would block, a device never end).
    init(_ source: VSVOptions.Source, fieldSeparator: UInt8, recordSeparator: UInt8, maxRecordBytes: Int,
         interrupt: InterruptCheck = InterruptCheck()) throws {
        self.interrupt = interrupt
        self.fieldSeparator = Int32(fieldSeparator)
        self.recordSeparator = Int32(recordSeparator)
        self.maxRecordBytes = maxRecordBytes
        stripCarriageReturn = fieldSeparator == 10 || recordSeparator == 10
        switch source {
        case .file(let name):
            let descriptor: Int32
            do {
                descriptor = try RegularFile.openForReading(name).descriptor
            } catch let refusal as RegularFile.Refusal {
                throw SQLiteError(message: "cannot open '\(name)' for reading: \(refusal.message(name))")
            } catch {
                throw SQLiteError(message: "cannot open '\(name)' for reading")
            }
            guard let f = fdopen(descriptor, "rb") else {
                close(descriptor)
                throw SQLiteError(message: "cannot open '\(name)' for reading")
            }
            file = f
            buffer = [UInt8](repeating: 0, count: 65536)
        case .data(let data):
            buffer = data
            count = data.count
        }
        if peek() == 0xEF {
            let bom = [0xEF, 0xBB, 0xBF].map(Int32.init)
            if (0..<3).allSatisfy({ peek(ahead: $0) == bom[$0] }) { position += 3 }
        }
    }

    deinit { if let file { fclose(file) } }

    /// Refills the buffer from the file; false at the end, or when reading must stop
    /// (``failure``).
    private func fill() -> Bool {
        guard let file, !atEnd else { return false }
        if bytes.count + fields.count > maxRecordBytes {
            failure = SQLiteError(message: "vsv: a record longer than \(maxRecordBytes) bytes (the length limit)")
        } else if interrupt.isRequested {
            failure = SQLiteError(code: .interrupt, message: "interrupted")
        }
        if failure != nil {
            atEnd = true
            return false
        }
        let keep = count - position
        if keep > 0 { buffer.withUnsafeMutableBytes { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[position..<count])) } }
        let read = buffer.withUnsafeMutableBytes { raw -> Int in
            guard let base = raw.baseAddress, raw.count > keep else { return 0 }
            return fread(base + keep, 1, raw.count - keep, file)
        }
        position = 0
        count = keep + read
        if read == 0 { atEnd = true }
        return read > 0
    }

    private func peek(ahead: Int = 0) -> Int32 {
        while position + ahead >= count { if !fill() { return -1 } }
        return Int32(buffer[position + ahead])
    }

    private func next() -> Int32 {
        let c = peek()
        if c >= 0 { position += 1 }
        return c
    }

    /// Reads the next record into ``fields``; false at the end of the input.
    /// - Throws: for a record longer than the length limit, or Ctrl-C.
    func readRecord() throws -> Bool {
        let read = readRecordFields()
        if let failure { throw failure }
        return read
    }

    private func readRecordFields() -> Bool {
        bytes.removeAll(keepingCapacity: true)
        fields.removeAll(keepingCapacity: true)
        if peek() < 0 { return false }
        while true {
            let start = bytes.count
            var quoted = false
            var terminator: Int32
            if peek() == 34 {  // "
                quoted = true
                position += 1
                while true {
                    let c = next()
                    if c < 0 { break }
                    if c == 34 {
                        if peek() == 34 { position += 1; bytes.append(34); continue }
                        break
                    }
                    bytes.append(UInt8(c))
                }
                // After the closing quote: a separator, the end, or CR LF; anything else is kept.
                while true {
                    let c = peek()
                    if c < 0 || c == fieldSeparator || c == recordSeparator { break }
                    if c == 13 && recordSeparator == 10 && peek(ahead: 1) == 10 { position += 1; continue }
                    bytes.append(UInt8(c))
                    position += 1
                }
            } else {
                while true {
                    let c = peek()
                    if c < 0 || c == fieldSeparator || c == recordSeparator { break }
                    bytes.append(UInt8(c))
                    position += 1
                }
                if stripCarriageReturn, bytes.count > start, bytes[bytes.count - 1] == 13 { bytes.removeLast() }
            }
            fields.append((start, bytes.count, quoted))
            terminator = next()
            if terminator != fieldSeparator || terminator < 0 { return true }
        }
    }

    /// A field's bytes.
    func field(_ i: Int) -> ArraySlice<UInt8> { bytes[fields[i].start..<fields[i].end] }
}

