/// `.describe NAME`: a catalog function's (or pack's) full description and example.
struct DescribeCommand: DotCommand {
    static let name = "describe"
    static let usage = ".describe NAME"
    static let summary = "Show a catalog function's description and example"
    static let details = """
           NAME is a function (its signature, flags, description and example) or a
           pack (its summary and functions).
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
        } else {
            throw ShellError("Error: no such function or pack: \(arguments[1])")
        }
        return .success
    }
}
