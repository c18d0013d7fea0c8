import CSQLite

extension SQLText {
    /// Formats with SQLite's printf (`sqlite3_vmprintf`), which adds `%q`, `%Q` and `%w` (SQL
    /// string literals and identifiers) to C's conversions, for example
    /// `SQLText.format("SELECT %Q", [cString])` gives `SELECT 'it''s'` for `it's`.
    ///
    /// The arguments must match the conversions, as in C: a `String` argument is not a `%s`
    /// (pass a C string pointer kept alive for the call).
    public static func format(_ format: String, _ arguments: [CVarArg]) -> String {
        withVaList(arguments) { list in
            guard let text = sqlite3_vmprintf(format, list) else { return "" }
            defer { sqlite3_free(text) }
            return String(cString: text)
        }
    }
}
