#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Rows of a columnar result kept in a temporary file instead of memory.
///
/// The columnar modes (`column`, `table`, `markdown`, `box`) must see every row before they
/// print the first, to know the column widths. Held in memory, a million-row result costs
/// tens of megabytes (sqlite3 holds it in memory too: 120 MB for a million rows of three
/// columns). ``ColumnarRenderer`` moves its collected cells here in blocks once they pass a
/// megabyte, and reads them back, block by block, when it prints: memory stays flat
/// whatever the row count.
///
/// The file is made with `mkstemp` in `$TMPDIR` (else `/tmp`) and unlinked at once, so it
/// disappears when the spool is released, even if the shell is killed. A block holds whole
/// physical rows:
///
/// ```text
/// cells, bytes, lines         3 × Int
/// cell end offsets            cells × Int (relative to the block's text)
/// last-line-of-value flags    lines × Bool
/// cell text                   bytes
/// ```
final class ResultSpool {
    private let fd: Int32
    /// Physical rows written.
    private(set) var lines = 0

    private init(fd: Int32) { self.fd = fd }

    deinit { close(fd) }

    /// A spool on a new unlinked temporary file, or nil when none can be made (the caller
    /// then keeps its rows in memory).
    static func make() -> ResultSpool? {
        guard let file = FileDescriptorIO.makeTemporaryFile(prefix: "sqlsh-result-") else { return nil }
        unlink(file.path)
        return ResultSpool(fd: file.fd)
    }

    /// Writes one block. False when the file cannot take it (a full disk): nothing of the
    /// block counts then, and the caller keeps its rows in memory.
    func append(ends: UnsafeBufferPointer<Int>, lineEnds: UnsafeBufferPointer<Bool>,
                text: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = lseek(fd, 0, SEEK_CUR)
        var header = (ends.count, text.count, lineEnds.count)
        let written = withUnsafeBytes(of: &header) { writeAll($0) }
            && writeAll(UnsafeRawBufferPointer(ends))
            && writeAll(UnsafeRawBufferPointer(lineEnds))
            && writeAll(UnsafeRawBufferPointer(text))
        guard written else {
            // Drop the partial block: the file ends after the last whole one.
            if start >= 0 { _ = ftruncate(fd, start); _ = lseek(fd, start, SEEK_SET) }
            return false
        }
        lines += lineEnds.count
        return true
    }

    /// Calls `body` with each block in order. False when the file could not be read back.
    func forEachBlock(_ body: (_ ends: UnsafeBufferPointer<Int>, _ lineEnds: UnsafeBufferPointer<Bool>,
                               _ text: UnsafeBufferPointer<UInt8>) -> Void) -> Bool {
        guard lseek(fd, 0, SEEK_SET) == 0 else { return false }
        // One buffer for every block (they are all about the same size), grown when needed.
        var buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 0, alignment: MemoryLayout<Int>.alignment)
        defer { buffer.deallocate() }
        var read = 0
        while true {
            var header = (0, 0, 0)
            let got = withUnsafeMutableBytes(of: &header) { readAll($0) }
            if got == 0 { return read == lines }
            let (cells, bytes, count) = header
            guard got == MemoryLayout.size(ofValue: header), cells >= 0, bytes >= 0, count >= 0 else { return false }
            let (endsSize, overflow) = cells.multipliedReportingOverflow(by: MemoryLayout<Int>.stride)
            let (size, overflow2) = endsSize.addingReportingOverflow(count)
            let (total, overflow3) = size.addingReportingOverflow(bytes)
            guard !overflow, !overflow2, !overflow3 else { return false }
            if total == 0 {
                body(UnsafeBufferPointer(start: nil, count: 0), UnsafeBufferPointer(start: nil, count: 0),
                     UnsafeBufferPointer(start: nil, count: 0))
                continue
            }
            if total > buffer.count {
                buffer.deallocate()
                buffer = .allocate(byteCount: total, alignment: MemoryLayout<Int>.alignment)
            }
            let block = UnsafeMutableRawBufferPointer(rebasing: buffer[0..<total])
            guard readAll(block) == total else { return false }
            guard let start = block.baseAddress else { return false }
            let base = UnsafeRawPointer(start)
            body(UnsafeBufferPointer(start: base.assumingMemoryBound(to: Int.self), count: cells),
                 UnsafeBufferPointer(start: (base + endsSize).assumingMemoryBound(to: Bool.self), count: count),
                 UnsafeBufferPointer(start: (base + size).assumingMemoryBound(to: UInt8.self), count: bytes))
            read += count
        }
    }

    private func writeAll(_ bytes: UnsafeRawBufferPointer) -> Bool { FileDescriptorIO.writeAll(fd, bytes) }

    private func readAll(_ bytes: UnsafeMutableRawBufferPointer) -> Int { FileDescriptorIO.readAll(fd, bytes) }
}
