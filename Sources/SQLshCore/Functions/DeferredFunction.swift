import CSQLite
import Synchronization

/// A function registered under its name and signature before its body exists: the body is
/// made by the first call, on that connection.
///
/// An application with hundreds of functions can give SQLite all their names at once, so
/// that every one of them is callable from the first statement, from views, triggers and
/// schema expressions (DEFAULT, CHECK, generated columns, expression indexes) and is listed by
/// `pragma_function_list`, while the cost of building them (tables, closures, state) is paid
/// only for the functions a session calls.
///
/// ```swift
/// try db.add(DeferredFunction("slugify", argumentCount: 1, kind: .scalar, options: .pure) {
///     SQLFunction("slugify", argumentCount: 1, options: .pure) { args in makeSlug(args[0].string) }
/// })
/// ```
///
/// The name, argument count, kind and options given here are what SQLite sees; the function
/// `make` returns must have the same kind and argument count, or calls fail with an error
/// naming the function. `make` returning nil fails the call the same way.
public struct DeferredFunction: Sendable {
    /// The SQL name.
    public let name: String
    /// The number of arguments, or nil for any number.
    public let argumentCount: Int?
    /// Scalar, aggregate or window.
    public let kind: SQLFunction.Kind
    /// The flags given to SQLite (deterministic, direct-only, innocuous, subtype).
    public let options: FunctionOptions
    /// Makes the function at its first call.
    public let make: @Sendable () -> SQLFunction?

    /// A deferred function; `argumentCount` -1 is taken as nil (any number).
    public init(_ name: String, argumentCount: Int?, kind: SQLFunction.Kind, options: FunctionOptions = [],
                make: @escaping @Sendable () -> SQLFunction?) {
        self.name = name
        self.argumentCount = argumentCount == -1 ? nil : argumentCount
        self.kind = kind
        self.options = options
        self.make = make
    }
}

extension Connection {
    /// Registers a function whose body is made at its first call (see ``DeferredFunction``),
    /// replacing any with the same name and argument count.
    ///
    /// - Throws: ``SQLiteError`` as ``add(_:)-(SQLFunction)`` does.
    public func add(_ function: DeferredFunction) throws {
        guard !isClosed else { throw SQLiteError(code: SQLITE_MISUSE, message: "the database connection is closed") }
        if let problem = SQLFunction.registrationProblem(
            name: function.name, argumentCount: function.argumentCount,
            maximumArgumentCount: Int(sqlite3_limit(handle, SQLITE_LIMIT_FUNCTION_ARG, -1))) {
            throw SQLiteError(code: SQLITE_MISUSE, message: problem)
        }
        let box = DeferredImplementation(function)
        let userData = Unmanaged.passRetained(box).toOpaque()
        let flags = SQLITE_UTF8 | function.options.rawValue
        let count = function.argumentCount.map { Int32(clamping: $0) } ?? -1
        let rc: Int32
        switch function.kind {
        case .scalar:
            rc = sqlite3_create_function_v2(handle, function.name, count, flags, userData, deferredScalar, nil, nil,
                                            releaseImplementation)
        case .aggregate:
            rc = sqlite3_create_function_v2(handle, function.name, count, flags, userData, nil, deferredStep, deferredFinal,
                                            releaseImplementation)
        case .window:
            rc = sqlite3_create_window_function(handle, function.name, count, flags, userData, deferredStep, deferredFinal,
                                                deferredValue, deferredInverse, releaseImplementation)
        }
        try check(rc, handle)
    }
}

/// What a deferred registration's user data holds: the recipe, then the function it made.
///
/// `@unchecked Sendable`: ``implementation`` is written once, at the first call, under SQLite's
/// connection mutex (a connection's functions are called one at a time), and read after.
final class DeferredImplementation: @unchecked Sendable {
    let function: DeferredFunction
    private(set) var implementation: SQLFunction.Implementation?
    /// Set when `make` failed or gave a function of another shape: every call fails.
    private(set) var failed = false

    init(_ function: DeferredFunction) { self.function = function }

    /// The implementation, made now if it was not yet; nil (with the call failed) when it
    /// cannot be made.
    @inline(__always)
    func resolve(_ ctx: OpaquePointer) -> SQLFunction.Implementation? {
        if let implementation { return implementation }
        return resolveSlowly(ctx)
    }

    @inline(never)
    private func resolveSlowly(_ ctx: OpaquePointer) -> SQLFunction.Implementation? {
        if !failed, let made = function.make(), made.kind == function.kind, made.argumentCount == function.argumentCount {
            implementation = made.implementation
            return made.implementation
        }
        failed = true
        sqlite3_result_error(ctx, "\(function.name)() is unavailable: its implementation could not be made", -1)
        return nil
    }
}

private func deferred(_ ctx: OpaquePointer) -> Unmanaged<DeferredImplementation> {
    Unmanaged<DeferredImplementation>.fromOpaque(sqlite3_user_data(ctx))
}

private func deferredScalar(_ ctx: OpaquePointer?, _ argc: Int32, _ argv: UnsafeMutablePointer<OpaquePointer?>?) {
    let ctx = ctx.unsafelyUnwrapped
    deferred(ctx)._withUnsafeGuaranteedRef { box in
        switch box.resolve(ctx) {
        case .direct(let implementation): callScalarDirect(ctx, implementation, argc, argv)
        case .value(let implementation): callScalarValue(ctx, implementation, argc, argv)
        case .aggregate, nil: break
        }
    }
}

private func deferredStep(_ ctx: OpaquePointer?, _ argc: Int32, _ argv: UnsafeMutablePointer<OpaquePointer?>?) {
    let ctx = ctx.unsafelyUnwrapped
    deferred(ctx)._withUnsafeGuaranteedRef { box in
        guard case .aggregate(let implementation) = box.resolve(ctx) else { return }
        let arguments = Arguments(call: ctx, count: argc, values: argv)
        defer { arguments.endCall() }
        implementation.step(ctx, arguments)
    }
}

private func deferredInverse(_ ctx: OpaquePointer?, _ argc: Int32, _ argv: UnsafeMutablePointer<OpaquePointer?>?) {
    let ctx = ctx.unsafelyUnwrapped
    deferred(ctx)._withUnsafeGuaranteedRef { box in
        guard case .aggregate(let implementation) = box.resolve(ctx) else { return }
        let arguments = Arguments(call: ctx, count: argc, values: argv)
        defer { arguments.endCall() }
        implementation.inverse(ctx, arguments)
    }
}

private func deferredValue(_ ctx: OpaquePointer?) {
    let ctx = ctx.unsafelyUnwrapped
    deferred(ctx)._withUnsafeGuaranteedRef { box in
        guard case .aggregate(let implementation) = box.resolve(ctx) else { return }
        implementation.value(ctx)
    }
}

private func deferredFinal(_ ctx: OpaquePointer?) {
    let ctx = ctx.unsafelyUnwrapped
    deferred(ctx)._withUnsafeGuaranteedRef { box in
        guard case .aggregate(let implementation) = box.resolve(ctx) else { return }
        implementation.final(ctx)
    }
}
