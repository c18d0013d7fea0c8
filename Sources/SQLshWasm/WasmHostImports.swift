#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WasmKit

/// What a module may import: only the WASI functions of the capabilities granted by name
/// (``WasmGrant``). Anything else it imports, granted or not, fails the load with its name.
enum WasmHostImports {
    static let wasi = "wasi_snapshot_preview1"

    /// WASI's errno values used here.
    private static let success: UInt32 = 0, fault: UInt32 = 21, invalid: UInt32 = 28

    static func imports(for module: Module, store: Store, grants: Set<WasmGrant>) throws -> Imports {
        var imports = Imports()
        for entry in module.imports {
            let name = "\(entry.module).\(entry.name)"
            guard entry.module == wasi, let grant = WasmGrant.allCases.first(where: { $0.importNames.contains(entry.name) }) else {
                throw WasmPluginError("the module imports \(name), which sqlsh does not provide: a plugin may import "
                                      + "only the WASI clock and random functions, when granted")
            }
            guard grants.contains(grant) else {
                throw WasmPluginError("the module imports \(name), which needs grant=\(grant.rawValue) when loading")
            }
            guard case .function = entry.descriptor else {
                throw WasmPluginError("the module imports \(name) as something other than a function")
            }
            imports.define(module: wasi, name: entry.name, function(entry.name, store: store))
        }
        return imports
    }

    private static func function(_ name: String, store: Store) -> Function {
        switch name {
        case "clock_time_get":
            return Function(store: store, parameters: [.i32, .i64, .i32], results: [.i32]) { caller, arguments in
                guard case .i32(let id) = arguments[0], case .i32(let address) = arguments[2],
                      let clock = clockID(id) else { return [.i32(invalid)] }
                var time = timespec()
                guard clock_gettime(clock, &time) == 0 else { return [.i32(invalid)] }
                let nanoseconds = UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
                return [.i32(write(nanoseconds, at: address, caller: caller) ? success : fault)]
            }
        case "clock_res_get":
            return Function(store: store, parameters: [.i32, .i32], results: [.i32]) { caller, arguments in
                guard case .i32(let id) = arguments[0], case .i32(let address) = arguments[1],
                      let clock = clockID(id) else { return [.i32(invalid)] }
                var resolution = timespec()
                guard clock_getres(clock, &resolution) == 0 else { return [.i32(invalid)] }
                let nanoseconds = UInt64(resolution.tv_sec) &* 1_000_000_000 &+ UInt64(resolution.tv_nsec)
                return [.i32(write(nanoseconds, at: address, caller: caller) ? success : fault)]
            }
        default:  // random_get
            return Function(store: store, parameters: [.i32, .i32], results: [.i32]) { caller, arguments in
                guard case .i32(let address) = arguments[0], case .i32(let length) = arguments[1],
                      let memory = caller.instance?.exports[memory: "memory"],
                      Int(address) <= memory.byteCount, Int(length) <= memory.byteCount - Int(address) else {
                    return [.i32(fault)]
                }
                memory.withUnsafeMutableBufferPointer(offset: UInt(address), count: Int(length)) { bytes in
                    var generator = SystemRandomNumberGenerator()
                    for index in bytes.indices { bytes[index] = UInt8.random(in: 0...255, using: &generator) }
                }
                return [.i32(success)]
            }
        }
    }

    /// WASI's clock ids: realtime, monotonic, process and thread CPU time.
    private static func clockID(_ id: UInt32) -> clockid_t? {
        switch id {
        case 0: return CLOCK_REALTIME
        case 1: return CLOCK_MONOTONIC
        case 2: return CLOCK_PROCESS_CPUTIME_ID
        case 3: return CLOCK_THREAD_CPUTIME_ID
        default: return nil
        }
    }

    /// Stores a little-endian u64 in the caller's memory; false when it does not fit.
    private static func write(_ value: UInt64, at address: UInt32, caller: borrowing Caller) -> Bool {
        guard let memory = caller.instance?.exports[memory: "memory"],
              Int(address) <= memory.byteCount - 8 else { return false }
        memory.withUnsafeMutableBufferPointer(offset: UInt(address), count: 8) { bytes in
            for index in 0..<8 { bytes[index] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(index))) }
        }
        return true
    }
}
