import SQLshCore

/// Why a WebAssembly plugin could not be loaded, or why one call of its function failed. The
/// message is shown as it is (after `Error: ` for a load, as the statement's error for a call).
///
/// Much of a message comes from the module (its error results, the names it imports, what a
/// trap says): its control characters are shown in caret notation
/// (``ControlCharacters/caretNotation(_:keepingNewlines:)``: ESC as `^[`), so that a module
/// cannot write escape sequences to the terminal the message is printed on.
public struct WasmPluginError: Error, CustomStringConvertible, Equatable, Sendable {
    public var message: String
    public init(_ message: String) { self.message = ControlCharacters.caretNotation(message) }
    public var description: String { message }
}
