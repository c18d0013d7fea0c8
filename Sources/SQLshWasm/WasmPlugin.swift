#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLshCore
import WasmKit

/// A WebAssembly plugin: a module loaded into its own sandbox, with the SQL functions its
/// manifest declares made into ``SQLFunction``s that call it.
///
/// ```swift
/// let plugin = try WasmPlugin(path: "textfun.wasm", sandbox: WasmSandbox(words: ["memory=16M"]))
/// for function in plugin.functions { try db.add(function.function) }
/// ```
public final class WasmPlugin: Sendable {
    /// The largest module file read: 64 MiB.
    public static let maximumFileSize = 64 << 20

    /// The plugin's name: the manifest's, else the file's name without `.wasm`.
    public let name: String
    /// Its version (may be empty).
    public let version: String
    /// Its one-line description (may be empty).
    public let summary: String
    /// The limits and grants it runs under.
    public let sandbox: WasmSandbox
    /// Its functions, in manifest order.
    public let functions: [WasmFunction]
    /// The instance they call.
    let instance: WasmModuleInstance

    /// Loads the module in the file at `path`.
    /// - Throws: ``WasmPluginError`` (unreadable, malformed or truncated file, an import not
    ///   granted, a trap while starting, a manifest or export that breaks the ABI).
    public convenience init(path: String, sandbox: WasmSandbox = WasmSandbox()) throws {
        try self.init(bytes: try Self.readFile(path), origin: path, sandbox: sandbox)
    }

    /// Loads a module from its bytes; `origin` names it in messages and gives the default name.
    public init(bytes: [UInt8], origin: String, sandbox: WasmSandbox = WasmSandbox()) throws {
        guard bytes.count >= 8, bytes[0] == 0, bytes[1] == 0x61, bytes[2] == 0x73, bytes[3] == 0x6D else {
            throw WasmPluginError("not a WebAssembly module (no \\0asm header)")
        }
        let module: Module
        do {
            module = try parseWasm(bytes: bytes)
        } catch {
            throw WasmPluginError("not a valid WebAssembly module: \(WasmModuleInstance.describe(error, sandbox: sandbox))")
        }
        let instance = try WasmModuleInstance(module: module, origin: origin, sandbox: sandbox)
        self.instance = instance
        let manifest = try WasmManifest(parsing: try instance.manifestText())
        try instance.adoptABI(manifest.abi)
        self.name = manifest.name ?? Self.defaultName(origin)
        self.version = manifest.version
        self.summary = manifest.summary
        self.sandbox = sandbox
        var functions: [WasmFunction] = []
        var names: Set<String> = []
        for declared in manifest.functions {
            guard names.insert(declared.name.lowercased()).inserted else {
                throw WasmPluginError("the manifest declares \(declared.name) twice")
            }
            functions.append(try WasmFunction(declared, instance: instance))
        }
        self.functions = functions
    }

    /// The file's name without folders and `.wasm`, made a valid name (`my-funcs.wasm` gives
    /// `my_funcs`).
    static func defaultName(_ path: String) -> String {
        var base = String(path.split(separator: "/").last ?? "")
        if base.hasSuffix(".wasm") { base.removeLast(5) }
        var name = String(base.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar))
                ? Character(scalar) : "_"
        })
        if name.isEmpty || name.first?.isNumber == true { name = "wasm_" + name }
        return String(name.prefix(64))
    }

    /// The file's bytes; a missing, unreadable or oversized file is an error.
    static func readFile(_ path: String) throws -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw WasmPluginError("cannot open \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw WasmPluginError("\(path) is not a regular file")
        }
        guard info.st_size <= maximumFileSize else {
            throw WasmPluginError("\(path) is larger than \(maximumFileSize >> 20) MiB")
        }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeMutableBytes { buffer in
                buffer.baseAddress.map { read(fd, $0 + done, buffer.count - done) } ?? 0
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw WasmPluginError("cannot read \(path)") }
            done += count
        }
        return bytes
    }
}

/// One SQL function of a WebAssembly plugin: what the manifest says of it, and the
/// ``SQLFunction`` to register.
public struct WasmFunction: Sendable {
    /// The manifest's declaration (name, arity, flags, texts).
    public let declaration: WasmManifest.Function
    /// The function to register on connections.
    public let function: SQLFunction

    init(_ declaration: WasmManifest.Function, instance: WasmModuleInstance) throws {
        self.declaration = declaration
        var options: FunctionOptions = []
        if declaration.deterministic { options.insert(.deterministic) }
        if declaration.innocuous { options.insert(.innocuous) }
        if declaration.directOnly { options.insert(.directOnly) }
        let name = declaration.name
        switch declaration.kind {
        case .scalar:
            let export = WasmExport(name: name, instance: instance,
                                    entry: try instance.export(name, [.i32, .i32, .i32], []),
                                    final: nil, stateSize: 0)
            function = SQLFunction(name, argumentCount: declaration.argumentCount, options: options,
                                   writingResult: { arguments, result in try export.callScalar(arguments, result) })
        case .aggregate:
            let export = WasmExport(name: name, instance: instance,
                                    entry: try instance.export(name + "_step", [.i32, .i32, .i32, .i32], []),
                                    final: try instance.export(name + "_final", [.i32, .i32], []),
                                    stateSize: declaration.stateSize)
            function = SQLFunction(name, argumentCount: declaration.argumentCount, options: options,
                                   accumulator: { WasmAccumulator(export) })
        }
    }
}

/// One group of a WebAssembly aggregate: its state bytes, kept by the host between calls.
final class WasmAccumulator: AggregateAccumulator {
    private let export: WasmExport
    private var state: [UInt8]

    init(_ export: WasmExport) {
        self.export = export
        state = [UInt8](repeating: 0, count: export.stateSize)
    }

    func step(_ arguments: Arguments) throws {
        try export.step(arguments, state: &state, result: nil)
    }

    func finalize(into result: ResultContext) throws {
        try export.finalize(state: state, result)
    }
}
