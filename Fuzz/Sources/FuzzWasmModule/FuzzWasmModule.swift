import FuzzSupport
import SQLshCore
import SQLshWasm

/// A connection the loaded modules' functions are registered on and called through.
private let connection: Connection = {
    let db = try! Connection(path: ":memory:")
    FuzzSupport.confine(db)
    return db
}()

/// Small limits, so that a module that loops or grows costs little: 1 MiB of memory, 100,000
/// fuel per call.
private let sandbox = try! WasmSandbox(words: ["memory=1M", "fuel=100000"])

/// Loads arbitrary bytes as a WebAssembly plugin (`WasmPlugin(bytes:)`: the parser, the
/// validator, instantiation under the sandbox, the manifest and the ABI checks), and gives the
/// manifest parser the bytes as text too. When a module loads, each of its functions is
/// registered and called with arguments of every type (and aggregated over three rows), then
/// removed. Errors are expected; traps, sanitizer reports, hangs and unbounded allocations are
/// the findings. The seed corpus holds the examples and the hostile test modules.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWasmModule(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = FuzzSupport.bytes(data, size)
    _ = try? WasmManifest(parsing: String(decoding: bytes, as: UTF8.self))
    guard let plugin = try? WasmPlugin(bytes: bytes, origin: "fuzz.wasm", sandbox: sandbox) else { return 0 }
    for function in plugin.functions.prefix(16) {
        guard (try? connection.add(function.function)) != nil else { continue }
        defer { try? connection.remove(function.function) }
        let name = function.declaration.name
        let count = function.declaration.argumentCount ?? 2
        let values = ["1", "2.5", "'text'", "x'00ff'", "NULL", "-9223372036854775808", "zeroblob(70000)"]
        for offset in 0..<values.count {
            let arguments = (0..<count).map { values[($0 + offset) % values.count] }.joined(separator: ", ")
            let sql = function.declaration.kind == .scalar
                ? "SELECT \(name)(\(arguments))"
                : "SELECT \(name)(\(arguments)) FROM (SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3)"
            FuzzSupport.stepsLeft = 1000
            _ = try? connection.execute(sql)
        }
    }
    return 0
}

@_cdecl("FuzzWasmModule_main")
public func FuzzWasmModuleMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    FuzzSupport.runDriver(argc, argv, { fuzzWasmModule($0, $1) })
}
