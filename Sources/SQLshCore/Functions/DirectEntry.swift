internal import CSQLite

/// C entry points that SQLite calls directly for one function, with no Swift object, closure or
/// user data between SQLite and the body: the leanest way in for a function built into the
/// program (the catalog's), at about the cost of a C extension's call.
///
/// Each callback is a `@convention(c)` closure that captures nothing, written where the
/// function's types are concrete, and does its work through ``DirectCall``, which reads the
/// arguments in place, keeps an aggregate's state in SQLite's aggregate context and reports a
/// thrown error with the function's name. An aggregate type's callbacks are written once
/// (``AggregateCallbacks``) and shared by every name it is registered under: a failing call
/// reads its function's name from its registration.
///
/// ```swift
/// let moments = DirectEntry.AggregateCallbacks(
///     step: { DirectCall.step(Moments.self, $0, $1, $2) },
///     final: { DirectCall.final(Moments.self, $0) },
///     value: { DirectCall.value(Moments.self, $0) },
///     inverse: { DirectCall.inverse(Moments.self, $0, $1, $2) })
/// let entries = [DirectEntry("stddev", argumentCount: 1, moments),
///                DirectEntry("stddev_samp", argumentCount: 1, moments)]
/// try db.add(deferred: signatures, direct: entries) { makeFunction($0) }
/// ```
///
/// ``Connection/add(deferred:direct:make:)`` registers the entry in place of the deferred
/// callbacks of the signature with the same name, argument count and kind (entries listed in
/// the order of their signatures). The entry must do
/// what the function the signature's `make` gives does (a test of the catalog checks that each
/// entry answers as its function). Functions with ``FunctionOptions/directOnly`` are never
/// given one: their check lives in the deferred path.
public struct DirectEntry: @unchecked Sendable {
    /// `xFunc`, `xStep` and `xInverse`: context, argument count, arguments.
    public typealias Call = @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void
    /// `xFinal` and `xValue`: the aggregate's context.
    public typealias Final = @convention(c) (OpaquePointer?) -> Void

    /// The SQL name of the function the entry runs.
    public let name: String
    /// Its number of arguments, or nil for any number.
    public let argumentCount: Int?
    /// Scalar, aggregate or window.
    public let kind: SQLFunction.Kind
    let function: Call?
    let step: Call?
    let final: Final?
    let value: Final?
    let inverse: Call?

    /// The entry of a scalar function.
    public init(scalar name: String, argumentCount: Int?, _ function: Call) {
        (self.name, self.argumentCount, kind) = (name, SQLFunction.normalized(argumentCount), .scalar)
        (self.function, step, final, value, inverse) = (function, nil, nil, nil, nil)
    }

    /// The entry of an aggregate function (a window function when `callbacks` have
    /// ``AggregateCallbacks/value`` and ``AggregateCallbacks/inverse``).
    public init(_ name: String, argumentCount: Int?, _ callbacks: AggregateCallbacks) {
        (self.name, self.argumentCount) = (name, SQLFunction.normalized(argumentCount))
        kind = callbacks.isWindow ? .window : .aggregate
        (function, step, final, value, inverse) = (nil, callbacks.step, callbacks.final, callbacks.value, callbacks.inverse)
    }

    /// The C callbacks of one aggregate type, written once for every name it is registered
    /// under (``DirectCall``'s aggregate calls name no function: a failing call reads the name
    /// from its registration).
    public struct AggregateCallbacks: @unchecked Sendable {
        /// `xStep`.
        public let step: Call
        /// `xFinal`.
        public let final: Final
        /// `xValue` and `xInverse`: both or neither (a plain aggregate).
        public let value: Final?, inverse: Call?
        var isWindow: Bool { value != nil && inverse != nil }

        /// The callbacks of a plain aggregate (not a window function).
        public init(step: Call, final: Final) {
            (self.step, self.final, value, inverse) = (step, final, nil, nil)
        }

        /// The callbacks of a window function (also a plain aggregate).
        public init(step: Call, final: Final, value: Final, inverse: Call) {
            (self.step, self.final, self.value, self.inverse) = (step, final, value, inverse)
        }
    }

    /// Whether this entry runs the function of `signature` (same name, argument count and
    /// kind); never for a direct-only function.
    func runs(_ signature: DeferredSignature) -> Bool {
        argumentCount == signature.argumentCount && kind == signature.kind
            && !signature.options.contains(.directOnly) && name == signature.name
    }
}

