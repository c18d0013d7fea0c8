#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CSQLshPlugin
import SQLshCore
import SQLshCatalog

/// Loads sqlsh plugins and SQLite extensions and remembers what it loaded (`.plugins`).
///
/// A sqlsh plugin's functions go into the shell's ``Catalog`` as packs, so they are registered
/// on every connection (also after `.open`) and listed and toggled like built-ins. Loading is
/// all or nothing: a plugin whose initialisation fails part-way leaves no trace.
public final class PluginManager {
    /// The plugins loaded so far, in order.
    public private(set) var plugins: [LoadedPlugin] = []
    /// The ordinary SQLite extensions `.load` loaded, in order.
    public private(set) var extensions: [LoadedExtension] = []
    /// dlopen handles of loaded plugins, to refuse loading one twice.
    private var handles: [(handle: UnsafeMutableRawPointer, name: String)] = []
    /// The WebAssembly host library's entry points, once the first `.wasm` load opened it.
    var wasmHost: WasmHostLibrary?

    public init() {}

    /// What ``load(_:entryPoint:shell:)`` loaded.
    public enum Loaded: Equatable {
        case plugin(LoadedPlugin)
        case sqliteExtension(LoadedExtension)
    }

    /// `.load PATH ?ENTRY?`: a sqlsh plugin when the library exports `sqlsh_plugin_init` (and
    /// ENTRY is absent or `sqlsh_plugin_init`), otherwise an ordinary SQLite extension loaded
    /// on the current connection with `sqlite3_load_extension`, as sqlite3's `.load` does.
    /// - Throws: ``PluginError`` with the message to show after `Error: `.
    public func load(_ path: String, entryPoint: String?, shell: Shell) throws -> Loaded {
        if Self.isWebAssembly(path) {
            return .plugin(try loadWasm(path, options: entryPoint.map { [$0] } ?? [], into: shell.catalog))
        }
        if let entryPoint, entryPoint != SQLSH_PLUGIN_ENTRY_POINT {
            return .sqliteExtension(try loadExtension(path, entryPoint: entryPoint, on: shell.connection))
        }
        switch try openLibrary(path) {
        case .plugin(let handle, let initialize, let file):
            return .plugin(try initializePlugin(handle: handle, initialize: initialize, path: file, catalog: shell.catalog))
        case .notPlugin(let file):
            if entryPoint != nil { throw PluginError("\(file): not a sqlsh plugin (no \(SQLSH_PLUGIN_ENTRY_POINT))") }
            return .sqliteExtension(try loadExtension(path, entryPoint: nil, on: shell.connection))
        case .notFound:
            // SQLite's own message, word for word as sqlite3's `.load` prints it.
            return .sqliteExtension(try loadExtension(path, entryPoint: nil, on: shell.connection))
        }
    }

    /// Loads a sqlsh plugin into `catalog` (`-load` and the autoload folder). Anything else,
    /// including a SQLite extension, is an error.
    @discardableResult
    public func loadPlugin(_ path: String, into catalog: Catalog) throws -> LoadedPlugin {
        if Self.isWebAssembly(path) { return try loadWasm(path, options: [], into: catalog) }
        switch try openLibrary(path) {
        case .plugin(let handle, let initialize, let file):
            return try initializePlugin(handle: handle, initialize: initialize, path: file, catalog: catalog)
        case .notPlugin(let file):
            throw PluginError("\(file): not a sqlsh plugin (no \(SQLSH_PLUGIN_ENTRY_POINT))")
        case .notFound:
            throw PluginError("\(path): no such file")
        }
    }

    /// Loads a plugin linked into the program itself: its entry point is called directly,
    /// with no dlopen. For embedders that ship plugins inside their binary, and for tests.
    /// `origin` stands for the file in messages and listings.
    @discardableResult
    public func loadPlugin(entryPoint initialize: sqlsh_plugin_init_fn, origin: String,
                           into catalog: Catalog) throws -> LoadedPlugin {
        try initializePlugin(handle: nil, initialize: initialize, path: origin, catalog: catalog)
    }

    // MARK: Opening

    private enum Library {
        case plugin(UnsafeMutableRawPointer, sqlsh_plugin_init_fn, String)
        case notPlugin(String)
        case notFound
    }

