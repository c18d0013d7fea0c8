import CSQLite

extension Connection {
    /// Registers a function, replacing any with the same name and argument count.
    ///
    /// - Throws: ``SQLiteError`` when SQLite refuses, for example `SQLITE_BUSY` ("unable to
    ///   delete/modify user-function due to active statements") while statements are running.
    public func add(_ function: SQLFunction) throws {
        let userData = Unmanaged.passRetained(function).toOpaque()
        let flags = SQLITE_UTF8 | function.options.rawValue
        let rc: Int32
        switch function.kind {
        case .scalar:
            rc = sqlite3_create_function_v2(handle, function.name, function.sqliteArgumentCount, flags, userData,
                                            scalarCallback, nil, nil, releaseFunction)
        case .aggregate:
            rc = sqlite3_create_function_v2(handle, function.name, function.sqliteArgumentCount, flags, userData,
                                            nil, aggregateStep, aggregateFinal, releaseFunction)
        case .window:
            rc = sqlite3_create_window_function(handle, function.name, function.sqliteArgumentCount, flags, userData,
                                                aggregateStep, aggregateFinal, windowValue, windowInverse, releaseFunction)
        }
        // On failure SQLite has already called releaseFunction for the new registration.
        try check(rc, handle)
    }

    /// Unregisters a function (same name and argument count).
    /// - Throws: ``SQLiteError`` (`SQLITE_BUSY`) while statements are running.
    public func remove(_ function: SQLFunction) throws {
        try removeFunction(named: function.name, argumentCount: function.argumentCount)
    }

    /// Unregisters the function with this name and argument count (nil: the variadic one).
    public func removeFunction(named name: String, argumentCount: Int?) throws {
        let rc = sqlite3_create_function_v2(handle, name, argumentCount.map { Int32($0) } ?? -1, SQLITE_UTF8,
                                            nil, nil, nil, nil, nil)
        try check(rc, handle)
    }
}

// MARK: - C callbacks

@inline(__always)
private func function(_ ctx: OpaquePointer) -> SQLFunction {
    Unmanaged<SQLFunction>.fromOpaque(sqlite3_user_data(ctx)).takeUnretainedValue()
}

private func releaseFunction(_ p: UnsafeMutableRawPointer?) {
    guard let p else { return }
    Unmanaged<SQLFunction>.fromOpaque(p).release()
}

private func scalarCallback(_ ctx: OpaquePointer?, _ argc: Int32, _ argv: UnsafeMutablePointer<OpaquePointer?>?) {
    let ctx = ctx.unsafelyUnwrapped
    let result = ResultContext(rawValue: ctx)
    let arguments = Arguments(context: ctx, count: argc, values: argv)
    // Borrow the function (SQLite keeps it alive for the call): no reference counting per row.
    Unmanaged<SQLFunction>.fromOpaque(sqlite3_user_data(ctx))._withUnsafeGuaranteedRef { function in
        do {
            try function.call(arguments, result)
        } catch {
            result.setError(error)
        }
    }
}

/// The aggregate context holds one pointer: the retained box, created on the first step.
@inline(__always)
private func aggregateBox(_ ctx: OpaquePointer, create: Bool) -> AggregateBox? {
    let size = create ? Int32(MemoryLayout<UnsafeMutableRawPointer?>.size) : 0
    guard let slot = sqlite3_aggregate_context(ctx, size)?.assumingMemoryBound(to: UnsafeMutableRawPointer?.self) else {
        return nil
    }
    if let p = slot.pointee { return Unmanaged<AggregateBox>.fromOpaque(p).takeUnretainedValue() }
    guard create, case .aggregate(let make) = function(ctx).body else { return nil }
    let box = make()
    slot.pointee = Unmanaged.passRetained(box).toOpaque()
    return box
}

/// Takes the box out of the aggregate context (SQLite calls xFinal exactly once per context,
/// also when the statement fails or is reset), so it is released here.
private func takeAggregateBox(_ ctx: OpaquePointer) -> AggregateBox? {
    guard let slot = sqlite3_aggregate_context(ctx, 0)?.assumingMemoryBound(to: UnsafeMutableRawPointer?.self),
          let p = slot.pointee else { return nil }
    slot.pointee = nil
    return Unmanaged<AggregateBox>.fromOpaque(p).takeRetainedValue()
}

private func aggregateStep(_ ctx: OpaquePointer?, _ argc: Int32, _ argv: UnsafeMutablePointer<OpaquePointer?>?) {
    let ctx = ctx.unsafelyUnwrapped
    // After the first row, borrow the box the aggregate context holds: no reference counting
    // per row.
    if let slot = sqlite3_aggregate_context(ctx, 0)?.assumingMemoryBound(to: UnsafeMutableRawPointer?.self),
       let p = slot.pointee {
        return Unmanaged<AggregateBox>.fromOpaque(p)._withUnsafeGuaranteedRef { box in
            do {
                try box.step(Arguments(context: ctx, count: argc, values: argv))
            } catch {
                ResultContext(rawValue: ctx).setError(error)
            }
        }
    }
    guard let box = aggregateBox(ctx, create: true) else { return sqlite3_result_error_nomem(ctx) }
    do {
        try box.step(Arguments(context: ctx, count: argc, values: argv))
    } catch {
        ResultContext(rawValue: ctx).setError(error)
    }
}

private func windowInverse(_ ctx: OpaquePointer?, _ argc: Int32, _ argv: UnsafeMutablePointer<OpaquePointer?>?) {
    let ctx = ctx.unsafelyUnwrapped
    guard let box = aggregateBox(ctx, create: true) else { return sqlite3_result_error_nomem(ctx) }
    do {
        try box.inverse(Arguments(context: ctx, count: argc, values: argv))
    } catch {
        ResultContext(rawValue: ctx).setError(error)
    }
}

/// The result for an aggregate that saw no row: NULL, or the finalized fresh instance when the
/// aggregate asks for it.
private func emptyResult(_ ctx: OpaquePointer, _ result: ResultContext) throws {
    let function = function(ctx)
    guard function.finalizesEmptyInput, case .aggregate(let make) = function.body else { return result.setNull() }
    result.set(try make().finalize())
}

private func windowValue(_ ctx: OpaquePointer?) {
    let ctx = ctx.unsafelyUnwrapped
    let result = ResultContext(rawValue: ctx)
    do {
        if let box = aggregateBox(ctx, create: false) {
            result.set(try box.value())
        } else {
            try emptyResult(ctx, result)
        }
    } catch {
        result.setError(error)
    }
}

private func aggregateFinal(_ ctx: OpaquePointer?) {
    let ctx = ctx.unsafelyUnwrapped
    let result = ResultContext(rawValue: ctx)
    do {
        if let box = takeAggregateBox(ctx) {
            result.set(try box.finalize())
        } else {
            try emptyResult(ctx, result)
        }
    } catch {
        result.setError(error)
    }
}
