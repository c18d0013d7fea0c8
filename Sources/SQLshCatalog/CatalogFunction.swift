import SQLshCore
import Synchronization

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
    public var name: String { facts.name }
    /// The pack the function belongs to (for example `text`, `regexp`, `stats`): set by the
    /// ``FunctionPack`` that lists it.
    public var pack: String
    /// Scalar, aggregate, window (an aggregate that also works with OVER) or table-valued.
    public var kind: Kind { facts.kind }
    /// The accepted argument counts, for listings: `1`, `2-3`, `any`.
    public var arity: String { facts.arity }
    /// The arguments as documentation shows them: `text, pattern[, n]`; nil when not given.
    public var arguments: String?
    /// Flags shown in listings: `deterministic`, `innocuous`, `direct-only`.
    public var flags: FunctionOptions { facts.flags }
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

    /// What SQLite knows of the function: given (a custom registration), or read from its
    /// ``SQLFunction``s when first asked, so that making a pack (at start-up, for its
    /// table-valued functions) makes none of them.
    private let factsSource: FactsSource
    private var facts: Facts { factsSource.facts }

    /// The arity given to the initializer, nil when it comes from the functions: another name
    /// for this entry passes it on without making its functions.
    var statedArity: String? {
        switch factsSource {
        case .given(let facts): return facts.arity
        case .derived(let derived): return derived.arity
        }
    }

    fileprivate struct Facts: Sendable {
        var name: String
        var kind: Kind
        var arity: String
        var flags: FunctionOptions
    }

    fileprivate enum FactsSource: Sendable {
        case given(Facts)
        case derived(DerivedFacts)

        var facts: Facts {
            switch self {
            case .given(let facts): return facts
            case .derived(let derived): return derived.facts
            }
        }

        /// The kind, without making the functions for an ordinary entry (never table-valued).
        var kind: Kind {
            switch self {
            case .given(let facts): return facts.kind
            case .derived: return .scalar
            }
        }
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

    /// A function made of ordinary SQLite functions (scalar, aggregate, window). Its name, kind,
    /// argument counts and flags are those of the ``SQLFunction``s `make` returns (all of one
    /// name, one per argument count), and its ``pack`` is the ``FunctionPack`` that lists it:
    /// each fact is stated once, where SQLite gets it.
    ///
    /// `make` is called for each connection, so every connection gets its own instances, and
    /// once more the first time one of those facts is asked for (not here: making a pack makes
    /// no function).
    ///
    /// - Parameter arity: only for a variadic function whose documented argument counts SQLite
    ///   does not check (`2+`, `2-4`); by default the counts of the functions (`1`, `2-3`,
    ///   `3,6-8`, or `any` for a variadic one).
    public init(arity: String? = nil, arguments: String? = nil,
                summary: @autoclosure @escaping @Sendable () -> String,
                details: @autoclosure @escaping @Sendable () -> String, example: @autoclosure @escaping @Sendable () -> String,
                functions make: @escaping @Sendable () -> [SQLFunction]) {
        self.init(facts: .derived(DerivedFacts(make: make, arity: arity)), arguments: arguments,
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

    /// A function with custom registration (a table-valued function is a virtual table module,
    /// a collation is no function at all): its facts are given here, as SQLite has no
    /// ``SQLFunction`` to read them from. Its ``pack`` is the ``FunctionPack`` that lists it.
    public init(name: String, kind: Kind, arity: String, arguments: String? = nil,
                flags: FunctionOptions = [], summary: @autoclosure @escaping @Sendable () -> String,
                details: @autoclosure @escaping @Sendable () -> String, example: @autoclosure @escaping @Sendable () -> String,
                register: @escaping @Sendable (Connection) throws -> Void,
                unregister: @escaping @Sendable (Connection) throws -> Void) {
        self.init(facts: .given(Facts(name: name, kind: kind, arity: arity, flags: flags)), arguments: arguments,
                  summary: summary(), details: details(), example: example(), register: register, unregister: unregister)
    }

    private init(facts: FactsSource, arguments: String?, summary: @autoclosure @escaping @Sendable () -> String,
                 details: @autoclosure @escaping @Sendable () -> String, example: @autoclosure @escaping @Sendable () -> String,
                 register: @escaping @Sendable (Connection) throws -> Void,
                 unregister: @escaping @Sendable (Connection) throws -> Void) {
        factsSource = facts
        self.pack = ""
        self.arguments = arguments
        documentation = Documentation(summary: summary, details: details, example: example)
        self.register = register
        self.unregister = unregister
        self.registeredUpFront = facts.kind == .tableValued
    }

    /// The accepted argument counts as listings show them: `1`, `1-2`, `3,6-8` (runs of
    /// consecutive counts), or `any` when one of them is variadic (nil).
    static func arity(of counts: [Int?]) -> String {
        // Arrays only: a Set here was most of the cost of a pack's first call (the first Set
        // of a process seeds its hashing).
        var sorted: [Int] = []
        for count in counts {
            guard let count else { return "any" }
            sorted.append(count)
        }
        sorted.sort()
        var text = ""
        var i = 0
        while i < sorted.count {
            var j = i
            while j + 1 < sorted.count, sorted[j + 1] <= sorted[j] + 1 { j += 1 }
            if !text.isEmpty { text += "," }
            text += sorted[i] == sorted[j] ? String(sorted[i]) : String(sorted[i]) + "-" + String(sorted[j])
            i = j + 1
        }
        return text
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

/// An ordinary entry's facts, read from its ``SQLFunction``s once, at the first question.
private final class DerivedFacts: Sendable {
    private let make: @Sendable () -> [SQLFunction]
    let arity: String?
    private let cache = Mutex<CatalogFunction.Facts?>(nil)

    init(make: @escaping @Sendable () -> [SQLFunction], arity: String?) {
        self.make = make
        self.arity = arity
    }

    var facts: CatalogFunction.Facts {
        cache.withLock { cached in
            if let cached { return cached }
            let functions = make()
            let kind: CatalogFunction.Kind
            switch functions.first?.kind {
            case .aggregate: kind = .aggregate
            case .window: kind = .window
            case .scalar, nil: kind = .scalar
            }
            let facts = CatalogFunction.Facts(
                name: functions.first?.name ?? "", kind: kind,
                arity: arity ?? CatalogFunction.arity(of: functions.map(\.argumentCount)),
                flags: functions.reduce(into: FunctionOptions()) { $0.formUnion($1.options) })
            cached = facts
            return facts
        }
    }
}
