import SQLshCore

/// How a date argument was given, which decides how the answer is given (DuckDB's names on
/// SQLite's values): ISO text gives text, a Unix number a Unix number, a time blob a time blob.
enum DateKind: Equatable, Sendable {
    /// A 13-byte time blob of the time pack.
    case blob
    /// ISO text of a date alone (`2024-03-21`): DuckDB's DATE.
    case date
    /// ISO text of a date and clock (`2024-03-21 10:11:12`, `...T...Z`): DuckDB's TIMESTAMP.
    case timestamp
    /// Unix seconds, an integer or a real.
    case number
}

/// A date argument read from text, a number or a time blob.
struct DateArgument {
    var time: SqleanTime
    var kind: DateKind
}

/// An error of a DuckDB-named date function, reported as the statement's error message.
struct DateError: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }

    static func outOfRange(_ function: StaticString) -> DateError { DateError("\(function)(): date out of range") }
}

/// Reading the arguments of the DuckDB-named date functions and writing their answers.
enum DateArguments {
    /// The largest year magnitude the date functions read or make (DuckDB's own limit is
    /// about 294,000 years; this keeps every count of microseconds within an int64).
    static let yearLimit: Int64 = 280_000

    /// Whether any argument is NULL (the functions then answer NULL).
    static func hasNull(_ arguments: Arguments) -> Bool {
        for i in 0..<arguments.count where arguments[i].isNull { return true }
        return false
    }

    /// The date or time of `value`: ISO text, Unix seconds (integer or real) or a 13-byte time
    /// blob. nil for NULL.
    static func read(_ value: Argument, _ function: StaticString) throws -> DateArgument? {
        switch value.storageType {
        case .null: return nil
        case .blob:
            let blob = value.blob
            guard blob.count == TimeBlob.size, let bytes = blob.baseAddress else {
                throw DateError("\(function)(): a blob argument must be a 13-byte time value of the time pack")
            }
            return DateArgument(time: try inRange(TimeBlob.decode(bytes), function), kind: .blob)
        case .integer:
            guard let time = SqleanTime(unixSeconds: value.int64, nanoseconds: 0) else { throw DateError.outOfRange(function) }
            return DateArgument(time: try inRange(time, function), kind: .number)
        case .real:
            return DateArgument(time: try unixTime(value.double, function), kind: .number)
        case .text:
            let text = value.textBytes
            guard let (time, isDate) = DateText.parse(text) else {
                throw DateError("\(function)(): \(DateText.quoted(text)) is not a date (ISO text such as '2024-03-21' or '2024-03-21 10:11:12', Unix seconds or a time blob)")
            }
            return DateArgument(time: try inRange(time, function), kind: isDate ? .date : .timestamp)
        }
    }

    /// The time `seconds` after 1970 (a real, rounded to the microsecond as DuckDB does).
    static func unixTime(_ seconds: Double, _ function: StaticString) throws -> SqleanTime {
        guard seconds.isFinite, abs(seconds) < 9.0e12 else { throw DateError.outOfRange(function) }
        let micros = (seconds * 1e6).rounded()
        guard let time = SqleanTime(unixCount: Int64(micros), unit: 1000) else { throw DateError.outOfRange(function) }
        return try inRange(time, function)
    }

    /// `time`, or an error when its year is beyond ±``yearLimit``.
    static func inRange(_ time: SqleanTime, _ function: StaticString) throws -> SqleanTime {
        // 280,000 years are about 8.8e12 seconds either side of year 1.
        let limit: Int64 = yearLimit * 31_556_952
        guard time.seconds > -limit, time.seconds < limit else { throw DateError.outOfRange(function) }
        return time
    }

    /// Microseconds since 1970 (rounded down), for DuckDB's arithmetic.
    static func unixMicros(_ time: SqleanTime) -> Int64 {
        let seconds = time.seconds - SqleanTime.unixEpoch  // within ±9.2e12 after inRange
        return seconds * 1_000_000 + Int64(time.nanoseconds / 1000)
    }

    /// Sets a point in time as the answer, in the kind of the argument it came from: a time
    /// blob, Unix seconds (an integer when whole), or DuckDB's TIMESTAMP text.
    static func setTimestamp(_ time: SqleanTime, _ kind: DateKind, _ result: ResultContext, _ function: StaticString) throws {
        let time = try inRange(time, function)
        switch kind {
        case .blob: result.setTime(time)
        case .number: setUnix(time, result)
        case .date, .timestamp: DateText.setText(time, layout: .timestamp, result)
        }
    }

    /// Sets a date (a time at midnight) as the answer: DuckDB's DATE text for text arguments,
    /// else as ``setTimestamp(_:_:_:_:)``.
    static func setDate(_ time: SqleanTime, _ kind: DateKind, _ result: ResultContext, _ function: StaticString) throws {
        let time = try inRange(time, function)
        switch kind {
        case .blob: result.setTime(time)
        case .number: setUnix(time, result)
        case .date, .timestamp: DateText.setText(time, layout: .date, result)
        }
    }

    /// Unix seconds: an integer when whole, else a real with the fraction.
    static func setUnix(_ time: SqleanTime, _ result: ResultContext) {
        if time.nanoseconds == 0 {
            result.set(time.seconds - SqleanTime.unixEpoch)
        } else {
            result.set(time.unixReal)
        }
    }

    /// Midnight of the day of `time`.
    static func midnight(_ time: SqleanTime) -> SqleanTime {
        SqleanTime(seconds: CivilCalendar.dayNumber(time) * CivilCalendar.secondsPerDay, nanoseconds: 0)
    }

    /// The text of argument `index` for a part name or a format: short, any bytes (nil for NULL).
    static func text(_ arguments: Arguments, _ index: Int, _ function: StaticString, what: String) throws -> UnsafeBufferPointer<UInt8> {
        let value = arguments[index]
        guard value.storageType == .text else { throw DateError("\(function)(): the \(what) must be text") }
        return value.textBytes
    }
}
