#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
/// `.describe NAME`: a function's (the catalog's or SQLite's own) or a pack's full description
/// and example; for a table, view or data file that is no function, its columns as the
/// friendly `describe NAME` statement shows them.
struct DescribeCommand: DotCommand {
    static let name = "describe"
    static let usage = ".describe NAME"
    static let summary = "Show a function's description, or a table's columns"
    static let details = """
           NAME is a function of the catalog or of SQLite (its signature, flags,
           description and example: .describe avg) or a catalog pack (its summary
           and functions). Else a table, view or data file: one row per column,
           as the statement DESCRIBE NAME shows them.
        """

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        guard arguments.count == 2 else { throw ShellError("Usage: \(usage)") }
        let catalog = shell.catalog
        if let text = catalog.describe(arguments[1]) {
            shell.out.write(text)
        } else if let pack = catalog.pack(named: arguments[1]) {
            shell.out.write("\(pack.name) pack: \(pack.summary)\n")
            for line in catalog.listing(matching: pack.name) {
                shell.out.write("  \(line)\n")
            }
        } else if let own = SQLiteFunctions.available(on: shell.connection, catalog: catalog)
            .first(where: { $0.doc.name == arguments[1].lowercased() }) {
            shell.out.write(SQLiteFunctions.describe(own))
        } else if let columns = tableColumns(arguments[1], shell: shell) {
            let sql = Array(FriendlyForms.describeQuery(columns).utf8) + [0]
            if let failure = sql.withUnsafeBufferPointer({ shell.execute(sql: $0) }) {
                throw ShellError("Error: " + String(decoding: failure.message, as: UTF8.self))
            }
        } else {
            throw ShellError("Error: no such function or pack: \(arguments[1])")
        }
        return .success
    }

    /// The columns of the table or view `name`, else of the data file `name`; nil for neither.
    private static func tableColumns(_ name: String, shell: Shell) -> [FriendlyColumn]? {
        let schema = ConnectionSchema(connection: shell.connection)
        if let columns = schema.columns(of: FriendlySQL.quoteName(name)), !columns.isEmpty { return columns }
        guard access(name, R_OK) == 0 else { return nil }
        return schema.columns(of: FriendlySQL.quoteString(name))
    }
}
