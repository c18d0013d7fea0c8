/// `.load FILE ?ENTRY?`: loads a sqlsh plugin, or an ordinary SQLite extension as sqlite3 does.
/// The work is in ``PluginManager/load(_:entryPoint:shell:)``.
struct LoadCommand: DotCommand {
    static let name = "load"
    static let usage = ".load FILE ?ENTRY?"
    static let summary = "Load an extension library"
    static let details = """
           A library that exports sqlsh_plugin_init is a sqlsh plugin: its functions join
           the catalog (see .plugins and .functions). Any other library is a SQLite
           extension, loaded on the current database with sqlite3_load_extension.
        """
    static let isUnsafe = true

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        guard arguments.count >= 2 else { throw ShellError("Usage: .load FILE ?ENTRYPOINT?") }
        do {
            _ = try shell.plugins.load(arguments[1], entryPoint: arguments.count >= 3 ? arguments[2] : nil, shell: shell)
        } catch let error as PluginError {
            throw ShellError("Error: \(error.message)")
        }
        return .success
    }
}
