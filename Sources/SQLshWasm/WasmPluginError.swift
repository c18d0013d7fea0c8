/// Why a WebAssembly plugin could not be loaded, or why one call of its function failed. The
/// message is shown as it is (after `Error: ` for a load, as the statement's error for a call).
public struct WasmPluginError: Error, CustomStringConvertible, Equatable, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