    /// dlopens `path` (or, as SQLite does, `path.so`) and looks for the plugin entry point.
    /// A file that exists but cannot be loaded (not a shared library, another architecture, a
    /// missing dependency) is an error with dlopen's message.
    private func openLibrary(_ path: String) throws -> Library {
        guard !path.isEmpty else { return .notFound }
        for name in [path, path + ".so"] {
            // dlopen looks for a name without a slash in the library path only; a plugin in
            // the current folder (`-load geo.so`) is meant as ./geo.so. (A SQLite extension
            // found that way still goes to sqlite3_load_extension with the name as given.)
            let candidate = !name.contains("/") && access(name, F_OK) == 0 ? "./" + name : name
            // Without a slash dlopen searches the library path, so existence cannot be checked.
            let exists = !candidate.contains("/") || access(candidate, F_OK) == 0
            guard exists else { continue }
            if candidate.contains("/"), let problem = ELFCheck.truncation(of: candidate) {
                throw PluginError("\(candidate): \(problem)")
            }
            guard let handle = dlopen(candidate, RTLD_NOW | RTLD_LOCAL) else {
                let message = dlerror().map { String(cString: $0) } ?? "cannot load \(candidate)"
                if candidate.contains("/") {
                    if let problem = ELFCheck.problem(with: candidate) { throw PluginError("\(candidate): \(problem)") }
                    throw PluginError(message)
                }
                continue
            }
            guard let symbol = dlsym(handle, SQLSH_PLUGIN_ENTRY_POINT) else {
                dlclose(handle)
                return .notPlugin(candidate)
            }
            return .plugin(handle, unsafeBitCast(symbol, to: sqlsh_plugin_init_fn.self), absolutePath(candidate))
        }
        return .notFound
    }

    // MARK: Plugins

    private func initializePlugin(handle: UnsafeMutableRawPointer?, initialize: sqlsh_plugin_init_fn,
                                  path: String, catalog: Catalog) throws -> LoadedPlugin {
        try initializePlugin(handle: handle, initialize: { host, info in initialize(host, info) },
                             path: path, catalog: catalog, sandbox: nil)
    }

    /// Stages what `initialize` registers and commits it to the catalog, all or nothing.
    /// `sandbox` is set for a WebAssembly module (its limits, for `.plugins`); its failures
    /// are reported as the host words them, without "initialisation failed".
    func initializePlugin(handle: UnsafeMutableRawPointer?,
                          initialize: (UnsafePointer<sqlsh_plugin_host>, UnsafeMutablePointer<sqlsh_plugin_info>) -> Int32,
                          path: String, catalog: Catalog, sandbox: String?) throws -> LoadedPlugin {
        if let handle, let loaded = handles.first(where: { $0.handle == handle }) {
            dlclose(handle)  // only drops the reference this dlopen added
            throw PluginError("\(path): plugin \(loaded.name) is already loaded")
        }
        // From here on the library stays loaded even on failure: its initialiser ran, and a
        // Swift library cannot be unloaded safely.
        var info = sqlsh_plugin_info()
        let staging = PluginStaging()
        let rc = staging.run(initialize, info: &info)
        do {
            guard info.abi_version == SQLSH_PLUGIN_ABI_VERSION else {
                throw PluginError(info.abi_version == 0
                    ? "\(path): the plugin did not declare its ABI version (expected \(SQLSH_PLUGIN_ABI_VERSION))"
                    : "\(path): plugin ABI version \(info.abi_version) is not supported (sqlsh has ABI \(SQLSH_PLUGIN_ABI_VERSION))")
            }
            guard rc == SQLSH_PLUGIN_OK else {
                throw PluginError("\(path): \(sandbox == nil ? "initialisation failed: " : "")\(staging.error ?? "error code \(rc)")")
            }
            if let error = staging.error {
                // add_function refused something, yet the plugin went on and reported success.
                throw PluginError("\(path): \(error)")
            }
            let name = info.name.map { String(cString: $0) } ?? ""
            guard isValidFunctionName(name) else {
                throw PluginError("\(path): invalid plugin name '\(name)'")
            }
            if let other = plugins.first(where: { $0.name.lowercased() == name.lowercased() }) {
                throw PluginError("\(path): a plugin named \(name) is already loaded from \(other.path)")
            }
            let plugin = LoadedPlugin(name: name,
                                      version: info.version.map { String(cString: $0) } ?? "",
                                      summary: info.description.map { String(cString: $0) } ?? "",
                                      path: path, functions: [], packs: [], sandbox: sandbox)
            let committed = try commit(staging.registrations, of: plugin, to: catalog)
            if let handle { handles.append((handle, name)) }
            plugins.append(committed)
            return committed
        } catch {
            staging.discardAll()
            throw error
        }
    }

