import CSQLite
import Foundation
import SQLshCore

extension Connection {
    /// Every row of a query, as owned values.
    func rows(_ sql: String, _ bindings: [(any SQLValueConvertible)?] = []) throws -> [[SQLValue]] {
        let statement = try prepare(sql)
        try statement.bind(bindings)
        var rows: [[SQLValue]] = []
        while try statement.step() {
            rows.append((0..<statement.columnCount).map { statement.value(at: $0) })
        }
        return rows
    }

    /// The first column of the first row (NULL when there is no row).
    func value(_ sql: String, _ bindings: [(any SQLValueConvertible)?] = []) throws -> SQLValue {
        try rows(sql, bindings).first?.first ?? .null
    }

    /// The first column of every row.
    func column(_ sql: String) throws -> [SQLValue] {
        try rows(sql).map { $0[0] }
    }
}

/// A fresh directory for database files, removed when the value is released.
final class TemporaryDirectory {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory
            .appendingPathComponent("sqlsh-core-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> String { path + "/" + name }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// A counter shared between a test and the callbacks it registers.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func increment() { lock.withLock { count += 1 } }
    func decrement() { lock.withLock { count -= 1 } }
}

/// Whether `text` contains `part` (a readable assertion helper).
func has(_ error: SQLiteError?, _ part: String) -> Bool {
    error?.message.contains(part) ?? false
}

// Extended result codes are C macros Swift does not import.
let SQLITE_CONSTRAINT_CHECK = SQLITE_CONSTRAINT | (1 << 8)
let SQLITE_CONSTRAINT_NOTNULL = SQLITE_CONSTRAINT | (5 << 8)
let SQLITE_CONSTRAINT_UNIQUE = SQLITE_CONSTRAINT | (8 << 8)

/// Hands a non-Sendable value (a connection) to another thread or task, in a test that uses it
/// from one of them at a time.
struct UncheckedTransfer<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
