// Public: the aggregate callbacks are @inlinable (specialized where a function is made), and
// inlinable code may only use a public import. No public declaration here mentions a C type.
public import CSQLite

// What SQLite's user-data pointer holds for each registered function: one object per
// registration, retained by SQLite and released by its xDestroy. Each kind has its own C
// callbacks, so a call goes straight to its body with no switch, and the object is borrowed
// (`_withUnsafeGuaranteedRef`) rather than retained on every call.

/// A scalar function returning a value.
@usableFromInline
final class ScalarValueImplementation: Sendable {
    @usableFromInline let body: @Sendable (Arguments) throws -> (any SQLValueConvertible)?
    /// The function's name, for the messages of errors that do not describe themselves.
    @usableFromInline let name: String
    /// The direct-only check, made at each call (``DirectOnlyGuard``); none for most functions.
    let directOnly: DirectOnlyGate
    @usableFromInline init(_ body: @escaping @Sendable (Arguments) throws -> (any SQLValueConvertible)?,
                           name: String, directOnlyName: String? = nil) {
        self.body = body
        self.name = name
        directOnly = DirectOnlyGate(name: directOnlyName)
    }
}

/// A scalar function writing its result into a ``ResultContext``.
@usableFromInline
final class ScalarDirectImplementation: Sendable {
    @usableFromInline let body: @Sendable (Arguments, ResultContext) throws -> Void
    /// The function's name, for the messages of errors that do not describe themselves.
    @usableFromInline let name: String
    /// The direct-only check, made at each call (``DirectOnlyGuard``); none for most functions.
    let directOnly: DirectOnlyGate
    /// Whether a NULL argument gives NULL without running ``body``.
    let nullForNullArguments: Bool
    /// Whether a call checks anything before running ``body`` (direct-only, NULL arguments):
    /// one test on the usual path.
    let checksCall: Bool
    @usableFromInline init(_ body: @escaping @Sendable (Arguments, ResultContext) throws -> Void,
                           name: String, directOnlyName: String? = nil, nullForNullArguments: Bool = false) {
        self.body = body
        self.name = name
        directOnly = DirectOnlyGate(name: directOnlyName)
        self.nullForNullArguments = nullForNullArguments
        checksCall = directOnly.isDirectOnly || nullForNullArguments
    }
}

/// An aggregate (or window) function: the per-type code behind SQLite's step/final/value/inverse
/// callbacks, as closures made by ``window(_:name:directOnlyName:)`` or
/// ``aggregate(_:name:directOnlyName:)``. Those are `@inlinable`: made by ``SQLFunction``'s
/// initializers for a statically known type, the closures are specialized for it in the
/// caller's module, and a step is one indirect call into plain code (a generic class's
/// overridden methods stayed unspecialized: about 80 instructions a row of metadata and
/// witness-table calls). No stored state (each invocation's state lives in SQLite's aggregate
/// context), hence `Sendable`.
@usableFromInline
final class AggregateImplementation: @unchecked Sendable {
    @usableFromInline typealias Step = @Sendable (OpaquePointer, Arguments) -> Void
    @usableFromInline typealias Final = @Sendable (OpaquePointer) -> Void
    /// The function's name, for the messages of errors that do not describe themselves.
    let name: String
    /// The direct-only check, made at each step (``DirectOnlyGuard``); none for most functions.
    let directOnly: DirectOnlyGate
    let step: Step, inverse: Step, final: Final, value: Final

    @usableFromInline
    init(name: String, directOnlyName: String?,
         step: @escaping Step, inverse: @escaping Step, final: @escaping Final, value: @escaping Final) {
        self.name = name
        directOnly = DirectOnlyGate(name: directOnlyName)
        (self.step, self.inverse, self.final, self.value) = (step, inverse, final, value)
    }

    /// A window function (also a plain aggregate) keeping a `W` per invocation.
    @inlinable
    static func window<W: WindowAggregate>(_ type: W.Type, name: String, directOnlyName: String?) -> AggregateImplementation {
        AggregateImplementation(name: name, directOnlyName: directOnlyName,
                                step: { AggregateState<W>.step($0, $1, name) }, inverse: { AggregateState<W>.inverse($0, $1, name) },
                                final: { AggregateState<W>.final($0, name) }, value: { AggregateState<W>.value($0, name) })
    }

    /// A plain aggregate (not a window function) keeping an `A` per invocation.
    @inlinable
    static func aggregate<A: Aggregate>(_ type: A.Type, name: String, directOnlyName: String?) -> AggregateImplementation {
        AggregateImplementation(name: name, directOnlyName: directOnlyName,
                                step: { AggregateState<A>.step($0, $1, name) }, inverse: { _, _ in },
                                final: { AggregateState<A>.final($0, name) },
                                // A plain aggregate is never called as a window function (SQLite
                                // refuses to compile that); this is only a safe answer.
                                value: { ResultContext(rawValue: $0).setNull() })
    }
}

