import CSQLshPlugin
import SQLshCore

/// One SQLite registration a plugin staged through `add_function`: what sqlsh passes to
/// `sqlite3_create_function_v2` / `sqlite3_create_window_function` on each connection.
///
/// The plugin's user data is shared by every connection, so SQLite gets no destructor; the
/// plugin's `destroy` runs only if the registration is discarded before it was committed.
final class PluginRegistration: @unchecked Sendable {
    let name: String
    /// The pack the plugin asked for; nil means the plugin's name.
    let pack: String?
    let kind: CatalogKindCode
    let argumentCount: Int32
    let flags: Int32
    let summary: String
    let details: String
    let example: String
    let userData: UnsafeMutableRawPointer?
    let xFunc: sqlsh_plugin_xfunc?
    let xStep: sqlsh_plugin_xfunc?
    let xFinal: sqlsh_plugin_xfinal?
    let xValue: sqlsh_plugin_xfinal?
    let xInverse: sqlsh_plugin_xfunc?
    let destroy: sqlsh_plugin_destroy?

    enum CatalogKindCode { case scalar, aggregate, window }

    /// The flags a plugin may set.
    static let allowedFlags = FunctionOptions([.deterministic, .directOnly, .subtype, .innocuous]).rawValue

    /// Validates and copies a descriptor; throws the reason it is refused.
    init(_ f: sqlsh_plugin_function) throws {
        guard f.struct_size >= UInt32(MemoryLayout<sqlsh_plugin_function>.size) else {
            throw PluginError("function descriptor too small (\(f.struct_size) bytes, expected "
                              + "\(MemoryLayout<sqlsh_plugin_function>.size))")
        }
        guard let cName = f.name else { throw PluginError("a function has no name") }
        let name = String(cString: cName)
        guard isValidFunctionName(name) else { throw PluginError("invalid function name '\(name)'") }
        self.name = name
        if let cPack = f.pack {
            let pack = String(cString: cPack)
            guard isValidFunctionName(pack) else { throw PluginError("\(name): invalid pack name '\(pack)'") }
            self.pack = pack.lowercased()
        } else {
            self.pack = nil
        }
        guard f.argument_count >= -1 && f.argument_count <= 127 else {
            throw PluginError("\(name): invalid argument count \(f.argument_count) (0 to 127, or -1 for any)")
        }
        argumentCount = f.argument_count
        guard f.flags & ~PluginRegistration.allowedFlags == 0 else {
            throw PluginError("\(name): unsupported flags 0x\(String(f.flags, radix: 16))")
        }
        flags = f.flags
        switch f.kind {
        case SQLSH_PLUGIN_SCALAR:
            guard f.x_func != nil, f.x_step == nil, f.x_final == nil, f.x_value == nil, f.x_inverse == nil else {
                throw PluginError("\(name): a scalar function needs x_func and no other callback")
            }
            kind = .scalar
        case SQLSH_PLUGIN_AGGREGATE:
            guard f.x_func == nil, f.x_step != nil, f.x_final != nil, f.x_value == nil, f.x_inverse == nil else {
                throw PluginError("\(name): an aggregate function needs x_step and x_final and no other callback")
            }
            kind = .aggregate
        case SQLSH_PLUGIN_WINDOW:
            guard f.x_func == nil, f.x_step != nil, f.x_final != nil, f.x_value != nil, f.x_inverse != nil else {
                throw PluginError("\(name): a window function needs x_step, x_final, x_value and x_inverse")
            }
            kind = .window
        default:
            throw PluginError("\(name): unknown function kind \(f.kind)")
        }
        summary = f.summary.map { String(cString: $0) } ?? ""
        details = f.description.map { String(cString: $0) } ?? ""
        example = f.example.map { String(cString: $0) } ?? ""
        userData = f.user_data
        xFunc = f.x_func
        xStep = f.x_step
        xFinal = f.x_final
        xValue = f.x_value
        xInverse = f.x_inverse
        destroy = f.destroy
    }

    /// Registers the function on a connection.
    func register(on connection: Connection) throws {
        do {
            try connection.add(cFunction())
        } catch let error as SQLiteError {
            throw PluginError("cannot register \(name)(): \(error.message)")
        }
    }

    /// The registration as the core's ``CFunction``. The ABI's callback types take
    /// `struct sqlite3_context *` as OpaquePointer, exactly as SQLite's own declarations do,
    /// so they pass through unchanged; `init` checked that the kind's callbacks are there.
    private func cFunction() throws -> CFunction {
        let options = FunctionOptions(rawValue: flags)
        switch kind {
        case .scalar:
            guard let xFunc else { break }
            return CFunction(name, argumentCount: argumentCount, options: options, userData: userData, scalar: xFunc)
        case .aggregate:
            guard let xStep, let xFinal else { break }
            return CFunction(name, argumentCount: argumentCount, options: options, userData: userData,
                             step: xStep, final: xFinal)
        case .window:
            guard let xStep, let xFinal, let xValue, let xInverse else { break }
            return CFunction(name, argumentCount: argumentCount, options: options, userData: userData,
                             step: xStep, final: xFinal, value: xValue, inverse: xInverse)
        }
        throw PluginError("cannot register \(name)(): a callback is missing")
    }

    /// Unregisters the function from a connection.
    func unregister(from connection: Connection) throws {
        try connection.removeFunction(named: name, argumentCount: argumentCount < 0 ? nil : Int(argumentCount))
    }

    /// Gives the user data back to the plugin (only for a registration that was never committed).
    func discard() {
        destroy?(userData)
    }
}

/// SQL function names sqlsh accepts from plugins: an identifier that needs no quoting.
func isValidFunctionName(_ name: String) -> Bool {
    let bytes = Array(name.utf8)
    guard let first = bytes.first, bytes.count <= 255 else { return false }
    func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A || b == 0x5F }
    guard isLetter(first) else { return false }
    return bytes.allSatisfy { isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) }
}
