import SQLshCore
import CSQLshPlugin

/// What a plugin's `sqlsh_plugin_init` registers, held apart until the whole call succeeded;
/// its address is the `context` of the host table the plugin gets.
final class PluginStaging {
    /// Registrations accepted so far, in order.
    var registrations: [PluginRegistration] = []
    /// Why the plugin failed: the first refusal of `add_function`, or the plugin's own
    /// `set_error` message.
    var error: String?

    /// Gives every staged user data back to the plugin (nothing was committed).
    func discardAll() {
        for registration in registrations { registration.discard() }
        registrations.removeAll()
    }

    /// Calls `initialize` with a host table whose callbacks stage into `self`.
    func run(_ initialize: sqlsh_plugin_init_fn, info: UnsafeMutablePointer<sqlsh_plugin_info>) -> Int32 {
        run({ host, info in initialize(host, info) } as (UnsafePointer<sqlsh_plugin_host>, UnsafeMutablePointer<sqlsh_plugin_info>) -> Int32,
            info: info)
    }

    /// Calls `initialize` (a native plugin's entry point, or the WebAssembly host's loader) with
    /// a host table whose callbacks stage into `self`.
    func run(_ initialize: (UnsafePointer<sqlsh_plugin_host>, UnsafeMutablePointer<sqlsh_plugin_info>) -> Int32,
             info: UnsafeMutablePointer<sqlsh_plugin_info>) -> Int32 {
        withExtendedLifetime(self) {
            hostVersion.withCString { cHostVersion in
                var host = sqlsh_plugin_host()
                host.abi_version = SQLSH_PLUGIN_ABI_VERSION
                host.host_version = cHostVersion
                host.sqlite_version = SQLiteLibrary.versionCString
                host.context = Unmanaged.passUnretained(self).toOpaque()
                host.add_function = hostAddFunction
                host.set_error = hostSetError
                return withUnsafePointer(to: host) { initialize($0, info) }
            }
        }
    }
}

private let hostVersion = "sqlsh \(Shell.version)"

private func hostAddFunction(_ context: UnsafeMutableRawPointer?, _ function: UnsafePointer<sqlsh_plugin_function>?) -> Int32 {
    guard let context else { return SQLSH_PLUGIN_ERROR }
    let staging = Unmanaged<PluginStaging>.fromOpaque(context).takeUnretainedValue()
    guard let function else {
        staging.error = staging.error ?? "add_function called without a function"
        return SQLSH_PLUGIN_ERROR
    }
    // Read the size first: a descriptor from an older, smaller layout must not be read whole.
    let size = UnsafeRawPointer(function).load(as: UInt32.self)
    guard size >= UInt32(MemoryLayout<sqlsh_plugin_function>.size) else {
        staging.error = staging.error ?? "function descriptor too small (\(size) bytes, expected "
            + "\(MemoryLayout<sqlsh_plugin_function>.size)): the plugin was built for another ABI"
        return SQLSH_PLUGIN_ERROR
    }
    do {
        let registration = try PluginRegistration(function.pointee)
        if staging.registrations.contains(where: {
            $0.name.lowercased() == registration.name.lowercased() && $0.argumentCount == registration.argumentCount
        }) {
            let arity = registration.argumentCount < 0 ? "any number of" : "\(registration.argumentCount)"
            throw PluginError("\(registration.name) with \(arity) arguments is added twice")
        }
        staging.registrations.append(registration)
        return SQLSH_PLUGIN_OK
    } catch {
        staging.error = staging.error ?? "\(error)"
        return SQLSH_PLUGIN_ERROR
    }
}

private func hostSetError(_ context: UnsafeMutableRawPointer?, _ message: UnsafePointer<CChar>?) {
    guard let context else { return }
    let staging = Unmanaged<PluginStaging>.fromOpaque(context).takeUnretainedValue()
    staging.error = message.map { String(cString: $0) } ?? "unknown error"
}
