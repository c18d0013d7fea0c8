#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLshCore

/// `fileio_scan(path)` / `scanfile`: the lines of a text file, one row each, read as they are
/// needed (constant memory, whatever the file's size). Lines end at `\n`, which is removed with
/// one `\r` before it; a final newline does not make an empty last row. Columns: value (the
/// line, as text) and the hidden name (the path); the rowid is the line number.
struct ScanFile: TableValuedFunction {
    static let columns: [TableValuedColumn] = [.column("value"), .parameter("name")]
    static var options: TableValuedOptions { .directOnly }

    /// The path must be given; other constraints (`WHERE value = 'x'`) are left to SQLite,
    /// where sqlean refuses them.
    static func bestIndex(_ info: IndexInfo) throws {
        var nameIndex = -1
        var unusable = false
        for i in 0..<info.constraintCount {
            let constraint = info.constraint(i)
            guard constraint.column == 1, constraint.op == .equal else { continue }
            if constraint.isUsable { nameIndex = i } else { unusable = true }
        }
        guard nameIndex >= 0 else {
            if unusable { throw TableValuedPlanError.unusablePlan }
            throw SQLiteError(message: "scanfile() expects a single constraint (name)")
        }
        info.use(constraint: nameIndex, asArgument: 1, omit: true)
        info.planNumber = 1
        info.estimatedCost = 1000
        info.estimatedRows = 1000
    }

    private var reader: LineReader?
    private var path: [UInt8] = []
    private var row: Int64 = 0
    private var atEnd = true

    init() {}

    mutating func filter(_ arguments: FilterArguments) throws {
        reader = nil
        row = 0
        atEnd = true
        guard arguments.count > 0, !arguments[0].isNull else { return }
        let name = arguments[0].textBytes
        // No file has a longer name: refused before copying it (it may be a gigabyte).
        guard name.count < Int(PATH_MAX) else {
            path = []
            throw SQLiteError(message: "scanfile: the file name is too long (\(name.count) bytes, the most is \(Int(PATH_MAX) - 1))")
        }
        path = Array(name)
        let shown = String(decoding: path, as: UTF8.self)
        let descriptor: Int32
        do {
            descriptor = try RegularFile.openForReading(bytes: path).descriptor
        } catch let refusal as RegularFile.Refusal {
            // A folder opens but cannot be read, as sqlean reports it.
            if refusal.isDirectory { throw SQLiteError(code: .ioErr, message: "cannot read '\(shown)'") }
            throw SQLiteError(message: "cannot open '\(shown)' for reading: \(refusal.message(shown))")
        } catch {
            throw SQLiteError(message: "cannot open '\(shown)' for reading")
        }
        reader = LineReader(descriptor)
        atEnd = false
        try next()
    }

    var isAtEnd: Bool { atEnd }

    mutating func next() throws {
        guard let reader else { atEnd = true; return }
        do {
            if try reader.readLine() { row += 1 } else { atEnd = true }
        } catch {
            throw SQLiteError(code: .ioErr, message: "cannot read '\(String(decoding: path, as: UTF8.self))'")
        }
    }

    func column(_ index: Int, into result: ResultContext) throws {
        guard index == 0 else { return path.withUnsafeBufferPointer { result.setText(utf8: $0) } }
        guard let reader else { return result.setNull() }
        let limit = result.lengthLimit
        reader.lengthLimit = limit
        if reader.lineTooLong || reader.lineLength > limit { return result.setTooBig() }
        reader.withLine { result.setText(utf8: $0) }
    }

    func rowid() throws -> Int64 { row }

    /// Reads a file descriptor in 64 KiB chunks and hands out one line at a time, reusing its
    /// buffers: a line that lies within one chunk is handed out in place, one that spans
    /// chunks is gathered in ``line``. A line longer than ``lengthLimit`` is skipped to its end
    /// rather than kept.
    final class LineReader {
        let descriptor: Int32
        private var chunk = [UInt8](repeating: 0, count: 65536)
        private var start = 0
        private var end = 0
        private var finished = false
        /// The current line's bytes in the chunk, when it lies within one chunk.
        private var span: Range<Int>?
        /// The current line when it spans chunks.
        private var line: [UInt8] = []
        /// Whether the current line was longer than ``lengthLimit``.
        private(set) var lineTooLong = false
        /// The longest line kept; SQLite's maximum length until a row tells the connection's limit.
        var lengthLimit = 1_000_000_000

        init(_ descriptor: Int32) { self.descriptor = descriptor }
        deinit { close(descriptor) }

        struct ReadError: Error {}

        /// The current line's length in bytes.
        var lineLength: Int { span?.count ?? line.count }

        /// Passes the current line, without its line ending, to `body`.
        func withLine<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
            if let span { return chunk.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[span])) } }
            return line.withUnsafeBufferPointer(body)
        }

        /// Moves to the next line. Returns false at the end of the file.
        func readLine() throws -> Bool {
            line.removeAll(keepingCapacity: true)
            span = nil
            lineTooLong = false
            var readAny = false
            while true {
                if start == end {
                    if finished { break }
                    let n = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
                    if n < 0 {
                        if errno == EINTR { continue }
                        throw ReadError()
                    }
                    if n == 0 { finished = true; break }
                    start = 0
                    end = n
                }
                readAny = true
                let newline: Int? = chunk.withUnsafeBufferPointer { buffer in
                    let base = UnsafeRawPointer(buffer.baseAddress.unsafelyUnwrapped)
                    return memchr(base + start, 0x0A, end - start).map { UnsafeRawPointer($0) - base }
                }
                guard let newline else {
                    keep(start..<end)
                    start = end
                    continue
                }
                if line.isEmpty && !lineTooLong {
                    // The whole line is in this chunk: no copy.
                    var bytes = start..<newline
                    if bytes.count > 0 && chunk[bytes.upperBound - 1] == 0x0D { bytes = bytes.lowerBound..<(bytes.upperBound - 1) }
                    if bytes.count > lengthLimit { lineTooLong = true } else { span = bytes }
                } else {
                    keep(start..<newline)
                    if line.last == 0x0D && !lineTooLong { line.removeLast() }
                }
                start = newline + 1
                return true
            }
            return readAny
        }

        private func keep(_ piece: Range<Int>) {
            guard !lineTooLong else { return }
            if line.count + piece.count > lengthLimit {
                lineTooLong = true
                line.removeAll(keepingCapacity: true)
                return
            }
            line.append(contentsOf: chunk[piece])
        }
    }
}
