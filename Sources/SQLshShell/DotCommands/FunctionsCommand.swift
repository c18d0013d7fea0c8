/// `.functions ?PATTERN?`: lists the function catalog.
struct FunctionsCommand: DotCommand {
    static let name = "functions"
    static let minimumPrefix = 4
    static let usage = ".functions ?PATTERN?"
    static let summary = "List catalog functions: name, pack, kind, arity, state"
    static let details = """
           PATTERN matches function or pack names: a glob (* and ?), or a LIKE
           pattern when it contains %. Switch functions with .enable and .disable;
           .describe NAME shows one in full.
        """

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        guard arguments.count <= 2 else { throw ShellError("Usage: \(usage)") }
        for line in shell.catalog.listing(matching: arguments.count == 2 ? arguments[1] : nil) {
            shell.out.write(line)
            shell.out.write(byte: 10)
        }
        return .success
    }
}
