import Testing
import TestSupport

/// SQLshCore is the catalog's one binding to SQLite: no file of SQLshCatalog calls the C API
/// (`sqlite3_*`) itself, except the few listed here with their reason. Mentions in comments
/// and string literals do not count; neither do SQLite's constants (`SQLITE_BUSY`), which
/// are values, not calls (the scanner, `RawSQLiteCalls`, is the shell test's too).
@Suite struct RawSQLiteCallTests {
    /// Files allowed to call the C API, each with its reason (paths under Sources/SQLshCatalog).
    /// Empty: everything the packs need from SQLite goes through SQLshCore (extend it instead).
    static let allowed: [String: String] = [:]

    @Test func noCatalogFileCallsSQLitesCAPI() throws {
        for problem in try RawSQLiteCalls.problems(inTarget: "SQLshCatalog", allowed: Self.allowed) {
            Issue.record(Comment(rawValue: problem))
        }
    }
}
