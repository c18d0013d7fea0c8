#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CSQLshPlugin
import SQLshCatalog
import SQLshCore

/// The WebAssembly host library (`libsqlsh_wasm.so`), opened on the first `.load FILE.wasm`.
struct WasmHostLibrary {
    let load: sqlsh_wasm_host_load_fn
    let sandbox: sqlsh_wasm_host_sandbox_fn
}

extension PluginManager {
    /// Whether `path` is a WebAssembly module: its name ends in `.wasm`, or the file starts with
    /// the `\0asm` magic bytes.
    public static func isWebAssembly(_ path: String) -> Bool {
        if path.lowercased().hasSuffix(".wasm") { return true }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var magic: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
        let count = withUnsafeMutableBytes(of: &magic) { read(fd, $0.baseAddress, 4) }
        return count == 4 && magic == (0, 0x61, 0x73, 0x6D)
    }

    /// Loads a WebAssembly plugin into `catalog`, in a sandbox set by `options` (`memory=SIZE`,
    /// `fuel=N`, `grant=NAME,...`). Allowed in safe mode: the module reaches nothing but its
    /// arguments.
    /// - Throws: ``PluginError``: the host library missing, a bad option, a module that cannot
    ///   be loaded, a name that clashes.
    @discardableResult
    public func loadWasm(_ path: String, options: [String], into catalog: Catalog) throws -> LoadedPlugin {
        let host = try openWasmHost()
        guard access(path, R_OK) == 0 else {
            throw PluginError("\(path): \(errno == ENOENT ? "no such file" : String(cString: strerror(errno)))")
        }
        let joined = options.joined(separator: "\n")
        var buffer = [CChar](repeating: 0, count: 512)
        let valid = buffer.withUnsafeMutableBufferPointer { host.sandbox(joined, $0.baseAddress, Int32($0.count)) }
        let sandbox = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard valid == SQLSH_PLUGIN_OK else { throw PluginError("\(path): \(sandbox)") }
        let file = absolutePath(path)
        return try file.withCString { cPath in
            try joined.withCString { cOptions in
                try initializePlugin(handle: nil, initialize: { host.load($0, $1, cPath, cOptions) },
                                     path: file, catalog: catalog, sandbox: sandbox)
            }
        }
    }

    /// dlopens the host library once: `$SQLSH_WASM_HOST` when set, else `libsqlsh_wasm.so` next
    /// to the sqlsh binary, else in `../lib/sqlsh/` from it (where `make install` puts it).
    private func openWasmHost() throws -> WasmHostLibrary {
        if let wasmHost { return wasmHost }
        var candidates: [String] = []
        if let explicit = getenv("SQLSH_WASM_HOST").map({ String(cString: $0) }), !explicit.isEmpty {
            candidates = [explicit]
        } else {
            let folder = executableFolder()
            candidates = [folder + "/" + SQLSH_WASM_HOST_LIBRARY, folder + "/../lib/sqlsh/" + SQLSH_WASM_HOST_LIBRARY]
        }
        var problems: [String] = []
        for candidate in candidates {
            guard access(candidate, F_OK) == 0 else { continue }
            guard let handle = dlopen(candidate, RTLD_NOW | RTLD_LOCAL) else {
                problems.append(dlerror().map { String(cString: $0) } ?? "cannot load \(candidate)")
                continue
            }
            guard let load = dlsym(handle, SQLSH_WASM_HOST_ENTRY_POINT), let sandbox = dlsym(handle, SQLSH_WASM_HOST_SANDBOX) else {
                problems.append("\(candidate) is not sqlsh's WebAssembly host (no \(SQLSH_WASM_HOST_ENTRY_POINT))")
                dlclose(handle)
                continue
            }
            // Never closed: the functions it registers live as long as the process.
            let library = WasmHostLibrary(load: unsafeBitCast(load, to: sqlsh_wasm_host_load_fn.self),
                                          sandbox: unsafeBitCast(sandbox, to: sqlsh_wasm_host_sandbox_fn.self))
            // Interrupts (InterruptHandle, Ctrl-C's signal handler) reach the calls running in
            // the host's interpreter, where SQLite's own interrupt never looks.
            if let interrupt = dlsym(handle, SQLSH_WASM_HOST_INTERRUPT) {
                let function = unsafeBitCast(interrupt, to: (@convention(c) (OpaquePointer?) -> Void).self)
                function(nil)  // makes the host's registry ready before any handler can call it
                SQLiteLibrary.addInterruptHook(unsafeBitCast(interrupt, to: InterruptHook.self))
            }
            wasmHost = library
            return library
        }
        throw PluginError(problems.first ?? "WebAssembly plugins need \(SQLSH_WASM_HOST_LIBRARY), which is not installed "
                          + "(looked in: \(candidates.joined(separator: ", "))); build it with `make build`")
    }

    /// The folder of the running executable (`/proc/self/exe`), else of `argv[0]`.
    private func executableFolder() -> String {
        var path = CommandLine.arguments.first ?? "."
        #if os(Linux)
        if let resolved = realpath("/proc/self/exe", nil) {
            path = String(cString: resolved)
            free(resolved)
        }
        #endif
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return String(path[..<slash])
    }
}
