internal import CSQLite

/// A custom SQL function: scalar, aggregate or window.
///
/// ```swift
/// // Scalar, from a closure: return any convertible value (here Int64?), nil for NULL.
/// let double = SQLFunction("double", argumentCount: 1, options: .pure) { args in
///     args[0].isNull ? nil : args[0].int64 * 2
/// }
/// // Scalar writing its result directly: no intermediate value, text and blobs zero-copy.
/// let upper = SQLFunction("ascii_upper", argumentCount: 1, options: .pure) { args, result in
///     let bytes = args[0].utf8
///     withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { buffer in
///         for (i, b) in bytes.enumerated() { buffer[i] = (97...122).contains(b) ? b - 32 : b }
///         result.setText(utf8: UnsafeBufferPointer(buffer))
///     }
/// }
/// // Aggregate (and window function, when the type is a WindowAggregate).
/// let median = SQLFunction("median", argumentCount: 1, aggregate: Median.self)
/// try db.add(double); try db.add(upper); try db.add(median)
/// ```
///
/// A function is identified by its name (ignoring ASCII case, as SQLite does) and argument
/// count: adding one with the same identity replaces it. Errors thrown by the body become the
/// statement's error, with the code and message ``SQLiteErrorReport`` describes.
///
/// A function is `Sendable`, and so are its closures (`@Sendable`) and what they capture:
/// SQLite calls them on whatever thread runs the statement, so a closure written in
/// `@MainActor` code (an app's top-level code, a view model) must not be isolated to the main
/// actor. Mutable state shared between calls belongs in a `Mutex` or an actor-free
/// `Sendable` type. (The initializers are `@preconcurrency`: code still in Swift 5 language
/// mode passes its existing function values without Sendable warnings; Swift 6 code is
/// checked in full.)
///
/// Calls are cheap: the C callbacks read the arguments in place and reach the body with no
/// reference counting, and a closure with a single result type is specialized for it (a few
/// nanoseconds over a hand-written C function; see `make bench`).
public final class SQLFunction: Sendable {
    /// The SQL name.
    public let name: String
    /// The number of arguments, or nil for any number (variadic; -1 is taken as nil).
    public let argumentCount: Int?
    /// The flags given to SQLite.
    public let options: FunctionOptions
    /// What the function is.
    public let kind: Kind

    /// The shape of a function.
    public enum Kind: Sendable {
        case scalar
        case aggregate
        case window
    }

    /// The object SQLite's user-data pointer holds, by kind.
    @usableFromInline enum Implementation: Sendable {
        case value(ScalarValueImplementation)
        case direct(ScalarDirectImplementation)
        case aggregate(AggregateImplementation)
    }

    @usableFromInline let implementation: Implementation

    /// A scalar function returning a value (nil for NULL).
    ///
    /// The closure may return values of different types from different paths. When it
    /// returns a single type, Swift picks the generic form taking
    /// `(Arguments) throws -> Output` instead, which avoids boxing the result on every call.
    @_disfavoredOverload @preconcurrency
    public init(_ name: String, argumentCount: Int? = nil, options: FunctionOptions = [],
                _ function: @escaping @Sendable (Arguments) throws -> (any SQLValueConvertible)?) {
        self.name = name
        self.argumentCount = SQLFunction.normalized(argumentCount)
        self.options = options
        self.kind = .scalar
        self.implementation = .value(ScalarValueImplementation(function, name: name, directOnlyName: options.contains(.directOnly) ? name : nil))
    }

    /// A scalar function returning a value of a type known at compile time: the same as the
    /// closure form returning `(any SQLValueConvertible)?`, but with no existential box per call
    /// (Swift picks this form whenever the closure's result type can be inferred).
    ///
    /// ```swift
    /// SQLFunction("twice", argumentCount: 1, options: .pure) { args in args[0].int64 * 2 } // Int64
    /// SQLFunction("initial", argumentCount: 1) { args in args[0].string?.first.map(String.init) } // String?
    /// ```
    @inlinable @preconcurrency
    public convenience init<Output: SQLValueConvertible>(
        _ name: String, argumentCount: Int? = nil, options: FunctionOptions = [],
        _ function: @escaping @Sendable (Arguments) throws -> Output
    ) {
        self.init(name, argumentCount: argumentCount, options: options, writingResult: { arguments, result in
            try function(arguments).setResult(result)
        })
    }

    /// A scalar function that writes its result into a ``ResultContext``: the fastest form,
    /// with no intermediate value (it may also pass an argument through with `result.set(arg)`).
    @preconcurrency
    public convenience init(_ name: String, argumentCount: Int? = nil, options: FunctionOptions = [],
                            writingResult function: @escaping @Sendable (Arguments, ResultContext) throws -> Void) {
        self.init(name, argumentCount: argumentCount, options: options, nullForNullArguments: false, writingResult: function)
    }

    /// ``init(_:argumentCount:options:writingResult:)``, and with `nullForNullArguments` a call
    /// with a NULL among its arguments gives NULL without running `function` (the check is
    /// made by the C callback, with no closure of its own around `function`).
    ///
    /// A separate initializer, not a defaulted argument of the one above: plugins built against
    /// the earlier SDK call that one by its symbol.
    @preconcurrency
    public init(_ name: String, argumentCount: Int? = nil, options: FunctionOptions = [], nullForNullArguments: Bool,
                writingResult function: @escaping @Sendable (Arguments, ResultContext) throws -> Void) {
        self.name = name
        self.argumentCount = SQLFunction.normalized(argumentCount)
        self.options = options
        self.kind = .scalar
        self.implementation = .direct(ScalarDirectImplementation(function, name: name, directOnlyName: options.contains(.directOnly) ? name : nil,
                                                                 nullForNullArguments: nullForNullArguments))
    }

