import WasmKit

/// Where a call's values go in a module's memory: the one thing the two ABI versions do
/// differently.
///
/// - ABI 1: each call asks `sqlsh_alloc(size)` for a block and gives it back with
///   `sqlsh_free(block)` after the function returned: three invocations a call.
/// - ABI 2: `sqlsh_buffer(size)` gives one buffer that sqlsh keeps for every call of the module,
///   asking again only when a call needs more room: one invocation a call. What a function
///   allocates for its result is the module's to reclaim at its next call.
enum WasmCallMemory {
    /// Before the manifest named the ABI.
    case unbound
    /// ABI 1: `sqlsh_alloc` and `sqlsh_free`.
    case perCall(allocate: Function, release: Function)
    /// ABI 2: `sqlsh_buffer`, and the buffer it last gave (`size` 0: none yet).
    case buffer(Function, address: Int, size: Int)

    /// The smallest buffer asked of an ABI 2 module: room for a few arguments and short texts.
    static let minimumBuffer = 4096
}

extension WasmModuleInstance {
    /// Binds the exports of the manifest's ABI version: `sqlsh_alloc` and `sqlsh_free` (1), or
    /// `sqlsh_buffer` (2).
    /// - Throws: ``WasmPluginError`` when one is missing or has the wrong type.
    func adoptABI(_ version: Int) throws {
        try withLock { module in
            if version == 1 {
                module.callMemory = .perCall(allocate: try Self.export(module.instance, "sqlsh_alloc", [.i32], [.i32]),
                                             release: try Self.export(module.instance, "sqlsh_free", [.i32], []))
            } else {
                module.callMemory = .buffer(try Self.export(module.instance, "sqlsh_buffer", [.i32], [.i32]), address: 0, size: 0)
            }
        }
    }

    /// The address of `size` bytes for one call's values, checked to lie in the module's
    /// memory: a block of its own (ABI 1) or the module's buffer (ABI 2, asked for again only
    /// when it is too small). Only with the lock held.
    func callBlock(_ size: Int, for function: String, interruptible slot: WasmInterrupts.Slot?) throws -> Int {
        guard size <= sandbox.memoryLimit, let size32 = UInt32(exactly: size) else {
            throw WasmPluginError("\(function)(): the arguments need \(size) bytes, over the module's memory limit of \(sandbox.memoryLimit) bytes")
        }
        switch callMemory {
        case .buffer(_, let address, let have) where size <= have:
            return address
        case .buffer(let export, _, _):
            // Twice the size asked, so that growing texts do not ask at every call; never more
            // than the memory limit.
            let want = UInt32(clamping: min(sandbox.memoryLimit, max(Int(size32) * 2, WasmCallMemory.minimumBuffer)))
            // The old buffer is the module's again from here, whatever the answer.
            callMemory = .buffer(export, address: 0, size: 0)
            var address = try obtain(export, want, "sqlsh_buffer", for: function, interruptible: slot)
            var got = Int(want)
            if address == nil && want > size32 {
                address = try obtain(export, size32, "sqlsh_buffer", for: function, interruptible: slot)
                got = size
            }
            guard let address else {
                throw WasmPluginError("\(function)(): out of memory: sqlsh_buffer(\(size)) returned 0 (memory limit \(sandbox.memoryLimit) bytes)")
            }
            callMemory = .buffer(export, address: address, size: got)
            return address
        case .perCall(let allocate, _):
            guard let address = try obtain(allocate, size32, "sqlsh_alloc", for: function, interruptible: slot) else {
                throw WasmPluginError("\(function)(): out of memory: sqlsh_alloc(\(size)) returned 0 (memory limit \(sandbox.memoryLimit) bytes)")
            }
            return address
        case .unbound:
            throw WasmPluginError("\(function)(): the module's ABI is not known yet")
        }
    }

    /// The call that used `block` is over: `sqlsh_free(block)` for ABI 1 (even after a trap, so
    /// that the module's allocator can start afresh), nothing for ABI 2. Only with the lock held.
    func endCall(_ block: Int, for function: String) throws {
        guard case .perCall(_, let release) = callMemory else { return }
        _ = try invoke(release, [.i32(UInt32(truncatingIfNeeded: block))], what: "\(function)(): sqlsh_free")
    }

    /// Whether each call gives its block back (ABI 1).
    var releasesBlocks: Bool {
        if case .perCall = callMemory { return true }
        return false
    }

    /// `export(size)`'s address: nil for 0, an error when the bytes are not all in memory.
    private func obtain(_ export: Function, _ size: UInt32, _ name: String, for function: String,
                        interruptible slot: WasmInterrupts.Slot?) throws -> Int? {
        let results = try invoke(export, [.i32(size)], what: "\(function)(): \(name)", interruptible: slot)
        guard case .i32(let address)? = results.first else {
            throw WasmPluginError("\(function)(): \(name) returned no address")
        }
        guard address != 0 else { return nil }
        guard contains(Int(address), Int(size)) else {
            throw WasmPluginError("\(function)(): \(name)(\(size)) returned \(address), outside the module's memory")
        }
        return Int(address)
    }
}
