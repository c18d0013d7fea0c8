import SQLshCore
import WasmKit

/// The ABI's value record (`sqlsh_value`, 16 bytes, little-endian): type (i32), length (i32),
/// then an i64, an f64 or a 32-bit address of `length` bytes.
enum WasmValueType: Int32 {
    case integer = 1, real = 2, text = 3, blob = 4, null = 5
    /// Results only: the call failed with the text at address/length as message.
    case error = 6
}

/// One exported SQL function of a module and how to call it: the whole marshalling between
/// SQLite's values and the module's memory.
///
/// A call's values go in one block of the module's memory (``WasmCallMemory``: a block of its
/// own under ABI 1, the module's kept buffer under ABI 2) holding, in order, the result record,
/// the argument records, the aggregate state, and each text or blob argument's bytes followed
/// by a NUL: the one copy in. The function writes its result record; a text or blob result is
/// handed to SQLite straight from the module's memory (the one copy out).
final class WasmExport: @unchecked Sendable {
    let name: String
    let instance: WasmModuleInstance
    /// The scalar function, or the aggregate's step.
    private let entry: Function
    /// The aggregate's final.
    private let final: Function?
    let stateSize: Int
    /// The entry's parameters and the final's, kept from one call to the next so that a call
    /// allocates no array for them (each is unique when set, so it is changed in place), and
    /// written only when the block moved or the argument count changed: under ABI 2 the block
    /// is the module's kept buffer, so a call's parameters are those of the call before. Only
    /// with the instance's lock held, which is also why the run-time exclusivity checks (about
    /// 350 instructions a call for the three writes) are left out.
    @exclusivity(unchecked) private var entryParameters: [Value]
    @exclusivity(unchecked) private var finalParameters: [Value] = [.i32(0), .i32(0)]
    /// The block and argument count `entryParameters` were written for (-1: none yet), and the
    /// block `finalParameters` were.
    @exclusivity(unchecked) private var entryParametersFor = (block: -1, count: -1)
    @exclusivity(unchecked) private var finalParametersFor = -1

    init(name: String, instance: WasmModuleInstance, entry: Function, final: Function?, stateSize: Int) {
        self.name = name
        self.instance = instance
        self.entry = entry
        self.final = final
        self.stateSize = stateSize
        entryParameters = [Value](repeating: .i32(0), count: final == nil ? 3 : 4)
    }

    private static let recordSize = 16
    /// The state's size rounded up to 8 bytes, so the byte payloads after it stay aligned.
    private var alignedStateSize: Int { (stateSize + 7) & ~7 }

    /// A scalar call.
    func callScalar(_ arguments: Arguments, _ result: ResultContext) throws {
        var noState: [UInt8] = []
        try call(arguments, result, state: &noState, step: false)
    }

    /// An aggregate step: `state` is copied in before and out after.
    func step(_ arguments: Arguments, state: inout [UInt8], result: ResultContext?) throws {
        try call(arguments, result, state: &state, step: true)
    }

    /// The aggregate's final call.
    func finalize(state: [UInt8], _ result: ResultContext) throws {
        var state = state
        try call(nil, result, state: &state, step: false)
    }

