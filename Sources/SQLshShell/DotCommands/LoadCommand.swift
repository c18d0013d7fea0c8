/// `.load FILE ?ENTRY?`: loads a sqlsh plugin, or an ordinary SQLite extension as sqlite3 does;
/// `.load FILE.wasm ?OPTION...?` a WebAssembly plugin, in its sandbox (also in safe mode).
/// The work is in ``PluginManager/load(_:entryPoint:shell:)`` and
/// ``PluginManager/loadWasm(_:options:into:)``.
struct LoadCommand: DotCommand {
    static let name = "load"
    static let usage = ".load FILE ?ENTRY?"
    static let sqlshDetails = """
           FILE.wasm (or any file starting with the WebAssembly magic bytes) is a
           WebAssembly plugin, run in a sandbox: it reaches nothing but its arguments,
           so .load FILE.wasm works in -safe mode too (native libraries do not).
           Options after FILE.wasm:
              memory=SIZE        linear memory limit (default 32M; K, M, G suffixes)
              fuel=N             instructions per call before it fails (default 100000000)
              grant=NAME,...     capabilities it may import: clock, random (none by default)
           A trap, an endless loop or a memory bomb fails that call with an SQL error.
        """
    static let summary = "Load an extension library"
    static let details = """
           A library that exports sqlsh_plugin_init is a sqlsh plugin: its functions join
           the catalog (see .plugins and .functions). Any other library is a SQLite
           extension, loaded on the current database with sqlite3_load_extension.
        """
    // Unsafe, except for a WebAssembly module: `run` refuses the rest in safe mode itself.
    static let isUnsafe = false

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        let isWasm = arguments.count >= 2 && PluginManager.isWebAssembly(arguments[1])
        if !isWasm { try shell.failIfSafeMode("cannot run .load in safe mode") }
        guard arguments.count >= 2 else { throw ShellError("Usage: .load FILE ?ENTRYPOINT?") }
        let loaded: PluginManager.Loaded
        do {
            if isWasm {
                loaded = .plugin(try shell.plugins.loadWasm(arguments[1], options: Array(arguments.dropFirst(2)), into: shell.catalog))
            } else {
                loaded = try shell.plugins.load(arguments[1], entryPoint: arguments.count >= 3 ? arguments[2] : nil, shell: shell)
            }
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
