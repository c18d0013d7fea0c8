/// A scalar SQL function defined as a type: its name, arity and options are static, and
/// ``call(_:)`` computes the result. The call is resolved statically, with no closure in
/// between.
///
/// ```swift
/// enum Reverse: ScalarFunction {
///     static let name = "reverse"
///     static let argumentCount: Int? = 1
///     static let options: FunctionOptions = .pure
///
///     static func call(_ arguments: Arguments) throws -> String? {
///         arguments[0].string.map { String($0.reversed()) }
///     }
/// }
/// try db.add(Reverse.self)
/// ```
public protocol ScalarFunction: SendableMetatype {
    /// The result type: any convertible value; an Optional gives NULL for nil.
    associatedtype Output: SQLValueConvertible
    /// The SQL name.
    static var name: String { get }
    /// The number of arguments, or nil for any number.
    static var argumentCount: Int? { get }
    /// The flags given to SQLite; none by default.
    static var options: FunctionOptions { get }
    /// Computes the result for one call; a thrown error becomes the statement's error.
    static func call(_ arguments: Arguments) throws -> Output
}

extension ScalarFunction {
    public static var options: FunctionOptions { [] }
}

/// An aggregate (or, for a ``WindowAggregate``, window) function defined as a type that also
/// carries its name, arity and options.
///
/// ```swift
/// struct Median: WindowAggregate, AggregateFunction {
///     static let name = "median"
///     static let argumentCount: Int? = 1
///     var values: [Double] = []
///     ...
/// }
/// try db.add(Median.self)
/// ```
public protocol AggregateFunction: Aggregate {
    /// The SQL name.
    static var name: String { get }
    /// The number of arguments, or nil for any number.
    static var argumentCount: Int? { get }
    /// The flags given to SQLite; none by default.
    static var options: FunctionOptions { get }
}

extension AggregateFunction {
    public static var options: FunctionOptions { [] }
}

extension SQLFunction {
    /// The function a ``ScalarFunction`` type defines.
    ///
    /// Inlined into the caller, so that the call to ``ScalarFunction/call(_:)`` and the result
    /// conversion are specialized for `F`.
    @inlinable
    public convenience init<F: ScalarFunction>(_ type: F.Type) {
        self.init(F.name, argumentCount: F.argumentCount, options: F.options, writingResult: { arguments, result in
            try F.call(arguments).setResult(result)
        })
    }

    /// The function an ``AggregateFunction`` type defines.
    public convenience init<F: AggregateFunction>(_ type: F.Type) {
        self.init(F.name, argumentCount: F.argumentCount, options: F.options, aggregate: F.self)
    }
}

extension Connection {
    /// Registers the function a ``ScalarFunction`` type defines, replacing any with the same
    /// name and argument count.
    public func add<F: ScalarFunction>(_ type: F.Type) throws { try add(SQLFunction(type)) }

    /// Registers the function an ``AggregateFunction`` type defines.
    public func add<F: AggregateFunction>(_ type: F.Type) throws { try add(SQLFunction(type)) }

    /// Unregisters the function a ``ScalarFunction`` type defines.
    public func remove<F: ScalarFunction>(_ type: F.Type) throws {
        try removeFunction(named: F.name, argumentCount: F.argumentCount)
    }

    /// Unregisters the function an ``AggregateFunction`` type defines.
    public func remove<F: AggregateFunction>(_ type: F.Type) throws {
        try removeFunction(named: F.name, argumentCount: F.argumentCount)
    }
}
