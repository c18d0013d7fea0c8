/// Loading plugins at start-up: the `-load PATH` option and the autoload folders.
extension Shell {
    /// `-load PATH`: loads a sqlsh plugin into the catalog.
    /// - Throws: ``PluginError`` (also in safe mode, which refuses all loading).
    public func loadPluginAtStartup(_ path: String) throws {
        if isSafeModeActive { throw PluginError("cannot load plugins in safe mode") }
        try plugins.loadPlugin(path, into: catalog)
    }

    /// Loads every `*.so` in the autoload folders (``PluginSearchPath/folders(environment:)``).
    /// A library that fails is reported on standard error as `sqlsh: warning: MESSAGE` and
    /// skipped; the rest still load. Safe mode loads nothing.
    public func autoloadPlugins(environment: (String) -> String? = PluginSearchPath.environmentValue) {
        guard !settings.safeMode else { return }
        for folder in PluginSearchPath.folders(environment: environment) {
            for library in PluginSearchPath.libraries(in: folder) {
                do {
                    try plugins.loadPlugin(library, into: catalog)
                } catch {
                    err.write("sqlsh: warning: \(error)\n")
                }
            }
        }
    }
}
