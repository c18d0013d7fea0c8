import SQLshCore

/// sqlean's durations: int64 counts of nanoseconds (about ±292 years), and the constants that
/// name the units.
enum Durations {
    static func constant(_ name: String, _ nanoseconds: Int64, unit: String) -> CatalogFunction {
        TimeCatalog.entry(
            name, counts: [0], arguments: "",
            summary: "the duration of one \(unit) in nanoseconds, \(nanoseconds)",
            details: """
                \(name)() returns \(nanoseconds), one \(unit) as a duration: an integer count \
                of nanoseconds, as time_add, time_sub, time_trunc and time_round use them \
                (5*dur_m() + 30*dur_s() is five and a half minutes).
                """,
            example: "select \(name)();  -- \(nanoseconds)",
            body: { _, result in result.set(nanoseconds) })
    }

    static let all = [
        constant("dur_ns", 1, unit: "nanosecond"),
        constant("dur_us", 1000, unit: "microsecond"),
        constant("dur_ms", 1_000_000, unit: "millisecond"),
        constant("dur_s", 1_000_000_000, unit: "second"),
        constant("dur_m", 60_000_000_000, unit: "minute"),
        constant("dur_h", 3_600_000_000_000, unit: "hour"),
    ]
}
