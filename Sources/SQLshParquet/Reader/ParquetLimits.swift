/// The bounds a read stays within, so that a hostile file gets an error rather than an
/// unbounded allocation: checked before anything of the claimed size is allocated.
public struct ParquetLimits: Sendable {
    /// The longest value (a string, a blob, a nested value's JSON), and the largest page
    /// (decompressed): SQLite's length limit for a shell.
    public var maxValueLength: Int
    /// The most values (levels) one column chunk may hold.
    public var maxChunkValues: Int
    /// The largest footer read.
    public var maxFooterLength: Int

    /// Limits for a connection whose length limit is `lengthLimit` (SQLITE_LIMIT_LENGTH).
    public init(lengthLimit: Int) {
        maxValueLength = max(lengthLimit, 0)
        maxChunkValues = max(lengthLimit / 8, 1 << 16)
        maxFooterLength = min(max(lengthLimit, 1 << 20), 1 << 30)
    }
}

/// Thrown when a read is interrupted (Ctrl-C) between pages.
public struct ParquetInterrupted: Error, Sendable {
    public init() {}
}
