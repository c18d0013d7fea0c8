/// One value handed to ``ParquetFileWriter``: SQLite's five storage classes, the bytes of a
/// text or blob borrowed for the call (the writer copies what it keeps).
public enum ParquetInputValue {
    case null
    case integer(Int64)
    case real(Double)
    /// UTF-8 text (not checked: ``ParquetColumnTypeChooser`` checks it).
    case text(UnsafeRawBufferPointer)
    case blob(UnsafeRawBufferPointer)
}
