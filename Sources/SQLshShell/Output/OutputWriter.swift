#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A buffered byte writer on a file descriptor: every byte the shell prints goes through one.
///
/// Writes are collected in a 64 KiB buffer and flushed when it fills, on ``flush()``, and when
/// the writer is closed or released. Writing never throws: a failed write (a closed pipe, a full
/// disk) sets ``failed`` and further output is dropped, as with C's stdio.
public final class OutputWriter {
    /// The file descriptor written to.
    public let fileDescriptor: Int32
    private let ownsDescriptor: Bool
    @usableFromInline let buffer: UnsafeMutablePointer<UInt8>
    @usableFromInline let capacity: Int
    /// The mutable state, behind a pointer: a stored `var` of a class costs a dynamic
    /// exclusivity check on every access, and writes are the hottest path of the shell.
    @usableFromInline struct State {
        @usableFromInline var count = 0
        @usableFromInline var failed = false
        @usableFromInline var unbuffered = false
        /// The errno of the failed write.
        @usableFromInline var failure: Int32 = 0
    }
    @usableFromInline let state: UnsafeMutablePointer<State>
    /// The number of bytes buffered.
    @usableFromInline var count: Int {
        // Forced inlining in this file: Benchmarks/shell.sh (output modes, .dump): every byte written.
        @inline(__always) get { state.pointee.count }
        @inline(__always) set { state.pointee.count = newValue }
    }
    /// Whether a write has failed.
    public var failed: Bool { state.pointee.failed }
    /// The errno of the write that failed (0 when none did).
    public var failureCode: Int32 { state.pointee.failure }
    /// Whether every write is flushed at once (stderr, and interactive stdout).
    public var isUnbuffered: Bool {
        @inline(__always) get { state.pointee.unbuffered }
        set { state.pointee.unbuffered = newValue }
    }

    /// Called before bytes go to the descriptor (on each flush): the interactive front end
    /// erases what it draws over the current line there (the elapsed-time indicator, the
    /// progress bar), so that an error or a message starts on a clean line.
    public var willWriteOut: (() -> Void)?

    /// A writer on an open descriptor. With `ownsDescriptor`, ``close()`` closes it.
    public init(fileDescriptor: Int32, ownsDescriptor: Bool = false, unbuffered: Bool = false, capacity: Int = 1 << 16) {
        self.fileDescriptor = fileDescriptor
        self.ownsDescriptor = ownsDescriptor
        self.capacity = capacity
        self.buffer = .allocate(capacity: capacity)
        self.state = .allocate(capacity: 1)
        self.state.initialize(to: State(unbuffered: unbuffered))
    }

    /// A writer on a new file (created or truncated, or appended to).
    public convenience init(path: String, append: Bool = false) throws {
        let flags = O_WRONLY | O_CREAT | O_CLOEXEC | (append ? O_APPEND : O_TRUNC)
        let fd = path.withRawCString { open($0, flags, 0o644) }
        guard fd >= 0 else { throw ShellError("cannot open \"\(path)\"") }
        self.init(fileDescriptor: fd, ownsDescriptor: true)
    }

    deinit {
        flush()
        if ownsDescriptor { Glibc.close(fileDescriptor) }
        buffer.deallocate()
        state.deallocate()
    }

    /// Writes bytes.
    @inlinable
    public func write(_ bytes: UnsafeRawBufferPointer) {
        let n = bytes.count
        if n == 0 { return }
        if count + n > capacity { flush() }
        if n >= capacity {
            writeAll(bytes)
        } else {
            (buffer + count).update(from: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), count: n)
            count += n
        }
        if isUnbuffered { flush() }
    }

    /// Writes bytes.
    @inlinable
    public func write(_ bytes: UnsafeBufferPointer<UInt8>) { write(UnsafeRawBufferPointer(bytes)) }

    /// Writes a string's UTF-8 bytes.
    @inlinable
    public func write(_ string: String) {
        var string = string
        string.withUTF8 {
            if RawText.mayContainEscapes($0) {
                write(RawText.unescaped($0))
            } else {
                write(UnsafeRawBufferPointer($0))
            }
        }
    }

    /// Writes a string's UTF-8 bytes exactly, for text that comes from the database (schema
    /// SQL, for example) rather than from the user: no ``RawText`` escapes are undone, so a
    /// genuine character in U+10FF80...U+10FFFF stays itself.
    @inlinable
    public func write(verbatim string: String) {
        var string = string
        string.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }

    /// Writes a string literal.
    @inlinable
    public func write(_ string: StaticString) {
        write(UnsafeRawBufferPointer(start: string.utf8Start, count: string.utf8CodeUnitCount))
    }

    /// Writes one byte.
    @inlinable
    public func write(byte: UInt8) {
        if count == capacity { flush() }
        buffer[count] = byte
        count += 1
        if isUnbuffered { flush() }
    }

    /// Writes a byte array.
    @inlinable
    public func write(_ bytes: [UInt8]) { bytes.withUnsafeBytes { write($0) } }

    /// Writes everything buffered to the descriptor.
    public func flush() {
        guard count > 0 else { return }
        writeAll(UnsafeRawBufferPointer(start: buffer, count: count))
        count = 0
    }

    @usableFromInline
    func writeAll(_ bytes: UnsafeRawBufferPointer) {
        guard !failed, bytes.baseAddress != nil else { return }
        if let willWriteOut { willWriteOut() }
        if !FileDescriptorIO.writeAll(fileDescriptor, bytes) {
            state.pointee.failed = true
            state.pointee.failure = errno
        }
    }
}
