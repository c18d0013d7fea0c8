/// Why a plugin could not be loaded. The message is shown after `Error: `.
public struct PluginError: Error, CustomStringConvertible, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
