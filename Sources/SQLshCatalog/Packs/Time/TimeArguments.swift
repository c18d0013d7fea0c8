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

enum TimeArguments {
    /// The time value of argument `index`: a 13-byte blob, read in place.
    @inline(__always)
    static func time(_ arguments: Arguments, _ index: Int, _ position: ArgumentPosition) throws -> SqleanTime {
        let value = arguments[index]
        guard value.storageType == .blob else {
            throw TimeError(position.prefix + "should be a time blob")
        }
        let blob = value.blob  // a blob: its bytes in place, with no second look at the type
        guard blob.count == TimeBlob.size, let bytes = blob.baseAddress else {
            throw TimeError(position == .only ? "invalid time blob size" : position.prefix + "invalid time blob size")
        }
        return TimeBlob.decode(bytes)
    }

    /// The integer of argument `index`, which must be stored as an INTEGER (sqlean's strict typing:
    /// text '3' and real 3.0 are refused).
    @inline(__always)
    static func integer(_ arguments: Arguments, _ index: Int, _ position: ArgumentPosition) throws -> Int64 {
        let value = arguments[index]
        guard value.storageType == .integer else {
            throw TimeError(position.prefix + "should be an integer")
        }
        return value.int64
    }

    /// Checks that every argument is stored as an INTEGER, or fails with sqlean's "all
    /// parameters should be integers" (time_date, time_unix and their aliases).
    @inline(__always)
    static func requireIntegers(_ arguments: Arguments) throws {
        for i in 0..<arguments.count where arguments[i].storageType != .integer {
            throw TimeError("all parameters should be integers")
        }
    }

    /// The field name of argument `index` (TEXT only), its bytes read in place.
    @inline(__always)
    static func field(_ arguments: Arguments, _ index: Int, _ position: ArgumentPosition) throws -> UnsafeBufferPointer<UInt8> {
        let value = arguments[index]
        guard value.storageType == .text else {
            throw TimeError(position.prefix + "should be a field name")
        }
        return value.textBytes
    }

    /// Whether any argument is NULL: every time function then returns NULL.
    @inline(__always)
    static func anyNull(_ arguments: Arguments) -> Bool {
        for i in 0..<arguments.count where arguments[i].isNull { return true }
        return false
    }
}
