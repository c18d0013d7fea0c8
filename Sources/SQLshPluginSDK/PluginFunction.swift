/// One function a plugin adds, with the metadata `.functions` and `.help` show.
///
/// It wraps one or more ``SQLFunction``s with the same name (one per argument count, e.g.
/// `f(x)` and `f(x, y)`): they form one catalog entry, switched on and off together. The name,
/// kind, arity and flags come from the SQLFunctions; the texts are given here.
///
/// ```swift
/// PluginFunction(summary: "double a number", example: "SELECT twice(21);  -- 42",
///                SQLFunction("twice", argumentCount: 1, options: .pure) { args in
///                    args[0].isNull ? nil : args[0].int64 * 2
///                })
/// ```
///
/// It is `Sendable` (its registrations are `Sendable` ``SQLFunction``s, the rest is text), so a
/// plugin in Swift 6 language mode can keep its functions in global constants.
public struct PluginFunction: Sendable {
    /// The SQLite registrations, all with the same name.
    public var functions: [SQLFunction]
    /// The pack, for `.enable`/`.disable`; nil means the plugin's name.
    public var pack: String?
    /// One line, no final period.
    public var summary: String
    /// A longer description: behaviour with NULL and bad input.
    public var details: String
    /// An example call and its result.
    public var example: String

    /// A function from one or more registrations of the same name.
    public init(pack: String? = nil, summary: String, details: String = "", example: String = "",
                _ functions: SQLFunction...) {
        self.init(pack: pack, summary: summary, details: details, example: example, functions: functions)
    }

    /// A function from a list of registrations of the same name.
    public init(pack: String? = nil, summary: String, details: String = "", example: String = "",
                functions: [SQLFunction]) {
        self.functions = functions
        self.pack = pack
        self.summary = summary
        self.details = details
        self.example = example
    }
}
