internal import CSQLite

/// The name and shape of a function whose body is made later: what SQLite needs to know to
/// compile calls of it.
public struct DeferredSignature: Sendable {
    /// The SQL name.
    public let name: String
    /// The number of arguments, or nil for any number.
    public let argumentCount: Int?
    /// Scalar, aggregate or window.
    public let kind: SQLFunction.Kind
    /// The flags given to SQLite (deterministic, direct-only, innocuous, subtype).
    public let options: FunctionOptions

    /// A signature; `argumentCount` -1 is taken as nil (any number).
    public init(_ name: String, argumentCount: Int?, kind: SQLFunction.Kind, options: FunctionOptions = []) {
        self.name = name
        self.argumentCount = argumentCount == -1 ? nil : argumentCount
        self.kind = kind
        self.options = options
    }
}

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
/// The function `make` returns must have the signature's kind and argument count, or calls
/// fail with an error naming the function; `make` returning nil fails them the same way.
/// ``Connection/add(deferred:make:)`` registers many at once for less.
public struct DeferredFunction: Sendable {
    /// What SQLite sees.
    public let signature: DeferredSignature
    /// Makes the function at its first call.
    public let make: @Sendable () -> SQLFunction?

    /// A deferred function; `argumentCount` -1 is taken as nil (any number).
    public init(_ name: String, argumentCount: Int?, kind: SQLFunction.Kind, options: FunctionOptions = [],
                make: @escaping @Sendable () -> SQLFunction?) {
        signature = DeferredSignature(name, argumentCount: argumentCount, kind: kind, options: options)
        self.make = make
    }
}

extension Connection {
    /// Registers a function whose body is made at its first call (see ``DeferredFunction``),
    /// replacing any with the same name and argument count.
    ///
    /// - Throws: ``SQLiteError`` as ``add(_:)-(SQLFunction)`` does.
    public func add(_ function: DeferredFunction) throws {
        let make = function.make
        try add(deferred: [function.signature]) { _ in make() }
    }

    /// Registers functions whose bodies are made at their first call: `make(i)` makes the
    /// function of `signatures[i]` (see ``DeferredFunction``). One allocation for them all,
    /// none per function.
    ///
    /// - Throws: ``SQLiteError`` as ``add(_:)-(SQLFunction)`` does, for the first signature
    ///   SQLite refuses (those before it stay registered).
    public func add(deferred signatures: [DeferredSignature], make: @escaping @Sendable (Int) -> SQLFunction?) throws {
        try add(deferred: signatures, entries: [], make: make)
    }

    /// ``add(deferred:make:)``, the signatures run by one of `entries` (in the signatures'
    /// order) registered with its callbacks (``add(deferred:direct:make:)``).
    func add(deferred signatures: [DeferredSignature], entries: [DirectEntry],
             make: @escaping @Sendable (Int) -> SQLFunction?) throws {
        guard !isClosed else { throw SQLiteError(code: SQLITE_MISUSE, message: "the database connection is closed") }
        let maximum = Int(sqlite3_limit(handle, SQLITE_LIMIT_FUNCTION_ARG, -1))
        for signature in signatures {
            if let problem = SQLFunction.registrationProblem(name: signature.name, argumentCount: signature.argumentCount,
                                                             maximumArgumentCount: maximum) {
                throw SQLiteError(code: SQLITE_MISUSE, message: problem)
            }
        }
        let table = DeferredTable(signatures, make: make)
        // A connection this object owns keeps the table until it is closed (the statements
        // that could call the functions hold the connection): SQLite then needs no destructor
        // per function, which it would allocate at registration and call at close, a third
        // of what registering the catalog's hundreds of functions cost. A borrowed handle may
        // outlive this object: each registration holds the table, released by SQLite.
        let destroy: (@convention(c) (UnsafeMutableRawPointer?) -> Void)?
        if isBorrowed {
            destroy = releaseDeferredSlot
        } else {
            destroy = nil
            keptAlive.append(table)
        }
        var nextEntry = 0
        for index in signatures.indices {
            let signature = signatures[index]
            if destroy != nil { _ = Unmanaged.passRetained(table) }
            let userData = UnsafeMutableRawPointer(table.slots + index)
            let flags = SQLITE_UTF8 | signature.options.rawValue
            let count = signature.argumentCount.map { Int32(clamping: $0) } ?? -1
            // withCString reads a literal's bytes in place (or copies a short one to the
            // stack); the implicit String-to-pointer conversion allocated an array per name.
            // A direct entry: SQLite calls its C callbacks, with the slot as user data all the
            // same (so that registration and release stay the same for every function). The
            // entries come in the signatures' order: one comparison a signature at most.
            var entry: DirectEntry?
            if nextEntry < entries.count, entries[nextEntry].runs(signature) {
                entry = entries[nextEntry]
                nextEntry += 1
            }
            let rc: Int32 = signature.name.withCString { name in
                if let entry {
                    switch entry.kind {
                    case .scalar:
                        return sqlite3_create_function_v2(handle, name, count, flags, userData, entry.function, nil, nil, destroy)
                    case .aggregate:
                        return sqlite3_create_function_v2(handle, name, count, flags, userData, nil, entry.step, entry.final, destroy)
                    case .window:
                        return sqlite3_create_window_function(handle, name, count, flags, userData, entry.step, entry.final,
                                                              entry.value, entry.inverse, destroy)
                    }
                }
                switch signature.kind {
                case .scalar:
                    return sqlite3_create_function_v2(handle, name, count, flags, userData, deferredScalar, nil, nil, destroy)
                case .aggregate:
                    return sqlite3_create_function_v2(handle, name, count, flags, userData, nil, deferredStep, deferredFinal, destroy)
                case .window:
                    return sqlite3_create_window_function(handle, name, count, flags, userData, deferredStep, deferredFinal,
                                                          deferredValue, deferredInverse, destroy)
                }
            }
            try check(rc, handle)
        }
    }
}

