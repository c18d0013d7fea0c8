/// `.disable NAME|PACK ...`: switches catalog functions off; using one is then SQLite's
/// "no such function" error.
struct DisableCommand: DotCommand {
    static let name = "disable"
    static let usage = ".disable NAME|PACK ..."
    static let summary = "Switch catalog functions or packs off"
    static let details = """
           Disabled functions are unregistered from every open connection and not
           registered on databases opened later. Names as for .enable.
        """

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        try switchFunctions(on: false, arguments, shell: shell, usage: usage)
    }
}
