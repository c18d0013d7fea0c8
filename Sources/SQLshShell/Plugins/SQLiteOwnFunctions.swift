import SQLshCore

/// The names of SQLite's own functions, which no plugin may replace: every name
/// `pragma_function_list` lists on a fresh connection, before sqlsh registers anything on it
/// (the core functions, aggregates, window functions, JSON, math and date functions, and those
/// of SQLite's compiled-in extensions such as FTS and R-Tree), whatever their arity.
///
/// A plugin function of such a name would silently take over every later query that calls it
/// (`sum`, `printf`, `json_extract`), even one loaded under `-safe`.
enum SQLiteOwnFunctions {
    /// The lowercased names, listed once per process.
    static let names: Set<String> = list()

    /// Whether `name` (in any case) is one of SQLite's own functions.
    static func contains(_ name: String) -> Bool {
        names.contains(name.lowercased())
    }

    /// `pragma_function_list` of a fresh in-memory connection; when the library cannot list its
    /// functions, the ones sqlsh documents (``SQLiteFunctions``).
    private static func list() -> Set<String> {
        var names: Set<String> = []
        do {
            let connection = try Connection()
            let statement = try connection.prepare("select name from pragma_function_list")
            while try statement.step() {
                if let name = statement.string(at: 0) { names.insert(name.lowercased()) }
            }
        } catch {
            names = []
        }
        if names.isEmpty {
            names = Set(SQLiteFunctions.entries.filter { !$0.name.hasPrefix("-") }.map { $0.name.lowercased() })
        }
        return names
    }
}
