// Public: this file's @inlinable hot path calls SQLite directly, and inlinable code may only
// use a public import. Its public declarations mention no C type; other modules still cannot
// name C declarations (they do not import CSQLite).
public import CSQLite

/// The arguments of one SQL function call: a random-access view over SQLite's `argv` array.
///
/// Valid only during the call, like each ``Argument`` it gives (debug builds check it, see
/// ``Argument``). Besides the values, it gives access to SQLite's auxiliary data per
/// argument, which a function uses to cache work derived from a constant argument (a
/// compiled regular expression, say) across the rows of one statement: ``cached(for:_:)``.
///
/// Indexes: SQLite checks the argument count of a function with a fixed ``SQLFunction/argumentCount``,
/// so `args[i]` below it is always valid. A variadic function reads ``count`` first, or uses
/// ``decode(_:as:)`` and ``argument(at:)``, which never trap: subscripting past the end is a
/// programming error that stops the program, as for any Swift collection.
public struct Arguments: RandomAccessCollection {
    /// The `sqlite3_context *` of the call.
    @usableFromInline package let context: OpaquePointer
    @usableFromInline let values: UnsafeMutablePointer<OpaquePointer?>?
    /// The number of arguments.
    public let count: Int
    #if DEBUG
    /// The call these arguments belong to (debug builds only; nil for views made by hand).
    @usableFromInline let scope: CallScope?
    #endif

    /// A view over the arguments SQLite passes to a C callback (`ctx`, `argc`, `argv`).
    @inlinable
    package init(context: OpaquePointer, count: Int32, values: UnsafeMutablePointer<OpaquePointer?>?) {
        self.context = context
        self.count = values == nil ? 0 : Int(Swift.max(0, count))
        self.values = values
        #if DEBUG
        self.scope = nil
        #endif
    }

    /// The arguments of a call made by one of this library's C callbacks, which calls
    /// ``endCall()`` when the body returns. SQLite always passes `argc` values in `argv`
    /// there, so the count is taken as it is (no clamping on the hot path).
    @inlinable
    init(call context: OpaquePointer, count: Int32, values: UnsafeMutablePointer<OpaquePointer?>?) {
        self.context = context
        self.count = Int(count)
        self.values = values
        #if DEBUG
        self.scope = CallScope()
        #endif
    }

    // Forced inlining in this file: the Benchmarks package (function API against C): argument access on every call.
    /// Marks the call as returned: in debug builds, later use of these arguments stops the
    /// program. Nothing in release builds.
    @inlinable @inline(__always)
    func endCall() {
        #if DEBUG
        scope?.close()
        #endif
    }

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { count }

    /// The argument at `index` (0-based), which must be below ``count``.
    @inlinable
    public subscript(index: Int) -> Argument {
        precondition(index >= 0 && index < count, "argument index \(index) out of range: the call has \(count) arguments")
        #if DEBUG
        scope?.check()
        return Argument(rawValue: values.unsafelyUnwrapped[index].unsafelyUnwrapped, scope: scope)
        #else
        return Argument(rawValue: values.unsafelyUnwrapped[index].unsafelyUnwrapped)
        #endif
    }

    /// The argument at `index` (0-based), or nil when the call has no such argument.
    @inlinable
    public func argument(at index: Int) -> Argument? {
        index >= 0 && index < count ? self[index] : nil
    }

    /// Converts argument `index` (0-based) to `T`.
    ///
    /// - Throws: ``MissingArgumentError`` when the call has no argument `index` (also for an
    ///   Optional `T`: a missing argument is not NULL), ``ValueConversionError`` naming the
    ///   argument when the value does not convert.
    @inlinable
    public func decode<T: SQLValueConvertible>(_ index: Int, as type: T.Type = T.self) throws -> T {
        guard index >= 0 && index < count else { throw MissingArgumentError(index: index, count: count) }
        do {
            return try T.decode(self[index])
        } catch var error as ValueConversionError {
            if error.context == nil { error.context = "argument \(index + 1)" }
            throw error
        }
    }

    /// A value derived from argument `index`, computed by `make` once per statement while the
    /// argument stays the same constant, and cached in SQLite's auxiliary data
    /// (`sqlite3_get_auxdata`/`sqlite3_set_auxdata`).
    ///
    /// ```swift
    /// let pattern = try args.cached(for: 1) { try Pattern(args[1].utf8) }
    /// ```
    ///
    /// Any type can be cached, value or object; SQLite releases it when the statement no
    /// longer needs it. When the argument is not a constant (it comes from a column, say),
    /// `make` runs on every call. A different type cached for the same argument is replaced.
    ///
    /// - Throws: what `make` throws, or ``MissingArgumentError`` when the call has no
    ///   argument `index`.
    ///
    /// `@inlinable`: specialized for `Value` in the caller, a cache hit costs a lookup and a
    /// type check, with no generic dispatch (a regexp over a million rows reads its compiled
    /// pattern this way).
    @inlinable
    public func cached<Value>(for index: Int, _ make: () throws -> Value) throws -> Value {
        guard index >= 0 && index < count else { throw MissingArgumentError(index: index, count: count) }
        #if DEBUG
        scope?.check()
        #endif
        let slot = Int32(index)  // below count, itself from an Int32
        if let p = sqlite3_get_auxdata(context, slot) {
            let box = Unmanaged<AuxiliaryBox>.fromOpaque(p).takeUnretainedValue()
            if box.valueType == ObjectIdentifier(Value.self) {
                return unsafeDowncast(box, to: TypedAuxiliaryBox<Value>.self).value
            }
        }
        let value = try make()
        let box: AuxiliaryBox = TypedAuxiliaryBox(value)
        sqlite3_set_auxdata(context, slot, Unmanaged.passRetained(box).toOpaque(), releaseAuxiliaryData)
        return value
    }