    /// An aggregate function; a ``WindowAggregate`` type is also registered as a window
    /// function.
    public init<A: Aggregate>(_ name: String, argumentCount: Int? = nil, options: FunctionOptions = [],
                              aggregate type: A.Type) {
        self.name = name
        self.argumentCount = SQLFunction.normalized(argumentCount)
        self.options = options
        let directOnlyName = options.contains(.directOnly) ? name : nil
        if let windowType = type as? any WindowAggregate.Type {
            self.kind = .window
            self.implementation = .aggregate(windowImplementation(windowType, name: name, directOnlyName: directOnlyName))
        } else {
            self.kind = .aggregate
            self.implementation = .aggregate(AggregateImplementation.aggregate(A.self, name: name, directOnlyName: directOnlyName))
        }
    }

    /// A window function (also usable as a plain aggregate), chosen by the compiler when the
    /// type is statically a ``WindowAggregate``: it skips the dynamic conformance check of the
    /// general form, which costs tens of microseconds per registration at startup.
    ///
    /// `@inlinable`: the per-row code is specialized for `W` in the caller's module.
    @inlinable
    public convenience init<W: WindowAggregate>(_ name: String, argumentCount: Int? = nil, options: FunctionOptions = [],
                                                aggregate type: W.Type) {
        self.init(name, argumentCount: argumentCount, options: options, kind: .window,
                  aggregate: AggregateImplementation.window(W.self, name: name, directOnlyName: options.contains(.directOnly) ? name : nil))
    }

    /// A function of an aggregate implementation made by an inlinable initializer.
    @usableFromInline
    init(_ name: String, argumentCount: Int?, options: FunctionOptions, kind: Kind, aggregate implementation: AggregateImplementation) {
        self.name = name
        self.argumentCount = SQLFunction.normalized(argumentCount)
        self.options = options
        self.kind = kind
        self.implementation = .aggregate(implementation)
    }

    /// The argument count as SQLite takes it (-1 for variadic); valid counts only (see
    /// ``registrationProblem(maximumArgumentCount:)``).
    var sqliteArgumentCount: Int32 { argumentCount.map { Int32(clamping: $0) } ?? -1 }

    /// SQLite's -1 for "any number" is the same as nil.
    static func normalized(_ argumentCount: Int?) -> Int? { argumentCount == -1 ? nil : argumentCount }

    /// Why SQLite would refuse to register this function (which it reports only as "bad
    /// parameter or other API misuse"), or nil when it is fine.
    func registrationProblem(maximumArgumentCount: Int) -> String? {
        SQLFunction.registrationProblem(name: name, argumentCount: argumentCount, maximumArgumentCount: maximumArgumentCount)
    }

    /// ``registrationProblem(maximumArgumentCount:)`` for a name and an argument count.
    static func registrationProblem(name: String, argumentCount: Int?, maximumArgumentCount: Int) -> String? {
        // One pass over the bytes in place (a literal's are contiguous): registering hundreds
        // of functions at start-up checks every name.
        let (length, hasNUL) = name.utf8.withContiguousStorageIfAvailable { ($0.count, $0.contains(0)) }
            ?? (name.utf8.count, name.utf8.contains(0))
        if length == 0 { return "a function name cannot be empty" }
        if hasNUL { return "function name \"\(name.debugDescription.dropFirst().dropLast())\" contains a NUL byte" }
        if length > 255 {
            return "function name \"\(name.prefix(20))...\" is too long: \(length) bytes, SQLite allows at most 255"
        }
        if let count = argumentCount {
            if count < 0 { return "\(name)(): the argument count cannot be negative (\(count)); use nil for any number" }
            if count > maximumArgumentCount {
                return "\(name)(): too many arguments (\(count)); SQLite allows at most \(maximumArgumentCount)"
            }
        }
        return nil
    }
}

extension SQLFunction: Hashable {
    /// Functions are equal when SQLite would see them as the same: same name, ignoring ASCII
    /// case only (SQLite folds `A`-`Z` and nothing else, so `É` and `é` are two functions), and
    /// same argument count.
    public static func == (lhs: SQLFunction, rhs: SQLFunction) -> Bool {
        lhs.argumentCount == rhs.argumentCount && asciiCaseInsensitiveEqual(lhs.name, rhs.name)
    }

    public func hash(into hasher: inout Hasher) {
        for byte in name.utf8 { hasher.combine(asciiLowercased(byte)) }
        hasher.combine(name.utf8.count)
        hasher.combine(argumentCount)
    }
}

func asciiLowercased(_ byte: UInt8) -> UInt8 { byte &- 65 < 26 ? byte | 0x20 : byte }

/// Whether two names are equal ignoring ASCII case, as SQLite compares identifiers.
func asciiCaseInsensitiveEqual(_ a: String, _ b: String) -> Bool {
    a.utf8.elementsEqual(b.utf8) { asciiLowercased($0) == asciiLowercased($1) }
}

private func windowImplementation<W: WindowAggregate>(_ type: W.Type, name: String, directOnlyName: String?) -> AggregateImplementation {
    AggregateImplementation.window(W.self, name: name, directOnlyName: directOnlyName)
}
