@_spi(Fuzzing) import WasmKit
import SQLshCore
import Synchronization

/// One instantiated module: its store, memory and ABI exports. Calls into it are serialised
/// (a WasmKit store is confined to one thread at a time), each with a fresh fuel budget.
final class WasmModuleInstance: @unchecked Sendable {
    /// Serialises every use of the store, the instance and the stack below.
    private let lock = Mutex<Void>(())
    private let store: Store
    private let memory: Memory
    /// Where each call's values go, once the manifest named the ABI (``adoptABI(_:)``). Only
    /// with the lock held (so without run-time exclusivity checks, as `stack` below).
    @exclusivity(unchecked) var callMemory = WasmCallMemory.unbound
    /// The interpreter's stack, kept between calls (allocating 512 KiB per call would cost more
    /// than most calls). Only with the lock held: its run-time exclusivity check, about 120
    /// instructions a call, is left out.
    @exclusivity(unchecked) private var stack: ExecutionStack
    let sandbox: WasmSandbox
    /// The file, for messages.
    let origin: String

    /// The engine every module runs on: fuel metering on (an instruction budget per call), and
    /// linear memory reserved up front. With `.mprotect`, WasmKit reserves a module's whole
    /// 32-bit address space once and `memory.grow` only commits the new pages; with `.software`
    /// it keeps memory in one malloc'd block and copies all of it into a new block at every
    /// grow, so growing page by page took time quadratic in the size (512 pages: 5 s; 4 GiB:
    /// hours). Accesses are still bounds-checked in software against the committed size; the
    /// price is the signal mask saved (sigsetjmp) on every invocation.
    private static let engine = Engine(configuration: EngineConfiguration(memoryBoundsChecking: .mprotect, fuelMetering: true))

    /// The instance and the manifest text its `sqlsh_manifest` returns.
    init(module: Module, origin: String, sandbox: WasmSandbox) throws {
        self.origin = origin
        self.sandbox = sandbox
        WasmInterrupts.install()
        let store = Store(engine: Self.engine)
        store.resourceLimiter = MemoryLimiter(bytes: sandbox.memoryLimit)
        store.fuel = Fuel(remaining: sandbox.fuel)
        let imports = try WasmHostImports.imports(for: module, store: store, grants: sandbox.grants)
        let instance: Instance
        do {
            instance = try module.instantiate(store: store, imports: imports)
        } catch {
            throw WasmPluginError("cannot instantiate the module: \(Self.describe(error, sandbox: sandbox))")
        }
        guard let memory = instance.exports[memory: "memory"] else {
            throw WasmPluginError("the module exports no memory named 'memory'")
        }
        guard memory.byteCount <= sandbox.memoryLimit else {
            throw WasmPluginError("the module's memory (\(memory.byteCount) bytes) is over the limit of \(sandbox.memoryLimit) bytes")
        }
        self.store = store
        self.memory = memory
        self.stack = ExecutionStack(engine: Self.engine)
        self.instance = instance
    }

    /// The instance; only with the lock held.
    let instance: Instance

    /// The exported function `name` of the given type.
    static func export(_ instance: Instance, _ name: String, _ parameters: [ValueType], _ results: [ValueType]) throws -> Function {
        guard let function = instance.exports[function: name] else {
            throw WasmPluginError("the module does not export the function \(name)")
        }
        let expected = FunctionType(parameters: parameters, results: results)
        guard function.type == expected else {
            throw WasmPluginError("\(name) has the type \(Self.text(function.type)); the ABI needs \(Self.text(expected))")
        }
        return function
    }

    /// An exported function of the instance, checked against its ABI type.
    func export(_ name: String, _ parameters: [ValueType], _ results: [ValueType]) throws -> Function {
        try lock.withLock { _ in try Self.export(instance, name, parameters, results) }
    }

    /// `(i32, i32) -> (i32)`.
    private static func text(_ type: FunctionType) -> String {
        func list(_ types: [ValueType]) -> String { "(" + types.map { "\($0)" }.joined(separator: ", ") + ")" }
        return list(type.parameters) + " -> " + list(type.results)
    }