/// What SQLite's user data points at for one deferred registration: the table it belongs to,
/// its index there, and the implementation once made.
struct DeferredSlot {
    unowned(unsafe) let table: DeferredTable
    let index: Int
    /// Keeps the implementation object alive once made.
    var implementation: SQLFunction.Implementation?
    /// The implementation object, unretained (``implementation`` holds it), and which kind it
    /// is: what a call reads, with no reference counting (reading the enum out of the slot
    /// retained and released the object on every call).
    var object: UnsafeMutableRawPointer?
    var objectKind = DeferredObjectKind.value
    /// Set when the function could not be made: every call fails.
    var failed = false
}

/// The class of a ``DeferredSlot``'s object.
enum DeferredObjectKind {
    case value, direct, aggregate
}

/// The registrations of one ``Connection/add(deferred:make:)`` call: their signatures, the
/// closure that makes them, and one slot each. Each registration retains it.
///
/// `@unchecked Sendable`: a slot's implementation is written once, at the first call, under
/// SQLite's connection mutex (a connection's functions are called one at a time), and read after.
final class DeferredTable: @unchecked Sendable {
    let signatures: [DeferredSignature]
    let make: @Sendable (Int) -> SQLFunction?
    let slots: UnsafeMutablePointer<DeferredSlot>

    init(_ signatures: [DeferredSignature], make: @escaping @Sendable (Int) -> SQLFunction?) {
        self.signatures = signatures
        self.make = make
        slots = .allocate(capacity: signatures.count)
        for index in signatures.indices { (slots + index).initialize(to: DeferredSlot(table: self, index: index)) }
    }

    deinit {
        slots.deinitialize(count: signatures.count)
        slots.deallocate()
    }
}

/// SQLite's xDestroy for a deferred registration: releases its table.
private func releaseDeferredSlot(_ p: UnsafeMutableRawPointer?) {
    guard let p else { return }
    Unmanaged.passUnretained(p.assumingMemoryBound(to: DeferredSlot.self).pointee.table).release()
}

/// The implementation object of the deferred function called through `ctx` and its kind, made
/// now if it was not yet; nil (with the call failed) when it cannot be made. The object is
/// not retained: its slot keeps it as long as SQLite keeps the registration.
private func resolve(_ ctx: OpaquePointer) -> (UnsafeMutableRawPointer, DeferredObjectKind)? {
    let slot = sqlite3_user_data(ctx).unsafelyUnwrapped.assumingMemoryBound(to: DeferredSlot.self)
    if let object = slot.pointee.object { return (object, slot.pointee.objectKind) }
    return resolveSlowly(ctx, slot)
}