/// Keeps the aggregate's state `A` in SQLite's aggregate context itself: no separate heap
/// object, no reference counting, no dynamic exclusivity checks per row.
///
/// The context holds a flag word (0: no state yet, 1: initialized) followed by `A`, or, when
/// `A` needs more alignment than SQLite's allocator guarantees (8 bytes), a pointer to a
/// separately allocated `A`. SQLite calls xFinal exactly once for every context it allocated,
/// also when the statement fails, is reset or is finalized early, and the state is
/// deinitialized there: nothing outlives the query.
///
/// `@usableFromInline`, its members `@inlinable`: ``SpecializedAggregateImplementation`` has
/// them specialized for `A` where the function is made, so that a step is plain code with no
/// generic dispatch (an unspecialized step spent about 80 instructions a row in metadata and
/// witness-table calls).
@usableFromInline
enum AggregateState<A: Aggregate> {
    @inlinable static var isInline: Bool { MemoryLayout<A>.alignment <= 8 }
    @inlinable static var offset: Int { 8 }
    @inlinable static var size: Int32 { Int32(offset + (isInline ? max(MemoryLayout<A>.size, 1) : 8)) }

    // Forced inlining in this file: the Benchmarks package (function API against C) and Benchmarks/catalog.sh: every call.
    /// The state of the current invocation, created when `create` is true and it is missing.
    @inlinable @inline(__always)
    static func state(_ ctx: OpaquePointer, create: Bool) -> UnsafeMutablePointer<A>? {
        guard let raw = sqlite3_aggregate_context(ctx, create ? size : 0) else { return nil }
        let flag = raw.assumingMemoryBound(to: Int.self)
        let slot = raw + offset
        if flag.pointee != 0 {
            return isInline ? slot.assumingMemoryBound(to: A.self)
                : slot.assumingMemoryBound(to: UnsafeMutablePointer<A>.self).pointee
        }
        guard create else { return nil }
        return makeState(flag, slot)
    }

    /// The first row's state: a fresh `A` in the context (or behind a pointer in it).
    /// Specialized where the function is made (`@inlinable`), out of line: a step then passes
    /// no type metadata, and the steps of types that differ only in a type parameter their
    /// state does not use are the same code.
    @inlinable @inline(never)
    static func makeState(_ flag: UnsafeMutablePointer<Int>, _ slot: UnsafeMutableRawPointer) -> UnsafeMutablePointer<A> {
        let state: UnsafeMutablePointer<A>
        if isInline {
            state = slot.bindMemory(to: A.self, capacity: 1)
        } else {
            state = .allocate(capacity: 1)
            slot.bindMemory(to: UnsafeMutablePointer<A>.self, capacity: 1).pointee = state
        }
        state.initialize(to: A())
        flag.pointee = 1
        return state
    }

    /// Ends the state of the invocation.
    @inlinable @inline(__always)
    static func destroy(_ ctx: OpaquePointer, _ state: UnsafeMutablePointer<A>) {
        state.deinitialize(count: 1)
        if !isInline { state.deallocate() }
        sqlite3_aggregate_context(ctx, 0)?.assumingMemoryBound(to: Int.self).pointee = 0
    }

    /// A row going into the state (`step`) or out of it (a window's `inverse`): `body` with
    /// the state, made at the first row; a thrown error goes to `fail` (which reports it with
    /// the function's name).
    @inlinable @inline(__always)
    static func row(_ ctx: OpaquePointer, _ arguments: Arguments, _ body: (inout A, Arguments) throws -> Void,
                    fail: (OpaquePointer, any Error) -> Void) {
        guard let state = state(ctx, create: true) else { return sqlite3_result_error_nomem(ctx) }
        do {
            try body(&state.pointee, arguments)
        } catch {
            fail(ctx, error)
        }
    }

    @inlinable @inline(__always)
    static func step(_ ctx: OpaquePointer, _ arguments: Arguments, _ name: String) {
        row(ctx, arguments, { try $0.step($1) }, fail: { failCall($0, $1, name: name) })
    }

    @inlinable @inline(__always)
    static func final(_ ctx: OpaquePointer, _ name: String) {
        final(ctx) { failCall($0, $1, name: name) }
    }

    /// The result of the invocation, its state ended; a thrown error goes to `fail`.
    @inlinable @inline(__always)
    static func final(_ ctx: OpaquePointer, _ fail: (OpaquePointer, any Error) -> Void) {
        let result = ResultContext(rawValue: ctx)
        do {
            if let state = state(ctx, create: false) {
                defer { destroy(ctx, state) }
                result.set(try state.pointee.finalize())
            } else {
                try emptyResult(result)
            }
        } catch {
            fail(ctx, error)
        }
    }

    /// The result for no input: NULL, or the finalized fresh state when the aggregate asks.
    @inlinable
    static func emptyResult(_ result: ResultContext) throws {
        if A.finalizesEmptyInput { result.set(try A().finalize()) } else { result.setNull() }
    }
}

extension AggregateState where A: WindowAggregate {
    /// Removes a row (``row(_:_:_:fail:)``).
    @inlinable @inline(__always)
    static func inverse(_ ctx: OpaquePointer, _ arguments: Arguments, _ name: String) {
        row(ctx, arguments, { try $0.inverse($1) }, fail: { failCall($0, $1, name: name) })
    }

    @inlinable @inline(__always)
    static func value(_ ctx: OpaquePointer, _ name: String) {
        value(ctx) { failCall($0, $1, name: name) }
    }

    /// The current value of a window; a thrown error goes to `fail`.
    @inlinable @inline(__always)
    static func value(_ ctx: OpaquePointer, _ fail: (OpaquePointer, any Error) -> Void) {
        let result = ResultContext(rawValue: ctx)
        do {
            if let state = state(ctx, create: false) {
                result.set(try state.pointee.value())
            } else {
                try emptyResult(result)
            }
        } catch {
            fail(ctx, error)
        }
    }
}
