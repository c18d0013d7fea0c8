/// The per-invocation state of an aggregate, behind a class so that SQLite's aggregate
/// context can hold a single pointer to it. Subclasses are generic over the user's type.
@usableFromInline
class AggregateBox {
    func step(_ arguments: Arguments) throws {}
    func finalize() throws -> (any SQLValueConvertible)? { nil }
    func inverse(_ arguments: Arguments) throws {}
    func value() throws -> (any SQLValueConvertible)? { nil }
}

class TypedAggregateBox<A: Aggregate>: AggregateBox {
    var state = A()
    override func step(_ arguments: Arguments) throws { try state.step(arguments) }
    override func finalize() throws -> (any SQLValueConvertible)? { try state.finalize() }
}

final class TypedWindowBox<W: WindowAggregate>: TypedAggregateBox<W> {
    override func inverse(_ arguments: Arguments) throws { try state.inverse(arguments) }
    override func value() throws -> (any SQLValueConvertible)? { try state.value() }
}
