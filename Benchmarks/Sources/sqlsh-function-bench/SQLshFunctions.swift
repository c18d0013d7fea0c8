import SQLshCore

// The sqlsh function API, in its three scalar forms: a closure returning a value, a closure
// writing its result, and a type (ScalarFunction).

private enum IdentityNumber: ScalarFunction {
    static let name = "t_id"
    static let argumentCount: Int? = 1
    static let options: FunctionOptions = .pure
    static func call(_ arguments: Arguments) -> Int64 { arguments[0].int64 }
}

private enum IdentityText: ScalarFunction {
    static let name = "t_idtext"
    static let argumentCount: Int? = 1
    static let options: FunctionOptions = .pure
    static func call(_ arguments: Arguments) -> String? { arguments[0].string }
}

private enum ReverseText: ScalarFunction {
    static let name = "t_reverse"
    static let argumentCount: Int? = 1
    static let options: FunctionOptions = .pure
    static func call(_ arguments: Arguments) -> String? {
        arguments[0].isNull ? nil : reversedString(arguments[0].utf8)
    }
}

/// The reversed bytes as a new String: one allocation, bytes copied once.
@inline(__always)
func reversedString(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    let count = bytes.count
    return String(unsafeUninitializedCapacity: count) { buffer in
        for i in 0..<count { buffer[count - 1 - i] = bytes[i] }
        return count
    }
}

private struct Median: WindowAggregate {
    var values: [Double] = []
    mutating func step(_ arguments: Arguments) { values.append(arguments[0].double) }
    mutating func inverse(_ arguments: Arguments) {
        if let i = values.firstIndex(of: arguments[0].double) { values.remove(at: i) }
    }
    func finalize() -> (any SQLValueConvertible)? {
        guard !values.isEmpty else { return nil }
        var copy = values
        return copy.withUnsafeMutableBufferPointer { median(&$0) }
    }
}

/// Reverses UTF-8 bytes into a stack buffer and hands them to SQLite (copied once).
@inline(__always)
private func reverse(_ bytes: UnsafeBufferPointer<UInt8>, into result: ResultContext) {
    let count = bytes.count
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(count, 1)) { buffer in
        for i in 0..<count { buffer[count - 1 - i] = bytes[i] }
        result.setText(utf8: UnsafeBufferPointer(rebasing: buffer[..<count]))
    }
}

func registerSQLshFunctions(_ db: Connection) throws {
    // Closures returning a value of an inferred type (the generic form).
    try db.add(SQLFunction("v_id", argumentCount: 1, options: .pure) { args in args[0].int64 })
    try db.add(SQLFunction("v_idtext", argumentCount: 1, options: .pure) { args in args[0].string })
    try db.add(SQLFunction("v_reverse", argumentCount: 1, options: .pure) { args in
        args[0].isNull ? nil : reversedString(args[0].utf8)
    })
    // Closures returning `(any SQLValueConvertible)?` (one existential per call).
    try db.add(SQLFunction("e_id", argumentCount: 1, options: .pure) { args -> (any SQLValueConvertible)? in args[0].int64 })
    try db.add(SQLFunction("e_idtext", argumentCount: 1, options: .pure) { args -> (any SQLValueConvertible)? in args[0].string })
    try db.add(SQLFunction("e_reverse", argumentCount: 1, options: .pure) { args -> (any SQLValueConvertible)? in
        args[0].isNull ? nil : reversedString(args[0].utf8)
    })
    // Closures writing their result.
    try db.add(SQLFunction("w_id", argumentCount: 1, options: .pure, writingResult: { args, result in
        result.set(args[0].int64)
    }))
    try db.add(SQLFunction("w_idtext", argumentCount: 1, options: .pure, writingResult: { args, result in
        result.setText(utf8: args[0].utf8)
    }))
    try db.add(SQLFunction("w_reverse", argumentCount: 1, options: .pure, writingResult: { args, result in
        if args[0].isNull { return result.setNull() }
        reverse(args[0].utf8, into: result)
    }))
    // Types.
    try db.add(IdentityNumber.self)
    try db.add(IdentityText.self)
    try db.add(ReverseText.self)
    // Aggregate.
    try db.add(SQLFunction("s_median", argumentCount: 1, options: .pure, aggregate: Median.self))
}
