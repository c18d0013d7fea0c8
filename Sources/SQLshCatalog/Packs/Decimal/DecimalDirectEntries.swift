import SQLshCore

/// The `decimal` pack's aggregate as a C entry (``DirectEntry``), as the `stats` pack's
/// (``StatsDirectEntries``).
enum DecimalDirectEntries {
    /// The entries, in the order of the pack's signatures.
    static let all: [DirectEntry] = [
        DirectEntry("decimal_sum", argumentCount: 1, decimalSum),
    ]

    // Each aggregate type's callbacks, written once (a C function pointer cannot be made in
    // generic code).
    static let decimalSum = DirectEntry.AggregateCallbacks(
        step: { DirectCall.step(DecimalSum.self, $0, $1, $2) }, final: { DirectCall.final(DecimalSum.self, $0) },
        value: { DirectCall.value(DecimalSum.self, $0) }, inverse: { DirectCall.inverse(DecimalSum.self, $0, $1, $2) })
}
