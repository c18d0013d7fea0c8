import SQLshCore

/// One function of the catalog: its documentation and what registers it on a connection.
///
/// A catalog function may need several SQLite registrations (for example `percentile(x, p)` and
/// `regexp_capture` with 2 or 3 arguments): they share one entry, one name and one switch.
public struct CatalogFunction: Sendable {
    /// What kind of function it is, for listings.
    public enum Kind: String, Sendable {
        case scalar, aggregate, window
        case tableValued = "table"
        /// A collating sequence (`ORDER BY x COLLATE name`), not a function.
        case collation
    }

    /// The SQL name.
    public var name: String
    /// The pack the function belongs to (for example `text`, `regexp`, `stats`).
    public var pack: String
    /// Scalar, aggregate, window (an aggregate that also works with OVER) or table-valued.
    public var kind: Kind
    /// The accepted argument counts, for listings: `1`, `2-3`, `any`.
    public var arity: String
    /// The arguments as documentation shows them: `text, pattern[, n]`; nil when not given.
    public var arguments: String?
    /// Flags shown in listings: `deterministic`, `innocuous`, `direct-only`.
    public var flags: FunctionOptions
    /// One line, no final period: "reverse a string by grapheme cluster".
    public var summary: String {
        get { documentation.summary() }
        set { documentation.summary = { newValue } }
    }
    /// A longer description: behaviour with NULL, invalid input, limits.
    public var details: String {
        get { documentation.details() }
        set { documentation.details = { newValue } }
    }
    /// An example: a SQL call and its result, as a user would type it.
    public var example: String {
        get { documentation.example() }
        set { documentation.example = { newValue } }
    }
    /// The documentation, put together when it is read (`.describe`, `.functions`): making a
    /// pack at start-up (for its table-valued functions) then costs no string building.
    private var documentation: Documentation

    private struct Documentation: Sendable {
        var summary: @Sendable () -> String
        var details: @Sendable () -> String
        var example: @Sendable () -> String
    }
    /// Registers the function on a connection (all its argument counts).
    public var register: @Sendable (Connection) throws -> Void
    /// Unregisters the function from a connection.
    public var unregister: @Sendable (Connection) throws -> Void
    /// Makes the SQLite functions of an ordinary (scalar, aggregate, window) entry, one per
    /// argument count; nil for an entry with a custom registration (a table-valued function,
    /// a collation).
    public var makeFunctions: (@Sendable () -> [SQLFunction])?
    /// Whether the function starts enabled. A function that would replace one of SQLite's own
    /// (sqlean's Unicode `upper`, `lower`, `like`, its `soundex`, ...) starts disabled, so that
    /// the shell gives the same output as `sqlite3` until the user asks for it (`.enable upper`).
    public var enabledByDefault = true {
        didSet { registeredUpFront = !enabledByDefault }
    }
    /// Whether the function is registered on a connection as soon as it opens, rather than when
    /// a statement first names it (``Catalog/register(on:)``). A function that replaces one of
    /// SQLite's own must be: a statement naming it finds SQLite's and never reports it missing.
    /// So is a table-valued function: `pragma_module_list` and `pragma table_xinfo(NAME)` list
    /// eponymous tables without ever reporting them missing, as they do in `sqlite3`.
    public var registeredUpFront = false

    /// A function made of ordinary SQLite functions (scalar, aggregate, window).
    ///
    /// `make` is called for each connection, so every connection gets its own instances.
    public init(name: String, pack: String, kind: Kind, arity: String, arguments: String? = nil,
                flags: FunctionOptions = [], summary: @autoclosure @escaping @Sendable () -> String,
                details: @autoclosure @escaping @Sendable () -> String, example: @autoclosure @escaping @Sendable () -> String,
                functions make: @escaping @Sendable () -> [SQLFunction]) {
        self.init(name: name, pack: pack, kind: kind, arity: arity, arguments: arguments, flags: flags,
                  summary: summary(), details: details(), example: example(),
                  register: { connection in
                      for function in make() { try connection.add(function) }
                  },
                  unregister: { connection in
                      for function in make() { try connection.remove(function) }
                  })
        // Ordinary functions register lazily whatever their kind; only the init below, for
        // custom registrations, registers table-valued ones up front.
        registeredUpFront = false
        makeFunctions = make
    }

    /// A function with custom registration (a table-valued function is a virtual table module).
    public init(name: String, pack: String, kind: Kind, arity: String, arguments: String? = nil,
                flags: FunctionOptions = [], summary: @autoclosure @escaping @Sendable () -> String,
                details: @autoclosure @escaping @Sendable () -> String, example: @autoclosure @escaping @Sendable () -> String,
                register: @escaping @Sendable (Connection) throws -> Void,
                unregister: @escaping @Sendable (Connection) throws -> Void) {
        self.name = name
        self.pack = pack
        self.kind = kind
        self.arity = arity
        self.arguments = arguments
        self.flags = flags
        documentation = Documentation(summary: summary, details: details, example: example)
        self.register = register
        self.unregister = unregister
        self.registeredUpFront = kind == .tableValued
    }

    /// The same entry, with ``makeFunctions`` for a custom registration whose SQL functions
    /// can be made alone.
    public func withFunctions(_ make: @escaping @Sendable () -> [SQLFunction]) -> CatalogFunction {
        var copy = self
        copy.makeFunctions = make
        return copy
    }

    /// The same function, starting disabled (see ``enabledByDefault``).
    public func disabledByDefault() -> CatalogFunction {
        var copy = self
        copy.enabledByDefault = false
        return copy
    }
}
