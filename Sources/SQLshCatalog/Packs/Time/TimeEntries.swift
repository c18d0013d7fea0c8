import SQLshCore

/// The time pack's C entries (``DirectEntry``) for its one-argument getters and Unix
/// conversions: SQLite calls each directly, with no deferred slot or closure between it and
/// the body (issue 34: the core's entry cost about 44 instructions a call, which kept these at
/// 1.02-1.05 of sqlean's instructions).
///
/// Each body is the one of the function's catalog entry in ``TimeGetters`` or
/// ``TimeArithmetic`` (`DirectEntriesTests` checks that both answer the same). Written out one
/// closure per function: a C function pointer cannot be made in generic code.
enum TimeEntries {
    static let all: [DirectEntry] = [
        DirectEntry(scalar: "time_get_year", argumentCount: 1) {
            DirectCall.scalar($0, $1, $2, name: "time_get_year") { a, r in
                if let t = try TimeGetters.time(a, r) { r.set(CivilCalendar.fields(t).year) }
            }
        },
        DirectEntry(scalar: "time_get_month", argumentCount: 1) {
            DirectCall.scalar($0, $1, $2, name: "time_get_month") { a, r in
                if let t = try TimeGetters.time(a, r) { r.set(Int64(CivilCalendar.fields(t).month)) }
            }
        },
        DirectEntry(scalar: "time_get_day", argumentCount: 1) {
            DirectCall.scalar($0, $1, $2, name: "time_get_day") { a, r in
                if let t = try TimeGetters.time(a, r) { r.set(Int64(CivilCalendar.fields(t).day)) }
            }
        },
        DirectEntry(scalar: "time_get_hour", argumentCount: 1) {
            DirectCall.scalar($0, $1, $2, name: "time_get_hour") { a, r in
                if let t = try TimeGetters.time(a, r) { r.set(Int64(CivilCalendar.secondOfDay(t) / 3600)) }
            }
        },
        DirectEntry(scalar: "time_get_minute", argumentCount: 1) {
            DirectCall.scalar($0, $1, $2, name: "time_get_minute") { a, r in
                if let t = try TimeGetters.time(a, r) { r.set(Int64(CivilCalendar.secondOfDay(t) / 60 % 60)) }
            }
        },
        DirectEntry(scalar: "time_get_second", argumentCount: 1) {
            DirectCall.scalar($0, $1, $2, name: "time_get_second") { a, r in
                if let t = try TimeGetters.time(a, r) { r.set(Int64(CivilCalendar.secondOfDay(t) % 60)) }
            }
        },
        DirectEntry(scalar: "time_get_nano", argumentCount: 1) {
            DirectCall.scalar($0, $1, $2, name: "time_get_nano") { a, r in
                if let t = try TimeGetters.time(a, r) { r.set(Int64(t.nanoseconds)) }
            }
        },
        DirectEntry(scalar: "time_get_weekday", argumentCount: 1) {
            DirectCall.scalar($0, $1, $2, name: "time_get_weekday") { a, r in
                if let t = try TimeGetters.time(a, r) { r.set(Int64(CivilCalendar.weekday(dayNumber: CivilCalendar.dayNumber(t)))) }
            }
        },
        DirectEntry(scalar: "time_get_yearday", argumentCount: 1) {
            DirectCall.scalar($0, $1, $2, name: "time_get_yearday") { a, r in
                if let t = try TimeGetters.time(a, r) { r.set(Int64(CivilCalendar.fields(t).yearday)) }
            }
        },
        DirectEntry(scalar: "time_get_isoyear", argumentCount: 1) {
            DirectCall.scalar($0, $1, $2, name: "time_get_isoyear") { a, r in
                if let t = try TimeGetters.time(a, r) { r.set(CivilCalendar.isoWeek(dayNumber: CivilCalendar.dayNumber(t)).year) }
            }
        },
        DirectEntry(scalar: "time_get_isoweek", argumentCount: 1) {
            DirectCall.scalar($0, $1, $2, name: "time_get_isoweek") { a, r in
                if let t = try TimeGetters.time(a, r) { r.set(Int64(CivilCalendar.isoWeek(dayNumber: CivilCalendar.dayNumber(t)).week)) }
            }
        },
        DirectEntry(scalar: "time_to_unix", argumentCount: 1) {
            DirectCall.scalar($0, $1, $2, name: "time_to_unix") { a, r in
                try TimeArithmetic.setCount(a, r, unit: 1_000_000_000, word: "seconds")
            }
        },
        DirectEntry(scalar: "time_to_milli", argumentCount: 1) {
            DirectCall.scalar($0, $1, $2, name: "time_to_milli") { a, r in
                try TimeArithmetic.setCount(a, r, unit: 1_000_000, word: "milliseconds")
            }
        },
        DirectEntry(scalar: "time_to_micro", argumentCount: 1) {
            DirectCall.scalar($0, $1, $2, name: "time_to_micro") { a, r in
                try TimeArithmetic.setCount(a, r, unit: 1000, word: "microseconds")
            }
        },
        DirectEntry(scalar: "time_to_nano", argumentCount: 1) {
            DirectCall.scalar($0, $1, $2, name: "time_to_nano") { a, r in
                try TimeArithmetic.setCount(a, r, unit: 1, word: "nanoseconds")
            }
        },
    ]
}