    /// Adds the staged registrations to the catalog as packs and registers them on every
    /// connection the catalog is attached to; on any failure, undoes what it did and throws.
    private func commit(_ registrations: [PluginRegistration], of plugin: LoadedPlugin,
                        to catalog: Catalog) throws -> LoadedPlugin {
        let defaultPack = plugin.name.lowercased()
        // Registrations with the same name form one catalog function; packs keep first-seen order.
        var groups: [(name: String, pack: String, registrations: [PluginRegistration])] = []
        for registration in registrations {
            if let index = groups.firstIndex(where: { $0.name.lowercased() == registration.name.lowercased() }) {
                groups[index].registrations.append(registration)
            } else {
                groups.append((registration.name, registration.pack ?? defaultPack, [registration]))
            }
        }
        var packNames: [String] = []
        for group in groups where !packNames.contains(group.pack) { packNames.append(group.pack) }

        for group in groups {
            if let refusal = Self.refusal(ofFunctionNamed: group.name, in: catalog) {
                throw PluginError("\(plugin.path): \(refusal)")
            }
        }
        for pack in packNames where catalog.pack(named: pack) != nil {
            throw PluginError("\(plugin.path): pack \(pack) already exists")
        }

        var done: [(PluginRegistration, Connection)] = []
        do {
            for connection in catalog.connections {
                for group in groups where catalog.isEnabled(group.name) {
                    for registration in group.registrations {
                        try registration.register(on: connection)
                        done.append((registration, connection))
                    }
                }
            }
        } catch {
            for (registration, connection) in done.reversed() { try? registration.unregister(from: connection) }
            throw PluginError("\(plugin.path): \(error)")
        }

        for pack in packNames {
            let functions = groups.filter { $0.pack == pack }.map { catalogFunction($0.registrations, pack: pack) }
            catalog.add(FunctionPack(name: pack, summary: plugin.summary, functions: functions))
        }
        var result = plugin
        result.functions = groups.map(\.name)
        result.packs = packNames
        return result
    }

    /// Why a plugin may not add a function called `name`, or nil when it may: the one check
    /// every plugin goes through (native C, Swift and WebAssembly alike, as they all commit
    /// here). A name of one of SQLite's own functions (``SQLiteOwnFunctions``) would replace
    /// SQLite's version in every later query; a name the catalog has is taken. The first
    /// reason wins where both hold (`iif`: SQLite's with 3 arguments, the catalog's otherwise).
    static func refusal(ofFunctionNamed name: String, in catalog: Catalog) -> String? {
        if SQLiteOwnFunctions.contains(name) {
            return "function \(name) is one of SQLite's own functions, which a plugin may not replace"
        }
        if let existing = catalog.function(named: name) {
            return "function \(name) already exists (pack \(existing.pack))"
        }
        return nil
    }

    private func catalogFunction(_ registrations: [PluginRegistration], pack: String) -> CatalogFunction {
        let first = registrations[0]
        let kind: CatalogFunction.Kind
        switch first.kind {
        case .scalar: kind = .scalar
        case .aggregate: kind = .aggregate
        case .window: kind = .window
        }
        var function = CatalogFunction(
            name: first.name, kind: kind,
            arity: arityText(registrations.map(\.argumentCount)),
            flags: FunctionOptions(rawValue: first.flags),
            summary: first.summary, details: first.details, example: first.example,
            register: { connection in
                for registration in registrations { try registration.register(on: connection) }
            },
            unregister: { connection in
                for registration in registrations { try registration.unregister(from: connection) }
            })
        // Registered with the plugin, never on demand (a plugin's names are never SQLite's own:
        // see refusal(ofFunctionNamed:in:)).
        function.registeredUpFront = true
        return function
    }

    // MARK: SQLite extensions

    /// As sqlite3's `.load`: extension loading on (sqlite3 keeps it on for its connections),
    /// then `sqlite3_load_extension`; SQLite's message on failure.
    private func loadExtension(_ path: String, entryPoint: String?, on connection: Connection) throws -> LoadedExtension {
        do {
            try connection.setExtensionLoading(enabled: true)
            try connection.loadExtension(path: path, entryPoint: entryPoint)
        } catch let error as SQLiteError {
            throw PluginError(error.message)
        }
        let loaded = LoadedExtension(path: path, entryPoint: entryPoint)
        extensions.append(loaded)
        return loaded
    }
}

/// The arity column of `.functions`: `2`, `1-3`, `1,3` or `any`.
func arityText(_ counts: [Int32]) -> String {
    if counts.contains(-1) { return "any" }
    let sorted = Array(Set(counts)).sorted()
    guard let low = sorted.first, let high = sorted.last else { return "" }
    if low == high { return "\(low)" }
    if Int(high - low) + 1 == sorted.count { return "\(low)-\(high)" }
    return sorted.map(String.init).joined(separator: ",")
}

/// The canonical absolute path of a file, for listings; the path itself when that fails.
func absolutePath(_ path: String) -> String {
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
}
