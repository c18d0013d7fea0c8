import SQLshCatalog

/// `.enable NAME|PACK ...`: switches catalog functions on, on every open connection.
struct EnableCommand: DotCommand {
    static let name = "enable"
    static let usage = ".enable NAME|PACK ..."
    static let summary = "Switch catalog functions or packs on"
    static let details = """
           A NAME is a function, else a pack, else a pattern (regexp* is the whole
           regexp pack). The state also applies to databases opened later.
        """

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        try switchFunctions(on: true, arguments, shell: shell, usage: usage)
    }
}

/// Shared by `.enable` and `.disable`.
func switchFunctions(on: Bool, _ arguments: [String], shell: Shell, usage: String) throws -> CommandOutcome {
    guard arguments.count >= 2 else { throw ShellError("Usage: \(usage)") }
    let names = Array(arguments.dropFirst())
    do {
        if on { try shell.catalog.enable(names) } else { try shell.catalog.disable(names) }
    } catch let error as CatalogError {
        throw ShellError("Error: \(error)")
    }
    return .success
}