    /// Runs `body` with the object derived from argument `index`, lent for the call: made by
    /// `make` once per statement while the argument stays the same constant, and kept in
    /// SQLite's auxiliary data. A cache hit costs a lookup and a class check, without touching
    /// the object's reference count, which makes this the form for an object read on every row
    /// of a big query (a compiled pattern).
    ///
    /// ```swift
    /// let matched = try args.withCachedObject(for: 1, { try Pattern(args[1].utf8) }) { pattern in
    ///     pattern.matches(args[0].utf8)
    /// }
    /// ```
    ///
    /// When `make` gives nil (a NULL pattern, say), nothing is cached, `body` is not called and
    /// the result is nil. A value of another type cached for the same argument (by
    /// ``cached(for:_:)``, or an object of another class) is replaced. `Object` should be a
    /// final class: an instance of a subclass is not taken as a hit.
    ///
    /// - Throws: what `make` or `body` throws, or ``MissingArgumentError`` when the call has
    ///   no argument `index`.
    @inlinable
    public func withCachedObject<Object: AnyObject, Result>(for index: Int, _ make: () throws -> Object?,
                                                           _ body: (Object) throws -> Result) throws -> Result? {
        guard index >= 0 && index < count else { throw MissingArgumentError(index: index, count: count) }
        #if DEBUG
        scope?.check()
        #endif
        let slot = Int32(index)  // below count, itself from an Int32
        if let p = sqlite3_get_auxdata(context, slot),
           Unmanaged<AnyObject>.fromOpaque(p)._withUnsafeGuaranteedRef({ ObjectIdentifier(type(of: $0)) == ObjectIdentifier(Object.self) }) {
            return try Unmanaged<Object>.fromOpaque(p)._withUnsafeGuaranteedRef(body)
        }
        guard let object = try make() else { return nil }
        sqlite3_set_auxdata(context, slot, Unmanaged.passRetained(object).toOpaque(), releaseAuxiliaryData)
        return try body(object)
    }

    /// The object cached for argument `index` by ``setAuxiliaryData(_:for:)`` earlier in the
    /// same statement, or nil (also when the call has no argument `index`). SQLite drops it
    /// when the argument is not a constant. ``cached(for:_:)`` is the typed form.
    public func auxiliaryData(for index: Int) -> AnyObject? {
        guard index >= 0 && index < count, let p = sqlite3_get_auxdata(context, Int32(index)) else { return nil }
        let object = Unmanaged<AnyObject>.fromOpaque(p).takeUnretainedValue()
        return object is AuxiliaryBox ? nil : object
    }

    /// Caches `object` for argument `index`. SQLite keeps it while the argument stays constant
    /// and releases it when it no longer needs it. Does nothing when the call has no
    /// argument `index`. ``cached(for:_:)`` is the typed form.
    public func setAuxiliaryData(_ object: AnyObject, for index: Int) {
        guard index >= 0 && index < count else { return }
        let p = Unmanaged.passRetained(object).toOpaque()
        sqlite3_set_auxdata(context, Int32(index), p, releaseAuxiliaryData)
    }
}

@available(*, unavailable, message: "Arguments are valid only during their function call")
extension Arguments: Sendable {}

/// Thrown when a function reads an argument its call does not have, for example argument 2
/// of a variadic function called with one argument.
public struct MissingArgumentError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The 0-based index asked for.
    public var index: Int
    /// The number of arguments of the call.
    public var count: Int

    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// `argument 2 is missing: the call has 1 argument`.
    public var description: String {
        let position = index >= 0 ? "argument \(index + 1)" : "argument index \(index)"
        return "\(position) is missing: the call has \(count) argument\(count == 1 ? "" : "s")"
    }
}

/// The liveness of one function call, for the debug-build check that ``Argument`` and
/// ``Arguments`` are not used after the call returned.
@usableFromInline
final class CallScope {
    @usableFromInline var isOpen = true

    @usableFromInline init() {}

    @usableFromInline func close() { isOpen = false }

    @inlinable @inline(__always)
    func check() {
        if !isOpen {
            preconditionFailure("an Argument or Arguments was used after its function call returned: "
                + "copy what you need (sqlValue, string, Array(utf8)) during the call")
        }
    }
}

/// What ``Arguments/cached(for:_:)`` keeps in SQLite's auxiliary data: the value and its type.
@usableFromInline
class AuxiliaryBox {
    @usableFromInline let valueType: ObjectIdentifier
    @usableFromInline init(valueType: ObjectIdentifier) { self.valueType = valueType }
}

@usableFromInline
final class TypedAuxiliaryBox<Value>: AuxiliaryBox {
    @usableFromInline let value: Value
    @usableFromInline init(_ value: Value) {
        self.value = value
        super.init(valueType: ObjectIdentifier(Value.self))
    }
}

@usableFromInline
func releaseAuxiliaryData(_ p: UnsafeMutableRawPointer?) {
    guard let p else { return }
    Unmanaged<AnyObject>.fromOpaque(p).release()
}
