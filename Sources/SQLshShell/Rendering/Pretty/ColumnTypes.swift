import SQLshCatalog
import SQLshCore

/// The row of types a `pretty` table shows under its headers at the prompt (`.types on`), as
/// DuckDB does: a column's declared type where it has one (`integer`, `varchar(20)`: from
/// `sqlite3_column_decltype`, lowercased), else the storage class of the values shown
/// (`integer`, `real`, `text`, `blob`, `time` for the time pack's blobs; `mixed` for several;
/// `null` when every value is NULL).
///
/// The storage classes are gathered from the rows the screen already keeps (see
/// ``CapturedRow/markKinds(_:)``), never by stepping again: a column of a big result is named
/// after its first and last rows, the ones shown.
struct ColumnTypes {
    /// Each column's declared type (lowercased), nil for an expression or a column without one.
    let declared: [String?]
    /// Per column, the storage classes seen: bit 0 integer, 1 real, 2 text, 3 blob, 4 a time
    /// blob of the time pack (``timeBit``).
    private(set) var seen: [UInt8]

    init(declared: [String?]) {
        self.declared = declared.map { type in
            guard let type else { return nil }
            let trimmed = type.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).joined(separator: " ")
            return trimmed.isEmpty ? nil : trimmed.lowercased()
        }
        seen = [UInt8](repeating: 0, count: declared.count)
    }

    /// The declared types of `statement`'s columns.
    init(_ statement: Statement) {
        self.init(declared: (0..<statement.columnCount).map { statement.columnDeclaredType(at: $0) })
    }

    /// The bit of a storage class in ``seen`` (0 for NULL).
    static func bit(_ type: StorageType) -> UInt8 {
        switch type {
        case .integer: return 1
        case .real: return 2
        case .text: return 4
        case .blob: return 8
        case .null: return 0
        }
    }

    /// Counts the values of one row kept by the screen.
    mutating func add(_ row: CapturedRow) {
        row.markKinds(&seen)
    }

    /// The bit of a time blob in ``seen``.
    static let timeBit: UInt8 = 16

    /// Counts one value of column `c`.
    mutating func add(_ type: StorageType, column c: Int) {
        if c < seen.count { seen[c] |= Self.bit(type) }
    }

    /// Counts one time blob of column `c`.
    mutating func addTime(column c: Int) {
        if c < seen.count { seen[c] |= Self.timeBit }
    }

    /// Counts captured values (the rows of a `\G` record, tests).
    mutating func add(_ values: [CapturedRow.Value]) {
        for (c, value) in values.enumerated() where c < seen.count {
            switch value {
            case .null: break
            case .integer: seen[c] |= 1
            case .real: seen[c] |= 2
            case .text: seen[c] |= 4
            case .blob(let bytes): seen[c] |= TimeBlobText.iso(bytes) == nil ? 8 : Self.timeBit
            }
        }
    }

    /// The text shown under each header.
    var names: [String] {
        declared.indices.map { c in declared[c] ?? Self.storageName(seen[c]) }
    }

    /// The name of a set of storage classes: one class by its name (`time` when every blob is
    /// a time blob, `blob` when some are not), several `mixed`, none (only NULLs) `null`.
    static func storageName(_ bits: UInt8) -> String {
        switch bits {
        case 0: return "null"
        case 1: return "integer"
        case 2: return "real"
        case 4: return "text"
        case 8, 8 | timeBit: return "blob"
        case timeBit: return "time"
        default: return "mixed"
        }
    }

    /// Type names are never cut below this width (`integer`, `mixed`); longer declared types
    /// are cut with `…` when the terminal is narrow.
    static let uncutWidth = 7
}