/// The bodies of ``DirectEntry`` callbacks: each takes SQLite's C arguments as they come and
/// the function's name for its error messages.
///
/// `@inlinable` and always inlined: written in a capture-free `@convention(c)` closure where
/// the types are concrete, each one becomes a plain C function doing only its work.
public enum DirectCall {
    /// One call of a scalar function: `body` writes the result; a thrown error becomes the
    /// call's error, as for ``SQLFunction/init(_:argumentCount:options:writingResult:)``.
    @inlinable @inline(__always)
    public static func scalar(_ ctx: OpaquePointer?, _ argc: Int32, _ argv: UnsafeMutablePointer<OpaquePointer?>?,
                              name: StaticString, _ body: (Arguments, ResultContext) throws -> Void) {
        let ctx = ctx.unsafelyUnwrapped
        let arguments = Arguments(call: ctx, count: argc, values: argv)
        defer { arguments.endCall() }
        do {
            try body(arguments, ResultContext(rawValue: ctx))
        } catch {
            failCall(ctx, error, staticName: name)
        }
    }

    /// One row of an aggregate keeping an `A` per invocation (the same state and errors as
    /// ``SQLFunction/init(_:argumentCount:options:aggregate:)``).
    @inlinable @inline(__always)
    public static func step<A: Aggregate>(_ type: A.Type, _ ctx: OpaquePointer?, _ argc: Int32,
                                          _ argv: UnsafeMutablePointer<OpaquePointer?>?) {
        row(ctx, argc, argv) { (state: inout A, arguments) in try state.step(arguments) }
    }

    /// Removes a row leaving a window function's frame.
    @inlinable @inline(__always)
    public static func inverse<W: WindowAggregate>(_ type: W.Type, _ ctx: OpaquePointer?, _ argc: Int32,
                                                   _ argv: UnsafeMutablePointer<OpaquePointer?>?) {
        row(ctx, argc, argv) { (state: inout W, arguments) in try state.inverse(arguments) }
    }

    /// A row going into (``step(_:_:_:_:)``) or out of (``inverse(_:_:_:_:)``) the state: the
    /// one shape both have.
    @inlinable @inline(__always)
    static func row<A: Aggregate>(_ ctx: OpaquePointer?, _ argc: Int32, _ argv: UnsafeMutablePointer<OpaquePointer?>?,
                                  _ body: (inout A, Arguments) throws -> Void) {
        let ctx = ctx.unsafelyUnwrapped
        let arguments = Arguments(call: ctx, count: argc, values: argv)
        defer { arguments.endCall() }
        AggregateState<A>.row(ctx, arguments, body, fail: failRegisteredCall)
    }

    /// The result of an aggregate invocation, its state ended.
    @inlinable @inline(__always)
    public static func final<A: Aggregate>(_ type: A.Type, _ ctx: OpaquePointer?) {
        AggregateState<A>.final(ctx.unsafelyUnwrapped, failRegisteredCall)
    }

    /// The current value of a window function's frame.
    @inlinable @inline(__always)
    public static func value<W: WindowAggregate>(_ type: W.Type, _ ctx: OpaquePointer?) {
        AggregateState<W>.value(ctx.unsafelyUnwrapped, failRegisteredCall)
    }
}

/// Reports a thrown error as the call's result, naming the function as its registration
/// does: a ``DirectEntry``'s user data is its ``DeferredSlot`` (out of line: only failing
/// calls pay for the lookup and the message).
@usableFromInline @inline(never)
func failRegisteredCall(_ ctx: OpaquePointer, _ error: any Error) {
    var name = "?"
    if let slot = sqlite3_user_data(ctx)?.assumingMemoryBound(to: DeferredSlot.self) {
        name = slot.pointee.table.signatures[slot.pointee.index].name
    }
    ResultContext(rawValue: ctx).setError(error, function: name)
}

/// Reports a thrown error as the call's result, for a ``DirectCall`` (out of line: only
/// failing calls pay for the message).
@usableFromInline @inline(never)
func failCall(_ ctx: OpaquePointer, _ error: any Error, staticName: StaticString) {
    ResultContext(rawValue: ctx).setError(error, function: "\(staticName)")
}

extension Connection {
    /// ``add(deferred:make:)``, with the functions that have a ``DirectEntry`` in `entries`
    /// registered with its C callbacks instead of the deferred ones: SQLite then calls them
    /// directly (their `make` is never called). `entries` come in the order of the signatures
    /// they run (a signature is compared with the next entry only, so that registering
    /// hundreds of functions stays cheap); an entry out of that order is not used.
    ///
    /// - Throws: ``SQLiteError`` as ``add(deferred:make:)`` does.
    public func add(deferred signatures: [DeferredSignature], direct entries: [DirectEntry],
                    make: @escaping @Sendable (Int) -> SQLFunction?) throws {
        try add(deferred: signatures, entries: entries, make: make)
    }
}
