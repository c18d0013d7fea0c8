import SQLshCatalog
import SQLshCore
import SQLshFiles

/// A connection with the built-in catalog registered and files as tables installed.
func catalogConnection(_ catalog: Catalog = Catalog.builtIn()) throws -> Connection {
    let db = try Connection(path: ":memory:")
    try catalog.register(on: db)
    try FileTablesSubsystem.install(on: db, catalog: catalog)
    return db
}

/// All rows of a query as owned values.
func rows(_ db: Connection, _ sql: String) throws -> [[SQLValue]] {
    let statement = try db.prepare(sql)
    var result: [[SQLValue]] = []
    while try statement.step() {
        result.append((0..<statement.columnCount).map { statement.value(at: $0) })
    }
    return result
}

/// The first column of every row.
func column(_ db: Connection, _ sql: String) throws -> [SQLValue] {
    try rows(db, sql).map { $0[0] }
}

/// The single value of a query.
func value(_ db: Connection, _ sql: String) throws -> SQLValue {
    try db.scalar(sql) ?? .null
}

/// The message of the error a query fails with, or nil when it succeeds.
func errorMessage(_ db: Connection, _ sql: String) -> String? {
    do {
        _ = try rows(db, sql)
        return nil
    } catch let error as SQLiteError {
        return error.message
    } catch {
        return "\(error)"
    }
}

/// The text bytes of a query's single value (to check invalid UTF-8 exactly).
func bytes(_ db: Connection, _ sql: String) throws -> [UInt8] {
    let statement = try db.prepare(sql)
    guard try statement.step() else { return [] }
    return Array(statement.textBytes(at: 0))
}
