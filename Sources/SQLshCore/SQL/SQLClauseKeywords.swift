/// The keywords that start a clause of a statement, and so end the clause before them at the
/// same parenthesis depth: one list for every reader of SQL text that needs to know where a
/// `FROM` list or a `WHERE` condition stops (completion, the screen's single-table scans, the
/// files pack's rewriting).
///
/// ```swift
/// SQLClauseKeywords.all.contains("GROUP")            // true
/// SQLClauseKeywords.afterWhere.contains("JOIN")      // false: a JOIN comes before WHERE
/// ```
public enum SQLClauseKeywords {
    /// Each keyword, upper case, and whether it can come after a `WHERE` condition (and so
    /// ends one: what follows is more than a filter).
    private static let table: [(keyword: String, afterWhere: Bool)] = [
        ("SELECT", false), ("FROM", false), ("WHERE", false), ("GROUP", true), ("HAVING", true),
        ("ORDER", true), ("LIMIT", true), ("SET", false), ("VALUES", false), ("ON", false),
        ("USING", false), ("JOIN", false), ("UNION", true), ("EXCEPT", true), ("INTERSECT", true),
        ("WINDOW", true), ("RETURNING", true),
    ]

    /// Every clause keyword, upper case.
    public static let all: Set<String> = Set(table.map(\.keyword))

    /// The clause keywords that end a `WHERE` condition (`GROUP`, `ORDER`, `LIMIT`, `UNION`,
    /// `RETURNING`...), upper case.
    public static let afterWhere: Set<String> = Set(table.filter(\.afterWhere).map(\.keyword))
}
