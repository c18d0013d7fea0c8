import CSQLite

// The reference: plain @convention(c) callbacks registered with sqlite3_create_function_v2,
// reading and writing sqlite3_value directly, as a C extension would.

private let identityNumber: @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void = {
    ctx, _, argv in
    sqlite3_result_int64(ctx, sqlite3_value_int64(argv.unsafelyUnwrapped[0]))
}

private let identityText: @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void = {
    ctx, _, argv in
    let value = argv.unsafelyUnwrapped[0]
    let text = sqlite3_value_text(value)
    let count = sqlite3_value_bytes(value)
    sqlite3_result_text(ctx, UnsafeRawPointer(text)?.assumingMemoryBound(to: CChar.self), count, rawTransient)
}

private let reverseBytes: @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void = {
    ctx, _, argv in
    let value = argv.unsafelyUnwrapped[0]
    guard let text = sqlite3_value_text(value) else { return sqlite3_result_null(ctx) }
    let count = Int(sqlite3_value_bytes(value))
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: max(count, 1)) { buffer in
        for i in 0..<count { buffer[count - 1 - i] = CChar(bitPattern: text[i]) }
        sqlite3_result_text(ctx, buffer.baseAddress, Int32(count), rawTransient)
    }
}

/// The median's state: a malloc'd growable array of doubles in the aggregate context.
private struct MedianState {
    var values: UnsafeMutablePointer<Double>?
    var count: Int
    var capacity: Int
}

private let medianStep: @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void = {
    ctx, _, argv in
    guard let raw = sqlite3_aggregate_context(ctx, Int32(MemoryLayout<MedianState>.size)) else {
        return sqlite3_result_error_nomem(ctx)
    }
    let state = raw.assumingMemoryBound(to: MedianState.self)
    if state.pointee.count == state.pointee.capacity {
        let capacity = max(16, state.pointee.capacity * 2)
        guard let grown = sqlite3_realloc64(state.pointee.values, sqlite3_uint64(capacity * MemoryLayout<Double>.size)) else {
            return sqlite3_result_error_nomem(ctx)
        }
        state.pointee.values = grown.assumingMemoryBound(to: Double.self)
        state.pointee.capacity = capacity
    }
    state.pointee.values.unsafelyUnwrapped[state.pointee.count] = sqlite3_value_double(argv.unsafelyUnwrapped[0])
    state.pointee.count += 1
}

private let medianFinal: @convention(c) (OpaquePointer?) -> Void = { ctx in
    guard let raw = sqlite3_aggregate_context(ctx, 0) else { return sqlite3_result_null(ctx) }
    let state = raw.assumingMemoryBound(to: MedianState.self)
    defer { sqlite3_free(state.pointee.values) }
    guard let values = state.pointee.values, state.pointee.count > 0 else { return sqlite3_result_null(ctx) }
    var buffer = UnsafeMutableBufferPointer(start: values, count: state.pointee.count)
    sqlite3_result_double(ctx, median(&buffer))
}

/// The same median algorithm for every implementation: sort, take the middle.
func median(_ values: inout UnsafeMutableBufferPointer<Double>) -> Double {
    values.sort()
    let mid = values.count / 2
    return values.count % 2 == 1 ? values[mid] : (values[mid - 1] + values[mid]) / 2
}

private let rawTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

func registerRawCFunctions(_ db: OpaquePointer) {
    let flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC
    sqlite3_create_function_v2(db, "c_id", 1, flags, nil, identityNumber, nil, nil, nil)
    sqlite3_create_function_v2(db, "c_idtext", 1, flags, nil, identityText, nil, nil, nil)
    sqlite3_create_function_v2(db, "c_reverse", 1, flags, nil, reverseBytes, nil, nil, nil)
    sqlite3_create_function_v2(db, "c_median", 1, flags, nil, nil, medianStep, medianFinal, nil)
}
