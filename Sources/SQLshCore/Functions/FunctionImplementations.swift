internal import CSQLite

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
    /// The name of a direct-only function, checked at each call (``DirectOnlyGuard``).
    @usableFromInline let directOnlyName: String?
    @usableFromInline init(_ body: @escaping @Sendable (Arguments) throws -> (any SQLValueConvertible)?,
                           name: String, directOnlyName: String? = nil) {
        self.body = body
        self.name = name
        self.directOnlyName = directOnlyName
    }
}

/// A scalar function writing its result into a ``ResultContext``.
@usableFromInline
final class ScalarDirectImplementation: Sendable {
    @usableFromInline let body: @Sendable (Arguments, ResultContext) throws -> Void
    /// The function's name, for the messages of errors that do not describe themselves.
    @usableFromInline let name: String
    /// The name of a direct-only function, checked at each call (``DirectOnlyGuard``).
    @usableFromInline let directOnlyName: String?
    @usableFromInline init(_ body: @escaping @Sendable (Arguments, ResultContext) throws -> Void,
                           name: String, directOnlyName: String? = nil) {
        self.body = body
        self.name = name
        self.directOnlyName = directOnlyName
    }
}

/// An aggregate (or window) function: the per-type code behind SQLite's step/final/value/inverse
/// callbacks. Subclassed generically by ``InlineAggregateImplementation`` and
/// ``InlineWindowImplementation``. No stored state (each invocation's state lives in SQLite's
/// aggregate context), hence `Sendable`.
@usableFromInline
class AggregateImplementation: @unchecked Sendable {
    /// The name of a direct-only function, checked at each step (``DirectOnlyGuard``); set once,
    /// when the function is made.
    var directOnlyName: String?
    /// The function's name, for the messages of errors that do not describe themselves; set
    /// once, when the function is made.
    var name = ""
    func step(_ ctx: OpaquePointer, _ arguments: Arguments) {}
    func inverse(_ ctx: OpaquePointer, _ arguments: Arguments) {}
    func final(_ ctx: OpaquePointer) {}
    func value(_ ctx: OpaquePointer) {}
}

/// Keeps the aggregate's state `A` in SQLite's aggregate context itself: no separate heap
/// object, no reference counting, no dynamic exclusivity checks per row.
///
/// The context holds a flag word (0: no state yet, 1: initialized) followed by `A`, or, when
/// `A` needs more alignment than SQLite's allocator guarantees (8 bytes), a pointer to a
/// separately allocated `A`. SQLite calls xFinal exactly once for every context it allocated,
/// also when the statement fails, is reset or is finalized early, and the state is
/// deinitialized there: nothing outlives the query.
enum AggregateState<A: Aggregate> {
    private static var isInline: Bool { MemoryLayout<A>.alignment <= 8 }
    private static var offset: Int { 8 }
    private static var size: Int32 { Int32(offset + (isInline ? max(MemoryLayout<A>.size, 1) : 8)) }

    /// The state of the current invocation, created when `create` is true and it is missing.
    @inline(__always)
    static func state(_ ctx: OpaquePointer, create: Bool) -> UnsafeMutablePointer<A>? {
        guard let raw = sqlite3_aggregate_context(ctx, create ? size : 0) else { return nil }
        let flag = raw.assumingMemoryBound(to: Int.self)
        let slot = raw + offset
        if flag.pointee != 0 {
            return isInline ? slot.assumingMemoryBound(to: A.self)
                : slot.assumingMemoryBound(to: UnsafeMutablePointer<A>.self).pointee
        }
        guard create else { return nil }
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
    @inline(__always)
    private static func destroy(_ ctx: OpaquePointer, _ state: UnsafeMutablePointer<A>) {
        state.deinitialize(count: 1)
        if !isInline { state.deallocate() }
        sqlite3_aggregate_context(ctx, 0)?.assumingMemoryBound(to: Int.self).pointee = 0
    }

    @inline(__always)
    static func step(_ ctx: OpaquePointer, _ arguments: Arguments, of implementation: AggregateImplementation) {
        guard let state = state(ctx, create: true) else { return sqlite3_result_error_nomem(ctx) }
        do {
            try state.pointee.step(arguments)
        } catch {
            ResultContext(rawValue: ctx).setError(error, function: implementation.name)
        }
    }

    @inline(__always)
    static func final(_ ctx: OpaquePointer, of implementation: AggregateImplementation) {
        let result = ResultContext(rawValue: ctx)
        do {
            if let state = state(ctx, create: false) {
                defer { destroy(ctx, state) }
                result.set(try state.pointee.finalize())
            } else {
                try emptyResult(result)
            }
        } catch {
            result.setError(error, function: implementation.name)
        }
    }

    /// The result for no input: NULL, or the finalized fresh state when the aggregate asks.
    static func emptyResult(_ result: ResultContext) throws {
        if A.finalizesEmptyInput { result.set(try A().finalize()) } else { result.setNull() }
    }
}

// The two implementations below derive from the non-generic base directly: a generic class
// whose superclass is generic too has that superclass looked up by mangled name at run time,
// with a conformance check that scans every conformance record of the program (about 100 µs
// per function at start-up).

/// An aggregate (not a window function).
final class InlineAggregateImplementation<A: Aggregate>: AggregateImplementation, @unchecked Sendable {
    override func step(_ ctx: OpaquePointer, _ arguments: Arguments) { AggregateState<A>.step(ctx, arguments, of: self) }

    override func value(_ ctx: OpaquePointer) {
        // A plain aggregate is never called as a window function (SQLite refuses to compile
        // that); this is only a safe answer.
        ResultContext(rawValue: ctx).setNull()
    }

    override func final(_ ctx: OpaquePointer) { AggregateState<A>.final(ctx, of: self) }
}

/// A ``WindowAggregate``: also removes rows from the frame and reads the current value.
final class InlineWindowImplementation<W: WindowAggregate>: AggregateImplementation, @unchecked Sendable {
    override func step(_ ctx: OpaquePointer, _ arguments: Arguments) { AggregateState<W>.step(ctx, arguments, of: self) }

    override func final(_ ctx: OpaquePointer) { AggregateState<W>.final(ctx, of: self) }

    override func inverse(_ ctx: OpaquePointer, _ arguments: Arguments) {
        guard let state = AggregateState<W>.state(ctx, create: true) else { return sqlite3_result_error_nomem(ctx) }
        do {
            try state.pointee.inverse(arguments)
        } catch {
            ResultContext(rawValue: ctx).setError(error, function: name)
        }
    }

    override func value(_ ctx: OpaquePointer) {
        let result = ResultContext(rawValue: ctx)
        do {
            if let state = AggregateState<W>.state(ctx, create: false) {
                result.set(try state.pointee.value())
            } else {
                try AggregateState<W>.emptyResult(result)
            }
        } catch {
            result.setError(error, function: name)
        }
    }
}
