internal import CSQLite

/// The state of one aggregate invocation (one group) of a function made with
/// ``SQLFunction/init(_:argumentCount:options:accumulator:)``: an object, made by a closure
/// the function holds, so that each instance can reach per-function context (a loaded module,
/// a configuration) that an ``Aggregate`` type's `init()` cannot.
///
/// SQLite calls ``step(_:)`` for each row, then ``finalize(into:)`` once, on the thread running
/// the statement; the object is released right after, also when the statement fails or is
/// interrupted. It need not be `Sendable`: one instance lives within one statement.
public protocol AggregateAccumulator: AnyObject {
    /// Adds a row.
    func step(_ arguments: Arguments) throws
    /// Writes the result. Called on a fresh instance when no row was stepped.
    func finalize(into result: ResultContext) throws
}

extension SQLFunction {
    /// An aggregate function whose per-group state is an object `make` returns.
    ///
    /// ```swift
    /// final class Joiner: AggregateAccumulator {
    ///     let separator: String; var parts: [String] = []
    ///     init(_ separator: String) { self.separator = separator }
    ///     func step(_ arguments: Arguments) throws { parts.append(arguments[0].string ?? "") }
    ///     func finalize(into result: ResultContext) throws { result.set(parts.joined(separator: separator)) }
    /// }
    /// let separator = settings.separator
    /// try db.add(SQLFunction("joined", argumentCount: 1, accumulator: { Joiner(separator) }))
    /// ```
    @preconcurrency
    public convenience init(_ name: String, argumentCount: Int? = nil, options: FunctionOptions = [],
                            accumulator make: @escaping @Sendable () -> any AggregateAccumulator) {
        let implementation = AggregateImplementation(
            name: name, directOnlyName: options.contains(.directOnly) ? name : nil,
            step: { AccumulatorSlot.step($0, $1, make: make, name: name) }, inverse: { _, _ in },
            final: { AccumulatorSlot.final($0, make: make, name: name) },
            // A plain aggregate is never called as a window function (SQLite refuses to compile it).
            value: { ResultContext(rawValue: $0).setNull() })
        self.init(name, argumentCount: argumentCount, options: options, kind: .aggregate, aggregate: implementation)
    }
}

/// Keeps a retained ``AggregateAccumulator`` in SQLite's aggregate context (a pointer word,
/// nil until the first row) and releases it in xFinal, which SQLite calls exactly once for
/// every context it allocated.
private enum AccumulatorSlot {
    static let slotSize = Int32(MemoryLayout<UnsafeMutableRawPointer?>.size)

    static func step(_ ctx: OpaquePointer, _ arguments: Arguments,
                     make: @Sendable () -> any AggregateAccumulator, name: String) {
        guard let raw = sqlite3_aggregate_context(ctx, slotSize) else { return sqlite3_result_error_nomem(ctx) }
        let slot = raw.assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
        let accumulator: any AggregateAccumulator
        if let existing = slot.pointee {
            accumulator = Unmanaged<AccumulatorBox>.fromOpaque(existing).takeUnretainedValue().accumulator
        } else {
            accumulator = make()
            slot.pointee = Unmanaged.passRetained(AccumulatorBox(accumulator)).toOpaque()
        }
        do {
            try accumulator.step(arguments)
        } catch {
            ResultContext(rawValue: ctx).setError(error, function: name)
        }
    }

    static func final(_ ctx: OpaquePointer, make: @Sendable () -> any AggregateAccumulator, name: String) {
        let result = ResultContext(rawValue: ctx)
        var accumulator: (any AggregateAccumulator)?
        if let raw = sqlite3_aggregate_context(ctx, 0) {
            let slot = raw.assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
            if let existing = slot.pointee {
                accumulator = Unmanaged<AccumulatorBox>.fromOpaque(existing).takeRetainedValue().accumulator
                slot.pointee = nil
            }
        }
        do {
            try (accumulator ?? make()).finalize(into: result)
        } catch {
            result.setError(error, function: name)
        }
    }
}

/// The accumulator as one class reference, for the aggregate context's pointer word.
private final class AccumulatorBox {
    let accumulator: any AggregateAccumulator
    init(_ accumulator: any AggregateAccumulator) { self.accumulator = accumulator }
}
