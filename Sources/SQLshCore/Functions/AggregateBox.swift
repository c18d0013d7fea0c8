/// The per-invocation state of an aggregate, behind a class so that SQLite's aggregate
/// context can hold a single pointer to it. Subclasses are generic over the user's type.
@usableFromInline
class AggregateBox {
    func step(_ arguments: Arguments) throws {}
    func finalize() throws -> (any SQLValueConvertible)? { nil }
    func inverse(_ arguments: Arguments) throws {}
    func value() throws -> (any SQLValueConvertible)? { nil }
}

/// The state lives behind a pointer rather than in a stored `var`: mutating a class's stored
/// property costs a dynamic exclusivity check (begin/end access) on every step.
class TypedAggregateBox<A: Aggregate>: AggregateBox {
    let state: UnsafeMutablePointer<A>
    override init() {
        state = .allocate(capacity: 1)
        state.initialize(to: A())
    }
    deinit {
        state.deinitialize(count: 1)
        state.deallocate()
    }
    override func step(_ arguments: Arguments) throws { try state.pointee.step(arguments) }
    override func finalize() throws -> (any SQLValueConvertible)? { try state.pointee.finalize() }
}

final class TypedWindowBox<W: WindowAggregate>: TypedAggregateBox<W> {
    override func inverse(_ arguments: Arguments) throws { try state.pointee.inverse(arguments) }
    override func value() throws -> (any SQLValueConvertible)? { try state.pointee.value() }
}
