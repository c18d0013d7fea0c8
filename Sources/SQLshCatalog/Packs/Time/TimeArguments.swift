import SQLshCore

/// An error of a time function, reported as the statement's error message (sqlean's texts).
struct TimeError: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }

    /// Arithmetic left the range of an int64 count of seconds (about 292 billion years).
    static let outOfRange = TimeError("time value out of range")
}

/// Where an argument sits, for sqlean's error messages: a function of one argument says
/// "parameter should be a time blob", the others "1st parameter: should be a time blob".
enum ArgumentPosition: Int {
    case only = 0, first, second, third, fourth

    var prefix: String {
        switch self {
        case .only: return "parameter "
        case .first: return "1st parameter: "
        case .second: return "2nd parameter: "
        case .third: return "3rd parameter: "
        case .fourth: return "4th parameter: "
        }
    }
}

/// The argument readers of the time functions. The core does not check the arguments for
/// NULL before a call (each check cost a call of `sqlite3_value_type` and a loop, about 15
/// instructions an argument, where the readers look at the type anyway): a reader that finds
/// an argument of the wrong type calls ``refuse(_:_:_:)``, which makes the result NULL when
/// any argument is NULL (the reader then returns nil, and the function returns), else fails.
enum TimeArguments {
    /// The time value of argument `index`: a 13-byte blob, read in place. nil when the call
    /// has a NULL argument (the result is then NULL).
    static func time(_ arguments: Arguments, _ index: Int, _ position: ArgumentPosition,
                     _ result: ResultContext) throws -> SqleanTime? {
        let value = arguments[index]
        guard value.storageType == .blob else {
            try refuse(arguments, result, position.prefix + "should be a time blob")
            return nil
        }
        let blob = value.blob  // a blob: its bytes in place, with no second look at the type
        guard blob.count == TimeBlob.size, let bytes = blob.baseAddress else {
            try refuse(arguments, result,
                       position == .only ? "invalid time blob size" : position.prefix + "invalid time blob size")
            return nil
        }
        return TimeBlob.decode(bytes)
    }

    /// The integer of argument `index`, which must be stored as an INTEGER (sqlean's strict typing:
    /// text '3' and real 3.0 are refused). nil when the call has a NULL argument.
    static func integer(_ arguments: Arguments, _ index: Int, _ position: ArgumentPosition,
                        _ result: ResultContext) throws -> Int64? {
        let value = arguments[index]
        guard value.storageType == .integer else {
            try refuse(arguments, result, position.prefix + "should be an integer")
            return nil
        }
        return value.int64
    }

    /// Checks that every argument is stored as an INTEGER, or fails with sqlean's "all
    /// parameters should be integers" (time_date, time_unix and their aliases). false when the
    /// call has a NULL argument (the result is then NULL).
    static func requireIntegers(_ arguments: Arguments, _ result: ResultContext) throws -> Bool {
        for i in 0..<arguments.count where arguments[i].storageType != .integer {
            try refuse(arguments, result, "all parameters should be integers")
            return false
        }
        return true
    }

    /// The field name of argument `index` (TEXT only), its bytes read in place. nil when the
    /// call has a NULL argument.
    static func field(_ arguments: Arguments, _ index: Int, _ position: ArgumentPosition,
                      _ result: ResultContext) throws -> UnsafeBufferPointer<UInt8>? {
        let value = arguments[index]
        guard value.storageType == .text else {
            try refuse(arguments, result, position.prefix + "should be a field name")
            return nil
        }
        return value.textBytes
    }

    /// What a reader does with an argument of the wrong type: when any argument is NULL, it
    /// makes the result NULL (as in sqlean's later versions; 0.28.3 raised type errors) and
    /// returns (the reader then returns nil); otherwise it fails with `message`. Out of line:
    /// the usual call never comes here.
    @inline(never)
    static func refuse(_ arguments: Arguments, _ result: ResultContext, _ message: String) throws {
        for i in 0..<arguments.count where arguments[i].isNull { return result.setNull() }
        throw TimeError(message)
    }
}
