import Glibc

/// Input read from a file descriptor (piped stdin, `.read FILE`), buffered.
public final class FileLineSource: LineSource {
    private let fd: Int32
    private let ownsDescriptor: Bool
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false
    public let isInteractive = false

    /// Reads from an open descriptor (standard input is 0).
    public init(fileDescriptor: Int32, ownsDescriptor: Bool = false) {
        self.fd = fileDescriptor
        self.ownsDescriptor = ownsDescriptor
    }

    /// Opens a file for reading.
    public convenience init(path: String) throws {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw ShellError("Error: cannot open \"\(path)\"") }
        self.init(fileDescriptor: fd, ownsDescriptor: true)
    }

    deinit { if ownsDescriptor { close(fd) } }

    public func readLine(prompt: String) -> [UInt8]? {
        while true {
            if let newline = buffer[start...].firstIndex(of: 10) {
                let line = Array(buffer[start..<newline])
                start = newline + 1
                return line
            }
            if atEnd {
                guard start < buffer.count else { return nil }
                let line = Array(buffer[start...])
                start = buffer.count
                return line
            }
            fill()
        }
    }

    private func fill() {
        if start > 0 {
            buffer.removeSubrange(0..<start)
            start = 0
        }
        let chunk = 1 << 16
        let old = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: chunk))
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress! + old, chunk) }
        if n <= 0 {
            if n < 0 && errno == EINTR { buffer.removeSubrange(old...); return }
            atEnd = true
            buffer.removeSubrange(old...)
        } else {
            buffer.removeSubrange((old + n)...)
        }
    }
}
