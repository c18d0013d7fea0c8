/// A sqlsh plugin written in Swift: its name, version, description and functions.
///
/// A plugin is a dynamic library product with one exported entry point that hands the plugin
/// to sqlsh:
///
/// ```swift
/// import SQLshPluginSDK
///
/// let plugin = SQLshPlugin(name: "hello", version: "1.0.0", summary: "greetings", functions: [
///     PluginFunction(summary: "greet someone", example: "SELECT hello('Ada');  -- Hello, Ada!",
///                    SQLFunction("hello", argumentCount: 1, options: .pure) { args in
///                        args[0].string.map { "Hello, \($0)!" }
///                    }),
/// ])
///
/// @_cdecl("sqlsh_plugin_init")
/// public func sqlshPluginInit(_ host: UnsafePointer<sqlsh_plugin_host>?,
///                             _ info: UnsafeMutablePointer<sqlsh_plugin_info>?) -> Int32 {
///     plugin.register(host: host, info: info)
/// }
/// ```
///
/// `SQLshPlugin` is `Sendable` so that it can be a global constant in Swift 6 mode: it is
/// immutable after `init`, and sqlsh calls the entry point once, from one thread.
public final class SQLshPlugin: @unchecked Sendable {
    /// The plugin's short name; also the default pack of its functions.
    public let name: String
    /// Its version.
    public let version: String
    /// One line describing it.
    public let summary: String
    /// Its functions (empty for a plugin made with ``init(name:version:summary:setUp:)``, whose
    /// functions exist only once sqlsh has loaded it).
    public let functions: [PluginFunction]
    /// Makes the functions when sqlsh loads the plugin, for plugins that need to do work that
    /// can fail (read a configuration, open a resource) first.
    private let setUp: (() throws -> [PluginFunction])?

    // C copies of the texts in sqlsh_plugin_info: they must outlive the init call, and a
    // plugin is never unloaded, so they are allocated once and kept.
    private let cName: UnsafeMutablePointer<CChar>
    private let cVersion: UnsafeMutablePointer<CChar>
    private let cSummary: UnsafeMutablePointer<CChar>

    public init(name: String, version: String, summary: String, functions: [PluginFunction]) {
        self.name = name
        self.version = version
        self.summary = summary
        self.functions = functions
        self.setUp = nil
        cName = copyCString(name)
        cVersion = copyCString(version)
        cSummary = copyCString(summary)
    }

    /// A plugin whose functions are made when sqlsh loads it. An error `setUp` throws fails the
    /// load with the error's description as the reason (`PATH: initialisation failed: ...`); no
    /// function of the plugin is registered.
    ///
    /// ```swift
    /// let plugin = SQLshPlugin(name: "units", version: "1.0", summary: "unit conversions") {
    ///     let table = try loadConversionTable()  // a thrown error is shown to the user
    ///     return [PluginFunction(summary: "convert", SQLFunction("convert", argumentCount: 3) { ... })]
    /// }
    /// ```
    public init(name: String, version: String, summary: String,
                setUp: @escaping () throws -> [PluginFunction]) {
        self.name = name
        self.version = version
        self.summary = summary
        self.functions = []
        self.setUp = setUp
        cName = copyCString(name)
        cVersion = copyCString(version)
        cSummary = copyCString(summary)
    }

    /// Fills `info` and registers every function with the host: the whole body of the
    /// plugin's `sqlsh_plugin_init`. Returns `SQLSH_PLUGIN_OK` or `SQLSH_PLUGIN_ERROR` (with the
    /// reason given to the host).
    public func register(host: UnsafePointer<sqlsh_plugin_host>?, info: UnsafeMutablePointer<sqlsh_plugin_info>?) -> Int32 {
        guard let host, let info else { return SQLSH_PLUGIN_ERROR }
        info.pointee.abi_version = SQLSH_PLUGIN_ABI_VERSION
        info.pointee.name = UnsafePointer(cName)
        info.pointee.version = UnsafePointer(cVersion)
        info.pointee.description = UnsafePointer(cSummary)
        let hostTable = host.pointee
        guard hostTable.abi_version == SQLSH_PLUGIN_ABI_VERSION else {
            fail(hostTable, "plugin \(name) was built for sqlsh plugin ABI \(SQLSH_PLUGIN_ABI_VERSION), "
                 + "the host has ABI \(hostTable.abi_version)")
            return SQLSH_PLUGIN_ERROR
        }
        guard let addFunction = hostTable.add_function else { return SQLSH_PLUGIN_ERROR }
        let entries: [PluginFunction]
        do {
            entries = try setUp?() ?? functions
        } catch {
            fail(hostTable, "\(error)")
            return SQLSH_PLUGIN_ERROR
        }
        for entry in entries {
            guard !entry.functions.isEmpty else {
                fail(hostTable, "plugin \(name): a function has no SQLFunction")
                return SQLSH_PLUGIN_ERROR
            }
            for function in entry.functions {
                let callbacks = function.retainedCCallbacks()
                let rc = withDescriptor(entry, function, callbacks) { addFunction(hostTable.context, $0) }
                // A refused function is not kept by the host; the host records why.
                if rc != SQLSH_PLUGIN_OK {
                    callbacks.destroy(callbacks.userData)
                    return SQLSH_PLUGIN_ERROR
                }
            }
        }
        return SQLSH_PLUGIN_OK
    }

    private func fail(_ host: sqlsh_plugin_host, _ message: String) {
        message.withCString { host.set_error?(host.context, $0) }
    }

    private func withDescriptor(_ entry: PluginFunction, _ function: SQLFunction, _ callbacks: SQLFunctionCCallbacks,
                                _ body: (UnsafePointer<sqlsh_plugin_function>) -> Int32) -> Int32 {
        function.name.withCString { cFunctionName in
            (entry.pack ?? name).withCString { cPack in
                entry.summary.withCString { cSummary in
                    entry.details.withCString { cDetails in
                        entry.example.withCString { cExample in
                            var descriptor = sqlsh_plugin_function()
                            descriptor.struct_size = UInt32(MemoryLayout<sqlsh_plugin_function>.size)
                            descriptor.name = cFunctionName
                            descriptor.pack = cPack
                            switch function.kind {
                            case .scalar: descriptor.kind = SQLSH_PLUGIN_SCALAR
                            case .aggregate: descriptor.kind = SQLSH_PLUGIN_AGGREGATE
                            case .window: descriptor.kind = SQLSH_PLUGIN_WINDOW
                            }
                            descriptor.argument_count = function.argumentCount.map { Int32(clamping: $0) } ?? -1
                            descriptor.flags = function.options.rawValue
                            descriptor.summary = cSummary
                            descriptor.description = cDetails
                            descriptor.example = cExample
                            descriptor.user_data = callbacks.userData
                            descriptor.x_func = callbacks.xFunc
                            descriptor.x_step = callbacks.xStep
                            descriptor.x_final = callbacks.xFinal
                            descriptor.x_value = callbacks.xValue
                            descriptor.x_inverse = callbacks.xInverse
                            descriptor.destroy = callbacks.destroy
                            return withUnsafePointer(to: &descriptor, body)
                        }
                    }
                }
            }
        }
    }
}

private func copyCString(_ string: String) -> UnsafeMutablePointer<CChar> {
    let utf8 = Array(string.utf8CString)
    let copy = UnsafeMutablePointer<CChar>.allocate(capacity: utf8.count)
    copy.initialize(from: utf8, count: utf8.count)
    return copy
}
