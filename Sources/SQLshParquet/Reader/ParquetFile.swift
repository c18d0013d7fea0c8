#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An open Parquet file: its footer (``FileMetaData``) and schema, read once; column chunks
/// are read on demand at their offsets (`pread`), never the whole file.
///
/// ```swift
/// let file = try ParquetFile(path: "events.parquet", limits: ParquetLimits(lengthLimit: 1_000_000_000))
/// let chunk = try file.readColumnChunk(rowGroup: 0, leaf: file.schema.leaves[0])
/// ```
public final class ParquetFile {
    public let path: String
    public let metadata: FileMetaData
    public let schema: ParquetSchema
    public let limits: ParquetLimits
    /// The file's size when opened.
    public let size: Int64
    /// Where the footer starts: pages lie before it.
    private let dataEnd: Int64
    private let descriptor: Int32
    /// Asked before each column chunk and page is read: true stops the read with
    /// ``ParquetInterrupted``. A scan sets its own (a Ctrl-C check made when it starts).
    public var interrupted: @Sendable () -> Bool

    /// Opens a regular file (never blocking: a FIFO or a device is refused) and reads its footer.
    /// - Parameter interrupted: asked between pages; true stops the read with ``ParquetInterrupted``.
    /// - Throws: ``ParquetError`` for a file that cannot be opened or is not Parquet.
    public convenience init(path: String, limits: ParquetLimits, interrupted: @escaping @Sendable () -> Bool = { false }) throws {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw ParquetError("cannot open the file: \(String(cString: strerror(errno)))") }
        try self.init(descriptor: fd, path: path, limits: limits, interrupted: interrupted)
    }

    /// Reads the footer of the file open as `descriptor` (which the file then owns and closes).
    /// - Throws: ``ParquetError`` for what is not a regular Parquet file.
    public init(descriptor fd: Int32, path: String, limits: ParquetLimits, interrupted: @escaping @Sendable () -> Bool = { false }) throws {
        self.path = path
        self.limits = limits
        self.interrupted = interrupted
        descriptor = fd
        var status = stat()
        guard fstat(fd, &status) == 0 else {
            close(fd)
            throw ParquetError("cannot read the file: \(String(cString: strerror(errno)))")
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw ParquetError("not a regular file")
        }
        size = Int64(status.st_size)
        do {
            guard size >= 12 else { throw ParquetError("not a Parquet file (\(size) bytes, too short)") }
            let tail = try Self.read(fd, at: size - 8, count: 8)
            guard tail[4...] == [0x50, 0x41, 0x52, 0x31][...] else {
                if tail[4...] == [0x50, 0x41, 0x52, 0x45][...] { throw ParquetError("an encrypted Parquet file, which is not supported") }
                throw ParquetError("not a Parquet file (no PAR1 at its end)")
            }
            let head = try Self.read(fd, at: 0, count: 4)
            guard head == [0x50, 0x41, 0x52, 0x31] else { throw ParquetError("not a Parquet file (no PAR1 at its start)") }
            let footerLength = Int64(UInt32(tail[0]) | UInt32(tail[1]) << 8 | UInt32(tail[2]) << 16 | UInt32(tail[3]) << 24)
            guard footerLength > 0, footerLength <= size - 12 else {
                throw ParquetError("a truncated or corrupt file (a footer of \(footerLength) bytes in a file of \(size))")
            }
            guard footerLength <= Int64(limits.maxFooterLength) else {
                throw ParquetError("a footer of \(footerLength) bytes, more than the limit (\(limits.maxFooterLength))")
            }
            dataEnd = size - 8 - footerLength
            let footer = try Self.read(fd, at: dataEnd, count: Int(footerLength))
            var reader = ThriftCompactReader(footer)
            do {
                metadata = try FileMetaData(thrift: &reader)
            } catch let error as ParquetError {
                throw ParquetError("a corrupt footer: \(error.message)")
            }
            schema = try ParquetSchema(metadata.schema)
            for (i, group) in metadata.rowGroups.enumerated() {
                guard group.columns.count == schema.leaves.count else {
                    throw ParquetError("row group \(i) has \(group.columns.count) columns, the schema \(schema.leaves.count)")
                }
                guard group.numRows >= 0 else { throw ParquetError("row group \(i) has a negative row count") }
            }
        } catch {
            close(fd)
            throw error
        }
    }

    deinit { close(descriptor) }

    /// Reads `count` bytes at `offset` (all of them, or an error).
    static func read(_ fd: Int32, at offset: Int64, count: Int) throws -> [UInt8] {
        var out = [UInt8](repeating: 0, count: count)
        var done = 0
        try out.withUnsafeMutableBytes { buffer in
            while done < count {
                guard let base = buffer.baseAddress else { return }
                let n = pread(fd, base + done, count - done, off_t(offset + Int64(done)))
                if n < 0 {
                    if errno == EINTR { continue }
                    throw ParquetError("cannot read the file: \(String(cString: strerror(errno)))")
                }
                if n == 0 { throw ParquetError("a truncated file (it ended while reading)") }
                done += n
            }
        }
        return out
    }

    /// The rows of every row group.
    public var rowCount: Int64 {
        metadata.rowGroups.reduce(0) { $0 &+ $1.numRows }
    }

    /// Reads and decodes the chunk of leaf column `leaf` in row group `rowGroup`.
    /// - Throws: ``ParquetError`` for a chunk that lies outside the file, pages that do not
    ///   decode, or values over the limits; ``ParquetInterrupted`` when interrupted.
    public func readColumnChunk(rowGroup: Int, leaf: SchemaNode) throws -> DecodedColumn {
        guard let leafIndex = leaf.leafIndex, metadata.rowGroups.indices.contains(rowGroup) else {
            throw ParquetError("no such column chunk")
        }
        let chunk = metadata.rowGroups[rowGroup].columns[leafIndex]
        let column = leaf.path.joined(separator: ".")
        do {
            guard chunk.filePath == nil else { throw ParquetError("its data is in another file, which is not supported") }
            guard let meta = chunk.metaData else { throw ParquetError("no metadata (an encrypted column?)") }
            guard meta.type == leaf.element.type else { throw ParquetError("its chunk's type (\(meta.type)) is not its schema's") }
            var start = meta.dataPageOffset
            if let dictionary = meta.dictionaryPageOffset, dictionary > 0, dictionary < start { start = dictionary }
            let length = meta.totalCompressedSize
            guard start >= 4, length >= 0, start <= dataEnd, length <= dataEnd - start else {
                throw ParquetError("a column chunk at \(start) of \(length) bytes, outside the file's \(dataEnd) bytes of data")
            }
            guard meta.numValues >= 0, meta.numValues <= Int64(limits.maxChunkValues) else {
                throw ParquetError("a column chunk of \(meta.numValues) values, more than the limit (\(limits.maxChunkValues))")
            }
            if interrupted() { throw ParquetInterrupted() }
            let bytes = try Self.read(descriptor, at: start, count: Int(length))
            var reader = try ColumnChunkReader(leaf: leaf, meta: meta, limits: limits)
            return try reader.decode(bytes, interrupted: interrupted)
        } catch let error as ParquetError {
            throw ParquetError("column \(column), row group \(rowGroup): \(error.message)")
        }
    }
}
