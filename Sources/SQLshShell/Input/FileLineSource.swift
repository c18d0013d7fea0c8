#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Input read from a file descriptor (piped stdin, `.read FILE`, `.read |COMMAND`), buffered.
///
/// Lines are cut as sqlite3's `local_getline` cuts them: at `\n`, with one `\r` before it
/// removed; a NUL byte ends the text of the `fgets` chunk it is in (see `readLineAsFgets`).
public final class FileLineSource: LineSource {
    private let fd: Int32
    private var closeAction: ((Int32) -> Void)?
    private var buffer: UnsafeMutablePointer<UInt8>
    private var capacity = 1 << 16
    private var start = 0
    private var end = 0
    private var atEnd = false
    public let isInteractive = false

    /// Reads from an open descriptor (standard input is 0), which is not closed.
    public init(fileDescriptor: Int32) {
        self.fd = fileDescriptor
        self.buffer = .allocate(capacity: capacity)
    }

    /// Reads from an open descriptor and calls `close` with it when done.
    public init(fileDescriptor: Int32, close: @escaping (Int32) -> Void) {
        self.fd = fileDescriptor
        self.closeAction = close
        self.buffer = .allocate(capacity: capacity)
    }

    /// Opens a file for reading, as sqlite3's `openChrSource` does: only a regular file, a
    /// FIFO or a character device; nil otherwise.
    public convenience init?(path: String) {
        var info = stat()
        guard path.withRawCString({ stat($0, &info) }) == 0 else { return nil }
        let kind = info.st_mode & S_IFMT
        guard kind == S_IFREG || kind == S_IFIFO || kind == S_IFCHR else { return nil }
        let fd = path.withRawCString { open($0, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { return nil }
        self.init(fileDescriptor: fd, close: { _ = Glibc.close($0) })
    }

    deinit {
        close()
        buffer.deallocate()
    }

    /// Closes the descriptor when this source owns it. Returns what the close action returned
    /// (0 when there is none).
    public func close() {
        if let closeAction {
            self.closeAction = nil
            closeAction(fd)
        }
    }

    public func readLine(prompt: String) -> [UInt8]? {
        var line: [UInt8] = []
        return readLine(prompt: prompt, into: &line) ? line : nil
    }

    public func readLine(prompt: String, into line: inout [UInt8]) -> Bool {
        line.removeAll(keepingCapacity: true)
        while true {
            // Find the end of the physical line in the buffer.
            if start < end, let newline = memchr(buffer + start, 10, end - start) {
                let stop = UnsafeMutableRawPointer(newline).assumingMemoryBound(to: UInt8.self) - buffer
                let consumedLine = UnsafeBufferPointer(start: buffer + start, count: stop - start)
                if memchr(buffer + start, 0, stop - start) != nil { return readLineAsFgets(into: &line) }
                start = stop + 1
                line.append(contentsOf: consumedLine)
                if line.last == 13 { line.removeLast() }
                return true
            }
            if atEnd {
                guard start < end else { return false }
                let rest = UnsafeBufferPointer(start: buffer + start, count: end - start)
                if memchr(buffer + start, 0, end - start) != nil { return readLineAsFgets(into: &line) }
                start = end
                line.append(contentsOf: rest)
                return true
            }
            fill()
        }
    }

    /// The slow path for a line holding a NUL byte, cut exactly as sqlite3's `local_getline`
    /// cuts it: `fgets` into a buffer of 100 bytes that grows to `2 * size + 100` while fewer
    /// than 100 bytes are left, then `strlen`: the text after a NUL up to the end of that
    /// `fgets` chunk is dropped, and when the chunk ended at a newline the next physical line
    /// joins on. At end of input with no text kept, there is no line at all.
    private func readLineAsFgets(into line: inout [UInt8]) -> Bool {
        var size = 100
        while true {
            if line.count + 100 > size { size = size * 2 + 100 }
            let limit = size - line.count - 1
            while !atEnd && end - start < limit && memchr(buffer + start, 10, end - start) == nil { fill() }
            guard start < end else { return !line.isEmpty }
            var count = min(limit, end - start)
            if let newline = memchr(buffer + start, 10, count) {
                count = UnsafeMutableRawPointer(newline).assumingMemoryBound(to: UInt8.self) - (buffer + start) + 1
            }
            let chunk = UnsafeBufferPointer(start: buffer + start, count: count)
            start += count
            line.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[..<(chunk.firstIndex(of: 0) ?? count)]))
            if line.last == 10 {
                line.removeLast()
                if line.last == 13 { line.removeLast() }
                return true
            }
        }
    }

    private func fill() {
        if start > 0 {
            if end > start { memmove(buffer, buffer + start, end - start) }
            end -= start
            start = 0
        }
        if end == capacity {
            let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
            bigger.update(from: buffer, count: end)
            buffer.deallocate()
            buffer = bigger
            capacity *= 2
        }
        while true {
            let n = read(fd, buffer + end, capacity - end)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { atEnd = true } else { end += n }
            return
        }
    }
}
