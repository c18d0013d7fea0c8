/// What went wrong reading (or writing) a Parquet file: a message in plain words, without the
/// file's name (the caller, which knows the file, puts it in front).
public struct ParquetError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The message.
    public var message: String

    /// An error with that message.
    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