@inline(never)
private func resolveSlowly(_ ctx: OpaquePointer, _ slot: UnsafeMutablePointer<DeferredSlot>) -> (UnsafeMutableRawPointer, DeferredObjectKind)? {
    let table = slot.pointee.table, index = slot.pointee.index
    let signature = table.signatures[index]
    if !slot.pointee.failed, let made = table.make(index), made.kind == signature.kind,
       made.argumentCount == signature.argumentCount {
        let object: UnsafeMutableRawPointer, kind: DeferredObjectKind
        switch made.implementation {
        case .value(let implementation): (object, kind) = (Unmanaged.passUnretained(implementation).toOpaque(), .value)
        case .direct(let implementation): (object, kind) = (Unmanaged.passUnretained(implementation).toOpaque(), .direct)
        case .aggregate(let implementation): (object, kind) = (Unmanaged.passUnretained(implementation).toOpaque(), .aggregate)
        }
        slot.pointee.implementation = made.implementation
        slot.pointee.objectKind = kind
        slot.pointee.object = object
        return (object, kind)
    }
    slot.pointee.failed = true
    sqlite3_result_error(ctx, "\(signature.name)() is unavailable: its implementation could not be made", -1)
    return nil
}

/// The aggregate implementation of the deferred function called through `ctx`, lent to `body`.
private func withAggregate(_ ctx: OpaquePointer, _ body: (AggregateImplementation) -> Void) {
    guard let (object, kind) = resolve(ctx), kind == .aggregate else { return }
    Unmanaged<AggregateImplementation>.fromOpaque(object)._withUnsafeGuaranteedRef(body)
}

private func deferredScalar(_ ctx: OpaquePointer?, _ argc: Int32, _ argv: UnsafeMutablePointer<OpaquePointer?>?) {
    let ctx = ctx.unsafelyUnwrapped
    // The usual call, a made function writing its result, first and alone: the rest (making
    // the function, a function returning a value) lives out of line, so that this path saves
    // few registers.
    let slot = sqlite3_user_data(ctx).unsafelyUnwrapped.assumingMemoryBound(to: DeferredSlot.self)
    if let object = slot.pointee.object, slot.pointee.objectKind == .direct {
        Unmanaged<ScalarDirectImplementation>.fromOpaque(object)._withUnsafeGuaranteedRef {
            callScalarDirect(ctx, $0, argc, argv)
        }
        return
    }
    deferredScalarSlowly(ctx, argc, argv)
}

@inline(never)
private func deferredScalarSlowly(_ ctx: OpaquePointer, _ argc: Int32, _ argv: UnsafeMutablePointer<OpaquePointer?>?) {
    guard let (object, kind) = resolve(ctx) else { return }
    switch kind {
    case .direct:
        Unmanaged<ScalarDirectImplementation>.fromOpaque(object)._withUnsafeGuaranteedRef {
            callScalarDirect(ctx, $0, argc, argv)
        }
    case .value:
        Unmanaged<ScalarValueImplementation>.fromOpaque(object)._withUnsafeGuaranteedRef {
            callScalarValue(ctx, $0, argc, argv)
        }
    case .aggregate: break
    }
}

private func deferredStep(_ ctx: OpaquePointer?, _ argc: Int32, _ argv: UnsafeMutablePointer<OpaquePointer?>?) {
    let ctx = ctx.unsafelyUnwrapped
    withAggregate(ctx) { callAggregateStep(ctx, $0, argc, argv) }
}

private func deferredInverse(_ ctx: OpaquePointer?, _ argc: Int32, _ argv: UnsafeMutablePointer<OpaquePointer?>?) {
    let ctx = ctx.unsafelyUnwrapped
    withAggregate(ctx) { implementation in
        let arguments = Arguments(call: ctx, count: argc, values: argv)
        defer { arguments.endCall() }
        implementation.inverse(ctx, arguments)
    }
}

private func deferredValue(_ ctx: OpaquePointer?) {
    let ctx = ctx.unsafelyUnwrapped
    withAggregate(ctx) { $0.value(ctx) }
}

private func deferredFinal(_ ctx: OpaquePointer?) {
    let ctx = ctx.unsafelyUnwrapped
    withAggregate(ctx) { $0.final(ctx) }
}
