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
        let loaded: PluginManager.Loaded
        do {
            loaded = try shell.plugins.load(arguments[1], entryPoint: arguments.count >= 3 ? arguments[2] : nil, shell: shell)
        } catch let error as PluginError {
            throw ShellError("Error: \(error.message)")
        }
        // Said at the prompt only: sqlite3's `.load` is silent, and scripts stay as they were.
        if shell.isTypedByPerson { shell.out.write(report(loaded) + "\n") }
        return .success
    }

    /// `loaded plugin geo 1.2: 3 functions (distance, bearing, midpoint)`, or
    /// `loaded SQLite extension ./ext.so`.
    static func report(_ loaded: PluginManager.Loaded) -> String {
        switch loaded {
        case .plugin(let plugin):
            let count = plugin.functions.count
            let names = plugin.functions.prefix(12).joined(separator: ", ") + (count > 12 ? ", ..." : "")
            let version = plugin.version.isEmpty ? "" : " " + plugin.version
            return "loaded plugin \(plugin.name)\(version): \(count) function\(count == 1 ? "" : "s")"
                + (count > 0 ? " (\(names))" : "")
        case .sqliteExtension(let library):
            return "loaded SQLite extension \(library.path)"
        }
    }
}