    private func call(_ arguments: Arguments?, _ result: ResultContext?, state: inout [UInt8], step: Bool) throws {
        let count = arguments?.count ?? 0
        // Sizes first: nothing is allocated in the module for arguments it could not hold.
        let stateOffset = Self.recordSize * (1 + count)
        let payloadOffset = stateOffset + alignedStateSize
        var size = payloadOffset
        if let arguments {
            for argument in arguments {
                switch argument.storageType {
                case .text: size += argument.textBytes.count + 1
                case .blob: size += argument.blobBytes.count + 1
                default: break
                }
            }
        }
        // The connection, for interrupts: SQLite never checks its interrupt inside a function.
        let connection = result?.connectionID ?? arguments?.connectionID ?? 0
        try instance.withLock { module in
            let slot = WasmInterrupts.begin(connection: connection, instance: module)
            defer { if let slot { WasmInterrupts.end(slot) } }
            try module.checkInterrupt { result?.isInterrupted ?? arguments?.isInterrupted ?? false }
            let block = try module.callBlock(size, for: name, interruptible: slot)
            var failure: (any Error)?
            do {
                // The block lies in the memory (callBlock checked it); one window onto the
                // memory for all the writes, instead of an access through WasmKit for each.
                let memory = UnsafeMutableRawBufferPointer(rebasing: module.memoryWindow[block..<(block + size)])
                Self.store(.null, length: 0, payload: 0, in: memory, at: 0)
                if let arguments {
                    Self.storeArguments(arguments, in: memory, block: block, payloadOffset: payloadOffset)
                }
                if alignedStateSize > 0 {
                    let stateBytes = UnsafeMutableRawBufferPointer(rebasing: memory[stateOffset..<payloadOffset])
                    stateBytes.initializeMemory(as: UInt8.self, repeating: 0)
                    state.withUnsafeBytes { bytes in
                        if let base = bytes.baseAddress, !bytes.isEmpty {
                            stateBytes.baseAddress?.copyMemory(from: base, byteCount: min(bytes.count, stateBytes.count))
                        }
                    }
                }
                if final == nil || step {
                    if entryParametersFor != (block, count) {
                        setEntryParameters(block: block, count: count, stateOffset: stateOffset)
                    }
                    _ = try module.invoke(entry, entryParameters, what: step ? "\(name)() step" : "\(name)()", interruptible: slot)
                } else if let final {
                    if finalParametersFor != block {
                        finalParameters[0] = .i32(UInt32(truncatingIfNeeded: block + stateOffset))
                        finalParameters[1] = .i32(UInt32(truncatingIfNeeded: block))
                        finalParametersFor = block
                    }
                    _ = try module.invoke(final, finalParameters, what: "\(name)() final", interruptible: slot)
                }
                // The memory may have grown during the call (and moved, when it was not
                // reserved up front): a window onto it afresh.
                let window = module.memoryWindow
                guard size <= window.count, block <= window.count - size else {
                    throw WasmPluginError("\(name)(): the call's block is no longer in the module's memory")
                }
                if step {
                    let bytes = UnsafeRawBufferPointer(rebasing: window[(block + stateOffset)..<(block + stateOffset + stateSize)])
                    if state.count != bytes.count { state = [UInt8](repeating: 0, count: bytes.count) }
                    state.withUnsafeMutableBytes { target in
                        if let to = target.baseAddress, let from = bytes.baseAddress {
                            to.copyMemory(from: from, byteCount: bytes.count)
                        }
                    }
                }
                try readResult(UnsafeRawBufferPointer(window), at: block, into: result, isStep: step)
            } catch {
                failure = error
            }
            if module.releasesBlocks {
                do {
                    try module.endCall(block, for: name)
                } catch {
                    if failure == nil { failure = error }
                }
            }
            if let failure { throw failure }
        }
    }

    /// The scalar's parameters (argv, argc, result) or the step's (state, argv, argc, result)
    /// for a block at `block` and `count` arguments.
    private func setEntryParameters(block: Int, count: Int, stateOffset: Int) {
        let resultAddress = Value.i32(UInt32(truncatingIfNeeded: block))
        let argv = Value.i32(UInt32(truncatingIfNeeded: block + Self.recordSize))
        if final == nil {
            entryParameters[0] = argv
            entryParameters[1] = .i32(UInt32(count))
            entryParameters[2] = resultAddress
        } else {
            entryParameters[0] = .i32(UInt32(truncatingIfNeeded: block + stateOffset))
            entryParameters[1] = argv
            entryParameters[2] = .i32(UInt32(count))
            entryParameters[3] = resultAddress
        }
        entryParametersFor = (block, count)
    }

