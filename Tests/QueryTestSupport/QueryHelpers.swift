import SQLshCore

// Query helpers shared by the test targets that run SQL on a `Connection` and compare values
// (the catalog's and the files subsystem's tests). Each target keeps its own
// `catalogConnection()`, since what a connection needs installed differs per target.

/// All rows of a query as owned values.
///
///     let all = try rows(db, "select 1, 'a'")   // [[.integer(1), .text("a")]]
public func rows(_ db: Connection, _ sql: String) throws -> [[SQLValue]] {
    let statement = try db.prepare(sql)
    var result: [[SQLValue]] = []
    while try statement.step() {
        result.append((0..<statement.columnCount).map { statement.value(at: $0) })
    }
    return result
}

/// The first column of every row.
public func column(_ db: Connection, _ sql: String) throws -> [SQLValue] {
    try rows(db, sql).map { $0[0] }
}

/// The single value of a query (NULL when it gives no row).
public func value(_ db: Connection, _ sql: String) throws -> SQLValue {
    try db.scalar(sql) ?? .null
}

/// The text bytes of a query's single value (to check invalid UTF-8 exactly).
public func bytes(_ db: Connection, _ sql: String) throws -> [UInt8] {
    let statement = try db.prepare(sql)
    guard try statement.step() else { return [] }
    return Array(statement.textBytes(at: 0))
}

/// The message of the error a query fails with, or nil when it succeeds.
public func errorMessage(_ db: Connection, _ sql: String) -> String? {
    do {
        _ = try rows(db, sql)
        return nil
    } catch let error as SQLiteError {
        return error.message
    } catch {
        return "\(error)"
    }
}
