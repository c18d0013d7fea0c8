import CSQLite

/// A custom SQL function: scalar, aggregate or window.
///
/// ```swift
/// // Scalar, from a closure: return any convertible value, or nil for NULL.
/// let double = SQLFunction("double", argumentCount: 1, options: .pure) { args in
///     args[0].isNull ? nil : args[0].int64 * 2
/// }
/// // Scalar writing its result directly, with no intermediate value.
/// let id = SQLFunction("id", argumentCount: 1, options: .pure) { args, result in
///     result.set(args[0])
/// }
/// // Aggregate (and window function, when the type is a WindowAggregate).
/// let median = SQLFunction("median", argumentCount: 1, aggregate: Median.self)
/// try db.add(double); try db.add(median)
/// ```
///
/// A function is identified by its name (case-insensitive) and argument count: adding one
/// with the same identity replaces it. Errors thrown by the body become the statement's error,
/// with the thrown message and, for ``SQLiteErrorConvertible`` errors, their result code.
public final class SQLFunction {
    /// The SQL name.
    public let name: String
    /// The number of arguments, or nil for any number (variadic).
    public let argumentCount: Int?
    /// The flags given to SQLite.
    public let options: FunctionOptions
    /// What the function is.
    public let kind: Kind

    /// The shape of a function.
    public enum Kind {
        case scalar
        case aggregate
        case window
    }

    @usableFromInline enum Body {
        case value((Arguments) throws -> (any SQLValueConvertible)?)
        case direct((Arguments, ResultContext) throws -> Void)
        case aggregate(() -> AggregateBox)
    }

    @usableFromInline let body: Body
    /// The scalar body as a plain stored closure, which the C callback calls through the
    /// borrowed function without copying it out of an enum payload (that copy costs a retain
    /// and a release per row). Aggregates get a closure that is never called.
    let call: (Arguments, ResultContext) throws -> Void

    /// For aggregates: whether an empty input is finalized (``Aggregate/finalizesEmptyInput``).
    let finalizesEmptyInput: Bool

    /// A scalar function returning a value (nil for NULL).
    public init(_ name: String, argumentCount: Int? = nil, options: FunctionOptions = [],
                _ function: @escaping (Arguments) throws -> (any SQLValueConvertible)?) {
        self.name = name
        self.argumentCount = argumentCount
        self.options = options
        self.kind = .scalar
        self.body = .value(function)
        self.call = { arguments, result in result.set(try function(arguments)) }
        self.finalizesEmptyInput = false
    }

    /// A scalar function that writes its result into a ``ResultContext``: the fastest form,
    /// with no intermediate value (it may also pass an argument through with `result.set(arg)`).
    public init(_ name: String, argumentCount: Int? = nil, options: FunctionOptions = [],
                writingResult function: @escaping (Arguments, ResultContext) throws -> Void) {
        self.name = name
        self.argumentCount = argumentCount
        self.options = options
        self.kind = .scalar
        self.body = .direct(function)
        self.call = function
        self.finalizesEmptyInput = false
    }

    /// An aggregate function; a ``WindowAggregate`` type is also registered as a window
    /// function.
    public init<A: Aggregate>(_ name: String, argumentCount: Int? = nil, options: FunctionOptions = [],
                              aggregate type: A.Type) {
        self.name = name
        self.argumentCount = argumentCount
        self.options = options
        self.finalizesEmptyInput = A.finalizesEmptyInput
        self.call = { _, result in result.setError("aggregate function called as scalar") }
        if let windowType = type as? any WindowAggregate.Type {
            self.kind = .window
            self.body = .aggregate(windowBoxFactory(windowType))
        } else {
            self.kind = .aggregate
            self.body = .aggregate({ TypedAggregateBox<A>() })
        }
    }

    /// The argument count as SQLite takes it (-1 for variadic).
    var sqliteArgumentCount: Int32 { argumentCount.map { Int32($0) } ?? -1 }
}

extension SQLFunction: Hashable {
    /// Functions are equal when SQLite would see them as the same: same name (ignoring ASCII
    /// case) and argument count.
    public static func == (lhs: SQLFunction, rhs: SQLFunction) -> Bool {
        lhs.name.lowercased() == rhs.name.lowercased() && lhs.argumentCount == rhs.argumentCount
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name.lowercased())
        hasher.combine(argumentCount)
    }
}

private func windowBoxFactory<W: WindowAggregate>(_ type: W.Type) -> () -> AggregateBox {
    { TypedWindowBox<W>() }
}
