/// A plugin sqlsh has loaded, as `.plugins` lists it.
public struct LoadedPlugin: Equatable {
    /// The plugin's name (from `sqlsh_plugin_info`).
    public var name: String
    /// Its version.
    public var version: String
    /// Its one-line description.
    public var summary: String
    /// The file it was loaded from.
    public var path: String
    /// The catalog functions it added, in order.
    public var functions: [String]
    /// The packs those functions belong to.
    public var packs: [String]
    /// For a WebAssembly plugin, the sandbox it runs in as `.load` words
    /// (`memory=32M fuel=100000000`); nil for a native plugin.
    public var sandbox: String? = nil
}

/// An ordinary SQLite loadable extension `.load` loaded on a connection.
public struct LoadedExtension: Equatable {
    /// The file as given to `.load`.
    public var path: String
    /// The entry point given, or nil for SQLite's default.
    public var entryPoint: String?
}