    /// Calls `sqlsh_manifest` and reads the NUL-terminated text it points to.
    func manifestText() throws -> String {
        try lock.withLock { _ in
            let function = try Self.export(instance, "sqlsh_manifest", [], [.i32])
            let results = try invoke(function, [], what: "sqlsh_manifest")
            guard case .i32(let address)? = results.first else { throw WasmPluginError("sqlsh_manifest returned no address") }
            let start = Int(address)
            let available = memory.byteCount - start
            guard start > 0, available > 0 else {
                throw WasmPluginError("sqlsh_manifest returned an address outside the module's memory (\(address))")
            }
            let window = min(available, WasmManifest.maximumSize + 1)
            let bytes: [UInt8] = memory.withUnsafeBufferPointer(offset: UInt(start), count: window) { raw in
                Array(raw.prefix { $0 != 0 })
            }
            guard bytes.count <= WasmManifest.maximumSize else {
                throw WasmPluginError("the manifest is longer than \(WasmManifest.maximumSize) bytes")
            }
            guard bytes.count < window else {
                throw WasmPluginError("the manifest runs to the end of the module's memory (no NUL byte)")
            }
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw WasmPluginError("the manifest is not valid UTF-8")
            }
            return text
        }
    }

    // MARK: Calls

    /// Runs `body` with the instance locked; it calls ``invoke(_:_:what:)`` and the memory accessors.
    func withLock<T>(_ body: (WasmModuleInstance) throws -> T) rethrows -> T {
        try lock.withLock { _ in try body(self) }
    }

    /// Invokes an export with a fresh fuel budget; a trap becomes a ``WasmPluginError``. With
    /// `slot`, an interrupt of its connection ends the call (before it starts, or while it runs)
    /// with SQLite's "interrupted". Only with the lock held.
    func invoke(_ function: Function, _ arguments: [Value], what: @autoclosure () -> String,
                interruptible slot: WasmInterrupts.Slot? = nil) throws -> [Value] {
        store.fuel = Fuel(remaining: sandbox.fuel)
        if let slot {
            slot.running.store(true, ordering: .releasing)
            // An interrupt that came before the call was marked: the fuel it would take was not there yet.
            if slot.interrupted.load(ordering: .acquiring) {
                slot.running.store(false, ordering: .releasing)
                throw Self.interrupted
            }
        }
        defer { slot?.running.store(false, ordering: .releasing) }
        do {
            return try function.invoke(arguments, on: &stack)
        } catch {
            if let slot, slot.interrupted.load(ordering: .acquiring) { throw Self.interrupted }
            throw WasmPluginError("\(what()): \(Self.describe(error, sandbox: sandbox))")
        }
    }

    /// SQLite's own error for an interrupted statement (`SQLITE_INTERRUPT`, "interrupted").
    static var interrupted: SQLiteError { SQLiteError(code: .interrupt) }

    /// The interrupt count this instance's connection was last checked at (see
    /// ``checkInterrupt(_:)``). Only with the lock held.
    @exclusivity(unchecked) private var checkedEpoch = 0

    /// Throws "interrupted" when the connection's statement was interrupted before the call
    /// started (no slot was marked then). Asks SQLite only after an interrupt of some connection
    /// since the last check, so a call costs one atomic load. Only with the lock held.
    func checkInterrupt(_ isInterrupted: () -> Bool) throws {
        let epoch = WasmInterrupts.epoch.load(ordering: .acquiring)
        guard epoch != checkedEpoch else { return }
        if isInterrupted() { throw Self.interrupted }
        checkedEpoch = epoch
    }

    /// Takes the running call's fuel, so the interpreter stops at its next charge: the
    /// interrupt hook, from another thread or a signal handler, while the call's thread is
    /// inside the interpreter (which reads the budget at every charge and touches nothing
    /// else of the store's, so the write races with nothing but those reads).
    func takeFuel() {
        store.fuel = Fuel(remaining: 0)
    }

    /// Where the module's memory starts now, and its size: a memory reserved up front never
    /// moves as it grows.
    var memoryPlacement: (base: UInt, bytes: Int) {
        lock.withLock { _ in
            let bytes = memory.byteCount
            return (memory.withUnsafeBufferPointer(offset: 0, count: 0) { UInt(bitPattern: $0.baseAddress) }, bytes)
        }
    }

    /// Whether `count` bytes at `address` lie in the module's memory now.
    func contains(_ address: Int, _ count: Int) -> Bool {
        address >= 0 && count >= 0 && count <= memory.byteCount && address <= memory.byteCount - count
    }

    /// The whole of the module's memory as it is now, through which a call's values are
    /// written and its result read, with no access through WasmKit for each: valid only until
    /// the next invocation, which may grow the memory (and move it, when it was not reserved up
    /// front). Only with the lock held, and only once the memory holds a call's block (a memory
    /// of no bytes may have no address).
    var memoryWindow: UnsafeMutableRawBufferPointer {
        memory.withUnsafeMutableBufferPointer(offset: 0, count: memory.byteCount) { $0 }
    }

    /// A trap or load error for people: WasmKit's first line, with the limit that ran out named.
    static func describe(_ error: any Error, sandbox: WasmSandbox) -> String {
        let text = String(describing: error)
        var line = text.split(separator: "\n").first.map(String.init) ?? text
        if line.hasPrefix("Trap: ") { line = "trap: " + line.dropFirst(6) }
        if line.contains("out of fuel") {
            return "\(line) (the call ran more than \(sandbox.fuel) instructions: an endless loop? raise it with fuel=N)"
        }
        return line
    }
}

/// Refuses memory growth past the sandbox's limit (`memory.grow` then returns -1 to the module)
/// and tables past a million entries. Growth itself is charged to the call's fuel by WasmKit:
/// one unit per 64 bytes added (1,024 a page, 67 million for 4 GiB), as for the bytes a bulk
/// memory operation moves; with memory reserved up front (see `engine`) that charge is in
/// proportion to the work growth does.
final class MemoryLimiter: ResourceLimiter {
    let bytes: Int
    init(bytes: Int) { self.bytes = bytes }
    func limitMemoryGrowth(to desired: Int) throws -> Bool { desired <= bytes }
    func limitTableGrowth(to desired: Int) throws -> Bool { desired <= 1_000_000 }
}
