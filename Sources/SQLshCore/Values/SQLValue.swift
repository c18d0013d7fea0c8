/// A value as SQLite stores it: one of its five storage classes.
///
/// `SQLValue` owns its payload. For reading function arguments without copies, use
/// ``Argument``; for reading result columns, use ``Statement``'s column accessors.
public enum SQLValue: Hashable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    /// The storage class of the value.
    public var storageType: StorageType {
        switch self {
        case .null: return .null
        case .integer: return .integer
        case .real: return .real
        case .text: return .text
        case .blob: return .blob
        }
    }

    /// Whether the value is NULL.
    public var isNull: Bool { if case .null = self { return true } else { return false } }

    /// A short description for error messages: `NULL`, `integer 3`, `text 'abc'`, `blob of 4 bytes`.
    public var debugSummary: String {
        switch self {
        case .null: return "NULL"
        case .integer(let i): return "integer \(i)"
        case .real(let d): return "real \(d)"
        case .text(let s):
            let shown = s.count > 40 ? String(s.prefix(40)) + "..." : s
            return "text '\(shown)'"
        case .blob(let b): return "blob of \(b.count) bytes"
        }
    }
}
