import CSQLshPlugin
import SQLshPluginSDK
import SQLshWasm

/// The entry point sqlsh calls (`sqlsh_wasm_host.h`): loads the module at `path` under the
/// sandbox `options` describe and registers its functions through the plugin host table, as a
/// native plugin does. A failure is reported through `host->set_error`.
@_cdecl("sqlsh_wasm_host_load")
public func sqlshWasmHostLoad(_ host: UnsafePointer<sqlsh_plugin_host>?, _ info: UnsafeMutablePointer<sqlsh_plugin_info>?,
                              _ path: UnsafePointer<CChar>?, _ options: UnsafePointer<CChar>?) -> Int32 {
    guard let path else { return SQLSH_PLUGIN_ERROR }
    let file = String(cString: path)
    let words = options.map { String(cString: $0).split(separator: "\n").map(String.init) } ?? []
    let plugin: SQLshPlugin
    do {
        let module = try WasmPlugin(path: file, sandbox: try WasmSandbox(words: words))
        let functions = module.functions.map { function in
            PluginFunction(summary: function.declaration.summary, details: function.declaration.details,
                           example: function.declaration.example, function.function)
        }
        plugin = SQLshPlugin(name: module.name, version: module.version, summary: module.summary, functions: functions)
    } catch {
        // Kept for the process's life like every plugin's texts: the info strings must outlive
        // this call.
        plugin = SQLshPlugin(name: "wasm", version: "", summary: "", setUp: { throw error })
    }
    return plugin.register(host: host, info: info)
}

/// `sqlsh_wasm_host_sandbox`: the sandbox `options` give, defaults filled in, or why they are
/// invalid, into `buffer`.
@_cdecl("sqlsh_wasm_host_sandbox")
public func sqlshWasmHostSandbox(_ options: UnsafePointer<CChar>?, _ buffer: UnsafeMutablePointer<CChar>?, _ size: Int32) -> Int32 {
    let words = options.map { String(cString: $0).split(separator: "\n").map(String.init) } ?? []
    let text: String, rc: Int32
    do {
        text = try WasmSandbox(words: words).words.joined(separator: " ")
        rc = SQLSH_PLUGIN_OK
    } catch {
        text = "\(error)"
        rc = SQLSH_PLUGIN_ERROR
    }
    guard let buffer, size > 0 else { return SQLSH_PLUGIN_ERROR }
    let bytes = Array(text.utf8.prefix(Int(size) - 1))
    for (index, byte) in bytes.enumerated() { buffer[index] = CChar(bitPattern: byte) }
    buffer[bytes.count] = 0
    return rc
}

/// `sqlsh_wasm_host_interrupt`: ends the calls running for the connection `db` (see
/// ``WasmInterrupts``); NULL makes the registry ready, so that a signal handler may call it.
@_cdecl("sqlsh_wasm_host_interrupt")
public func sqlshWasmHostInterrupt(_ db: UnsafeMutableRawPointer?) {
    WasmInterrupts.interrupt(connection: UInt(bitPattern: db))
}
