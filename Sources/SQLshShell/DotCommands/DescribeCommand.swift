/// `.describe NAME`: a function's (the catalog's or SQLite's own) or a pack's full description
/// and example.
struct DescribeCommand: DotCommand {
    static let name = "describe"
    static let usage = ".describe NAME"
    static let summary = "Show a function's description and example"
    static let details = """
           NAME is a function of the catalog or of SQLite (its signature, flags,
           description and example: .describe avg) or a catalog pack (its summary
           and functions).
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
        } else {
            throw ShellError("Error: no such function or pack: \(arguments[1])")
        }
        return .success
    }
}
