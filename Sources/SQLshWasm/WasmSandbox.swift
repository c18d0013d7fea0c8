/// The limits and grants a WebAssembly plugin runs under: the words after the file in
/// `.load FILE.wasm memory=64M fuel=10000000 grant=clock,random`.
public struct WasmSandbox: Equatable, Sendable {
    /// The default memory limit: 32 MiB of linear memory per module.
    public static let defaultMemoryLimit = 32 << 20
    /// The default fuel per call: about 100 million WebAssembly instructions (roughly a
    /// second of interpretation), after which the call fails.
    public static let defaultFuel: UInt64 = 100_000_000
    /// The largest memory limit: the 4 GiB a 32-bit module can address.
    public static let maximumMemoryLimit = 1 << 32
    /// The most fuel a call may be given.
    public static let maximumFuel: UInt64 = 1 << 50

    /// Bytes of linear memory the module may have (its initial memory and every `memory.grow`).
    public var memoryLimit = WasmSandbox.defaultMemoryLimit
    /// Fuel for each call into the module (about one unit per instruction executed).
    public var fuel = WasmSandbox.defaultFuel
    /// The host capabilities the module may import; none by default.
    public var grants: Set<WasmGrant> = []

    /// The default sandbox: 32 MiB, 100 million fuel, nothing granted.
    public init() {}

    /// Parses `.load` words: `memory=SIZE` (bytes, or with a K, M or G suffix), `fuel=N` and
    /// `grant=NAME,...` (``WasmGrant``), each at most once.
    /// - Throws: ``WasmPluginError`` naming the word and what is accepted.
    public init(words: [String]) throws {
        var seen: Set<String> = []
        for word in words {
            let (key, value) = word.splitOnce("=")
            guard let value, !value.isEmpty else {
                throw WasmPluginError("invalid option '\(word)' (memory=SIZE, fuel=N, grant=NAME,...)")
            }
            guard seen.insert(key).inserted else { throw WasmPluginError("option \(key) given twice") }
            switch key {
            case "memory":
                guard let bytes = Self.size(value), bytes >= 65_536, bytes <= Self.maximumMemoryLimit else {
                    throw WasmPluginError("invalid memory limit '\(value)' (64K to 4G: a number of bytes, or with K, M or G)")
                }
                memoryLimit = bytes
            case "fuel":
                guard let fuel = UInt64(value), fuel >= 1, fuel <= Self.maximumFuel else {
                    throw WasmPluginError("invalid fuel '\(value)' (1 to \(Self.maximumFuel))")
                }
                self.fuel = fuel
            case "grant":
                for name in value.split(separator: ",", omittingEmptySubsequences: false) {
                    guard let grant = WasmGrant(rawValue: String(name)) else {
                        let offered = WasmGrant.allCases.map(\.rawValue).joined(separator: ", ")
                        if ["fs", "filesystem", "files", "network", "net", "sockets", "env", "environ"].contains(String(name)) {
                            throw WasmPluginError("'\(name)' cannot be granted: sqlsh's sandbox offers no file system, "
                                                  + "network or environment to plugins (it offers: \(offered))")
                        }
                        throw WasmPluginError("unknown grant '\(name)' (\(offered))")
                    }
                    grants.insert(grant)
                }
            default:
                throw WasmPluginError("unknown option '\(key)' (memory=SIZE, fuel=N, grant=NAME,...)")
            }
        }
    }

    /// `4096`, `64K`, `32M` or `1G` in bytes; nil when malformed or too large.
    static func size(_ text: String) -> Int? {
        var digits = Substring(text)
        var unit = 1
        switch text.last {
        case "K", "k": unit = 1 << 10
        case "M", "m": unit = 1 << 20
        case "G", "g": unit = 1 << 30
        default: break
        }
        if unit != 1 { digits = digits.dropLast() }
        guard digits.count <= 12, let number = Int(digits), number >= 0 else { return nil }
        let (bytes, overflow) = number.multipliedReportingOverflow(by: unit)
        return overflow ? nil : bytes
    }

    /// The options as `.load` words, for listings (`memory=32M fuel=100000000`).
    public var words: [String] {
        let memory = memoryLimit % (1 << 20) == 0 ? "\(memoryLimit >> 20)M"
            : memoryLimit % 1024 == 0 ? "\(memoryLimit >> 10)K" : "\(memoryLimit)"
        var words = ["memory=\(memory)", "fuel=\(fuel)"]
        if !grants.isEmpty { words.append("grant=" + grants.map(\.rawValue).sorted().joined(separator: ",")) }
        return words
    }
}

/// A host capability a module may import when granted by name; everything else it imports
/// fails the load.
public enum WasmGrant: String, CaseIterable, Sendable {
    /// WASI's clocks: `wasi_snapshot_preview1.clock_time_get` and `clock_res_get`.
    case clock
    /// WASI's random bytes: `wasi_snapshot_preview1.random_get`.
    case random

    /// The WASI imports this grant provides.
    var importNames: [String] {
        switch self {
        case .clock: return ["clock_time_get", "clock_res_get"]
        case .random: return ["random_get"]
        }
    }
}
