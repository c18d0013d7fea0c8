/// C entry points that SQLite calls directly for one function, with no Swift object, closure or
/// user data between SQLite and the body: the leanest way in for a function built into the
/// program (the catalog's), at about the cost of a C extension's call.
///
/// Each callback is a `@convention(c)` closure that captures nothing, written where the
/// function's types are concrete, and does its work through ``DirectCall``, which reads the
/// arguments in place, keeps an aggregate's state in SQLite's aggregate context and reports a
/// thrown error with the function's name:
///
/// ```swift
/// let entry = DirectEntry(window: "stddev", argumentCount: 1,
///     step: { DirectCall.step(Moments.self, $0, $1, $2, name: "stddev") },
///     final: { DirectCall.final(Moments.self, $0, name: "stddev") },
///     value: { DirectCall.value(Moments.self, $0, name: "stddev") },
///     inverse: { DirectCall.inverse(Moments.self, $0, $1, $2, name: "stddev") })
/// try db.add(deferred: signatures, direct: [entry]) { makeFunction($0) }
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

    /// The entries of an aggregate function (not a window function).
    public init(aggregate name: String, argumentCount: Int?, step: Call, final: Final) {
        (self.name, self.argumentCount, kind) = (name, SQLFunction.normalized(argumentCount), .aggregate)
        (function, self.step, self.final, value, inverse) = (nil, step, final, nil, nil)
    }

    /// The entries of a window function (also a plain aggregate).
    public init(window name: String, argumentCount: Int?, step: Call, final: Final, value: Final, inverse: Call) {
        (self.name, self.argumentCount, kind) = (name, SQLFunction.normalized(argumentCount), .window)
        (function, self.step, self.final, self.value, self.inverse) = (nil, step, final, value, inverse)
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
                                          _ argv: UnsafeMutablePointer<OpaquePointer?>?, name: StaticString) {
        let ctx = ctx.unsafelyUnwrapped
        let arguments = Arguments(call: ctx, count: argc, values: argv)
        defer { arguments.endCall() }
        AggregateState<A>.step(ctx, arguments) { failCall($0, $1, staticName: name) }
    }

    /// The result of an aggregate invocation, its state ended.
    @inlinable @inline(__always)
    public static func final<A: Aggregate>(_ type: A.Type, _ ctx: OpaquePointer?, name: StaticString) {
        AggregateState<A>.final(ctx.unsafelyUnwrapped) { failCall($0, $1, staticName: name) }
    }

    /// Removes a row leaving a window function's frame.
    @inlinable @inline(__always)
    public static func inverse<W: WindowAggregate>(_ type: W.Type, _ ctx: OpaquePointer?, _ argc: Int32,
                                                   _ argv: UnsafeMutablePointer<OpaquePointer?>?, name: StaticString) {
        let ctx = ctx.unsafelyUnwrapped
        let arguments = Arguments(call: ctx, count: argc, values: argv)
        defer { arguments.endCall() }
        AggregateState<W>.inverse(ctx, arguments) { failCall($0, $1, staticName: name) }
    }

    /// The current value of a window function's frame.
    @inlinable @inline(__always)
    public static func value<W: WindowAggregate>(_ type: W.Type, _ ctx: OpaquePointer?, name: StaticString) {
        AggregateState<W>.value(ctx.unsafelyUnwrapped) { failCall($0, $1, staticName: name) }
    }
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
