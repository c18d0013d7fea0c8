/// Loading plugins at start-up: the `-load PATH` option and the autoload folders.
extension Shell {
    /// `-load PATH`: loads a sqlsh plugin into the catalog.
    /// - Throws: ``PluginError`` (also in safe mode, which refuses every plugin but a
    ///   WebAssembly module).
    public func loadPluginAtStartup(_ path: String) throws {
        if isSafeModeActive && !PluginManager.isWebAssembly(path) { throw PluginError("cannot load plugins in safe mode") }
        try plugins.loadPlugin(path, into: catalog)
    }

    /// Loads every `*.so` and `*.wasm` in the autoload folders
    /// (``PluginSearchPath/folders(environment:)``). A plugin that fails is reported on standard
    /// error as `sqlsh: warning: MESSAGE` and skipped; the rest still load. Safe mode loads the
    /// WebAssembly modules only (in their default sandbox); `safeMode` says whether it is on
    /// (the settings' when nil: start-up calls this before `-safe` reaches them).
    public func autoloadPlugins(environment: (String) -> String? = PluginSearchPath.environmentValue,
                                safeMode: Bool? = nil) {
        let safe = safeMode ?? settings.safeMode
        for folder in PluginSearchPath.folders(environment: environment) {
            for library in PluginSearchPath.libraries(in: folder) {
                if safe && !library.hasSuffix(".wasm") { continue }
                do {
                    try plugins.loadPlugin(library, into: catalog)
                } catch {
                    err.write("sqlsh: warning: \(error)\n")
                }
            }
        }
    }
}
