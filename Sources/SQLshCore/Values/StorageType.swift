internal import CSQLite

/// The storage class of a value (`sqlite3_value_type`, `sqlite3_column_type`).
public enum StorageType: Int32, Sendable, CustomStringConvertible {
    case integer = 1  // SQLITE_INTEGER
    case real = 2     // SQLITE_FLOAT
    case text = 3     // SQLITE_TEXT
    case blob = 4     // SQLITE_BLOB
    case null = 5     // SQLITE_NULL

    @inlinable
    init(code: Int32) { self = StorageType(rawValue: code) ?? .null }

    public var description: String {
        switch self {
        case .integer: return "integer"
        case .real: return "real"
        case .text: return "text"
        case .blob: return "blob"
        case .null: return "null"
        }
    }
}
