import SQLshCore

/// The field names of `time_get`/`date_part` and `time_trunc`/`date_trunc`, matched as sqlean
/// matches them: case-sensitive, some exactly and some by prefix (`decades`, `months`,
/// `milliseconds` work; `millennia` does not).
enum TimeFields {
    static func equals(_ field: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Bool {
        field.count == name.utf8CodeUnitCount && startsWith(field, name)
    }

    static func startsWith(_ field: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Bool {
        let n = name.utf8CodeUnitCount
        guard field.count >= n else { return false }
        let p = name.utf8Start
        for i in 0..<n where field[i] != p[i] { return false }
        return true
    }

    /// Sets the value of a field of `time` (UTC) as the result: an integer, or a real for
    /// `second` and `epoch`.
    static func setValue(of field: UnsafeBufferPointer<UInt8>, _ time: SqleanTime, _ result: ResultContext) throws {
        let f = CivilCalendar.fields(time)
        if equals(field, "millennium") { return result.set(f.year / 1000) }
        if equals(field, "century") { return result.set(f.year / 100) }
        if startsWith(field, "decade") { return result.set(f.year / 10) }
        if equals(field, "year") || equals(field, "years") { return result.set(f.year) }
        if startsWith(field, "quarter") { return result.set((f.month - 1) / 3 + 1) }
        if startsWith(field, "month") { return result.set(f.month) }
        if equals(field, "day") || equals(field, "days") { return result.set(f.day) }
        if startsWith(field, "hour") { return result.set(f.hour) }
        if startsWith(field, "minute") { return result.set(f.minute) }
        if startsWith(field, "second") { return result.set(Double(f.second) + Double(f.nanosecond) / 1e9) }
        if startsWith(field, "milli") { return result.set(Int(f.nanosecond) / 1_000_000) }
        if startsWith(field, "micro") { return result.set(Int(f.nanosecond) / 1000) }
        if startsWith(field, "nano") { return result.set(Int(f.nanosecond)) }
        if equals(field, "isoyear") { return result.set(CivilCalendar.isoWeek(dayNumber: f.dayNumber).year) }
        if equals(field, "isoweek") || equals(field, "week") {
            return result.set(CivilCalendar.isoWeek(dayNumber: f.dayNumber).week)
        }
        if equals(field, "isodow") {
            let weekday = CivilCalendar.weekday(dayNumber: f.dayNumber)
            return result.set(weekday == 0 ? 7 : weekday)
        }
        if equals(field, "yearday") || equals(field, "doy") || equals(field, "dayofyear") {
            return result.set(f.yearday)
        }
        if equals(field, "weekday") || equals(field, "dow") || equals(field, "dayofweek") {
            return result.set(CivilCalendar.weekday(dayNumber: f.dayNumber))
        }
        if equals(field, "epoch") { return result.set(time.unixReal) }
        throw TimeError("unknown field")
    }

    /// `time` truncated to the start of a field: `millennium`, `century`, `decade`, `year`,
    /// `quarter`, `month`, `week` (Monday), `day`, `hour`, `minute`, `second`, `milli…`, `micro…`.
    static func truncate(_ time: SqleanTime, to field: UnsafeBufferPointer<UInt8>) throws -> SqleanTime {
        let f = CivilCalendar.fields(time)
        func startOfYear(_ year: Int64, month: Int = 1) throws -> SqleanTime {
            guard let t = CivilCalendar.time(year: year, month: Int64(month), day: 1) else {
                throw TimeError.outOfRange
            }
            return t
        }
        func startOfDay(_ dayNumber: Int64) throws -> SqleanTime {
            let (s, overflow) = dayNumber.multipliedReportingOverflow(by: CivilCalendar.secondsPerDay)
            if overflow { throw TimeError.outOfRange }
            return SqleanTime(seconds: s, nanoseconds: 0)
        }
        // Years round toward zero, as C's division does (year -1500 -> millennium -1000).
        if equals(field, "millennium") { return try startOfYear(f.year / 1000 * 1000) }
        if equals(field, "century") { return try startOfYear(f.year / 100 * 100) }
        if equals(field, "decade") { return try startOfYear(f.year / 10 * 10) }
        if equals(field, "year") { return try startOfYear(f.year) }
        if equals(field, "quarter") { return try startOfYear(f.year, month: (f.month - 1) / 3 * 3 + 1) }
        if equals(field, "month") { return try startOfYear(f.year, month: f.month) }
        if equals(field, "week") {
            return try startOfDay(f.dayNumber - CivilCalendar.floorModulo(f.dayNumber, 7))  // day 0 is a Monday
        }
        if equals(field, "day") { return try startOfDay(f.dayNumber) }
        let (seconds, nanos) = (time.seconds, time.nanoseconds)
        if equals(field, "hour") { return SqleanTime(seconds: seconds - CivilCalendar.floorModulo(seconds, 3600), nanoseconds: 0) }
        if equals(field, "minute") { return SqleanTime(seconds: seconds - CivilCalendar.floorModulo(seconds, 60), nanoseconds: 0) }
        if equals(field, "second") { return SqleanTime(seconds: seconds, nanoseconds: 0) }
        if startsWith(field, "milli") { return SqleanTime(seconds: seconds, nanoseconds: nanos / 1_000_000 * 1_000_000) }
        if startsWith(field, "micro") { return SqleanTime(seconds: seconds, nanoseconds: nanos / 1000 * 1000) }
        throw TimeError("unknown field")
    }
}
