/// The last statement whose result the screen showed (`pretty` mode or `\G`), which `.last`
/// runs again to show its result whole.
public struct LastResult {
    /// The statement's SQL text.
    public var sql: String
    /// Whether it was shown as vertical records (`\G`).
    public var vertical: Bool
    /// Whether the statement only reads (`sqlite3_stmt_readonly`): only those are run again.
    public var isReadOnly: Bool
}
