#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where ``ParquetFileWriter`` puts the file's bytes, in order.
public protocol ParquetOutput {
    /// Appends `bytes`.
    /// - Throws: ``ParquetError`` when they cannot be written.
    mutating func write(_ bytes: [UInt8]) throws
}

/// A file in memory (tests, small files).
public struct ParquetMemoryOutput: ParquetOutput {
    /// The bytes written.
    public private(set) var bytes: [UInt8] = []
    public init() {}
    public mutating func write(_ bytes: [UInt8]) throws { self.bytes += bytes }
}

/// An open file descriptor, written with write(2) (the caller opens and closes it).
public struct ParquetFileDescriptorOutput: ParquetOutput {
    /// The descriptor.
    public let fd: Int32
    public init(fd: Int32) { self.fd = fd }
    public mutating func write(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { systemWrite(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw ParquetError(String(cString: strerror(errno)))
            }
            offset += n
        }
    }
}

/// write(2), out of reach of the methods named `write`.
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(fd, buffer, count)
}
