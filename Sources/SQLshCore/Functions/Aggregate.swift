/// A custom aggregate SQL function, such as `median(x)`.
///
/// SQLite creates one instance per aggregate invocation (per group), calls ``step(_:)`` for
/// each row, then ``finalize()`` once. Instances never outlive their query, whether it
/// succeeds, fails or is interrupted.
///
/// SQLite calls the methods on whatever thread runs the statement, so the conformance cannot
/// be isolated to an actor (hence `SendableMetatype`); the instances themselves need not be
/// `Sendable`, since each one lives within one statement.
///
/// ```swift
/// struct Product: Aggregate {
///     var value: Double = 1
///     mutating func step(_ arguments: Arguments) throws { value *= arguments[0].double }
///     func finalize() throws -> (any SQLValueConvertible)? { value }
/// }
/// try db.add(SQLFunction("product", argumentCount: 1, aggregate: Product.self))
/// ```
public protocol Aggregate: SendableMetatype {
    /// A fresh, empty aggregate.
    init()
    /// Adds a row.
    mutating func step(_ arguments: Arguments) throws
    /// The result; nil is NULL.
    func finalize() throws -> (any SQLValueConvertible)?
    /// When no row was stepped: `false` (the default) gives NULL, as SQL's `sum` does;
    /// `true` gives ``finalize()`` of a fresh instance, as `count` does.
    static var finalizesEmptyInput: Bool { get }
}

extension Aggregate {
    public static var finalizesEmptyInput: Bool { false }
}

/// An aggregate that also works as a window function (`f(x) OVER (...)`): SQLite removes rows
/// leaving the frame with ``inverse(_:)`` and reads the current value with ``value()``.
///
/// Registering a `WindowAggregate` with ``SQLFunction/init(_:argumentCount:options:aggregate:)``
/// makes it usable both as a plain aggregate and with `OVER`.
public protocol WindowAggregate: Aggregate {
    /// Removes a row previously added with ``step(_:)``: the oldest one in the frame.
    mutating func inverse(_ arguments: Arguments) throws
    /// The result for the current frame; nil is NULL. Defaults to ``finalize()``.
    func value() throws -> (any SQLValueConvertible)?
}

extension WindowAggregate {
    public func value() throws -> (any SQLValueConvertible)? { try finalize() }
}