    /// Writes the argument records after the result record, and the bytes of each text or
    /// blob from `payloadOffset` on, each followed by a NUL.
    private static func storeArguments(_ arguments: Arguments, in memory: UnsafeMutableRawBufferPointer,
                                       block: Int, payloadOffset: Int) {
        var payload = payloadOffset
        var record = recordSize
        for argument in arguments {
            switch argument.storageType {
            case .integer:
                store(.integer, length: 0, payload: UInt64(bitPattern: argument.int64), in: memory, at: record)
            case .real:
                store(.real, length: 0, payload: argument.double.bitPattern, in: memory, at: record)
            case .text, .blob:
                let isText = argument.storageType == .text
                let bytes = isText ? UnsafeRawBufferPointer(argument.textBytes) : argument.blobBytes
                store(isText ? .text : .blob, length: Int32(clamping: bytes.count),
                      payload: UInt64(block + payload), in: memory, at: record)
                if bytes.count > 0, let base = bytes.baseAddress, let target = memory.baseAddress {
                    (target + payload).copyMemory(from: base, byteCount: bytes.count)
                }
                memory[payload + bytes.count] = 0
                payload += bytes.count + 1
            case .null:
                store(.null, length: 0, payload: 0, in: memory, at: record)
            }
            record += recordSize
        }
    }

    /// Reads the result record at `address` of the module's memory (`memory`, the whole of it,
    /// which holds the record) and hands it to SQLite (a step's result only matters when it is
    /// an error).
    private func readResult(_ memory: UnsafeRawBufferPointer, at address: Int, into result: ResultContext?,
                            isStep: Bool) throws {
        let type = Int32(littleEndian: memory.loadUnaligned(fromByteOffset: address, as: Int32.self))
        let length = Int32(littleEndian: memory.loadUnaligned(fromByteOffset: address + 4, as: Int32.self))
        let payload = UInt64(littleEndian: memory.loadUnaligned(fromByteOffset: address + 8, as: UInt64.self))
        guard let kind = WasmValueType(rawValue: type) else {
            throw WasmPluginError("\(name)(): the result has an invalid type \(type) (1 integer, 2 real, 3 text, 4 blob, 5 NULL, 6 error)")
        }
        if isStep && kind != .error { return }
        switch kind {
        case .integer: result?.set(Int64(bitPattern: payload))
        case .real: result?.set(Double(bitPattern: payload))
        case .null: result?.setNull()
        case .text, .blob, .error:
            let start = Int(UInt32(truncatingIfNeeded: payload))
            guard length >= 0 else { throw WasmPluginError("\(name)(): the result has a negative length (\(length))") }
            let count = Int(length)
            if kind != .error && count > (result?.lengthLimit ?? Int(Int32.max)) {
                // SQLite's own "string or blob too big", checked before anything is copied.
                result?.setTooBig()
                return
            }
            guard count <= memory.count, start <= memory.count - count else {
                throw WasmPluginError("\(name)(): the result's \(count) bytes at \(start) lie outside the module's memory")
            }
            // The one copy out: SQLite copies the bytes straight from the module's memory.
            let bytes = UnsafeRawBufferPointer(rebasing: memory[start..<(start + count)])
            let utf8 = bytes.bindMemory(to: UInt8.self)
            switch kind {
            case .error:
                let message = String(decoding: utf8.prefix(4096), as: UTF8.self)
                // The module's own words, as sqlite3_result_error gives them.
                throw WasmPluginError(message.isEmpty ? "\(name)() failed" : message)
            case .text:
                guard WasmUTF8.isValid(utf8) else {
                    throw WasmPluginError("\(name)(): the function returned text that is not valid UTF-8 (return a blob for bytes)")
                }
                result?.setText(utf8: utf8)
            default:
                result?.setBlob(bytes)
            }
        }
    }

    private static func store(_ type: WasmValueType, length: Int32, payload: UInt64,
                              in memory: UnsafeMutableRawBufferPointer, at offset: Int) {
        storeLittleEndian(UInt64(UInt32(bitPattern: type.rawValue)) | UInt64(UInt32(bitPattern: length)) << 32, memory, offset)
        storeLittleEndian(payload, memory, offset + 8)
    }

    private static func storeLittleEndian(_ value: UInt64, _ memory: UnsafeMutableRawBufferPointer, _ offset: Int) {
        memory.storeBytes(of: value.littleEndian, toByteOffset: offset, as: UInt64.self)
    }
}
