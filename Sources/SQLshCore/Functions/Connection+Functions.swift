import CSQLite

extension Connection {
    /// Registers a function, replacing any with the same name and argument count.
    ///
    /// ```swift
    /// try db.add(SQLFunction("twice", argumentCount: 1, options: .pure) { args in args[0].int64 * 2 })
    /// ```
    ///
    /// - Throws: ``SQLiteError`` when SQLite refuses, for example `SQLITE_BUSY` ("unable to
    ///   delete/modify user-function due to active statements") while statements are running.
    public func add(_ function: SQLFunction) throws {
        guard !isClosed else { throw SQLiteError(code: SQLITE_MISUSE, message: "the database connection is closed") }
        let flags = SQLITE_UTF8 | function.options.rawValue
        let name = function.name
        let count = function.sqliteArgumentCount
        let rc: Int32
        // The implementation object is retained for SQLite and released by its xDestroy, also
        // when registration fails.
        switch function.implementation {
        case .value(let implementation):
            rc = sqlite3_create_function_v2(handle, name, count, flags, Unmanaged.passRetained(implementation).toOpaque(),
                                            scalarValueCallback, nil, nil, releaseImplementation)
        case .direct(let implementation):
            rc = sqlite3_create_function_v2(handle, name, count, flags, Unmanaged.passRetained(implementation).toOpaque(),
                                            scalarDirectCallback, nil, nil, releaseImplementation)
        case .aggregate(let implementation):
            let userData = Unmanaged.passRetained(implementation).toOpaque()
            if function.kind == .window {
                rc = sqlite3_create_window_function(handle, name, count, flags, userData, aggregateStep, aggregateFinal,
                                                    windowValue, windowInverse, releaseImplementation)
            } else {
                rc = sqlite3_create_function_v2(handle, name, count, flags, userData, nil, aggregateStep, aggregateFinal,
                                                releaseImplementation)
            }
        }
        try check(rc, handle)
    }

    /// Unregisters a function (same name and argument count).
    /// - Throws: ``SQLiteError`` (`SQLITE_BUSY`) while statements are running.
    public func remove(_ function: SQLFunction) throws {
        try removeFunction(named: function.name, argumentCount: function.argumentCount)
    }

    /// Unregisters the function with this name and argument count (nil: the variadic one).
    ///
    /// SQLite keeps an empty entry for a removed overload: a call with that argument count
    /// then fails with "wrong number of arguments" rather than falling back to a variadic
    /// overload of the same name.
    ///
    /// - Throws: ``SQLiteError`` (`SQLITE_BUSY`) while statements are running.
    public func removeFunction(named name: String, argumentCount: Int?) throws {
        let rc = sqlite3_create_function_v2(handle, name, argumentCount.map { Int32($0) } ?? -1, SQLITE_UTF8,
                                            nil, nil, nil, nil, nil)
        try check(rc, handle)
    }
}

// MARK: - C callbacks

/// SQLite's xDestroy: releases the implementation object retained by `add`.
func releaseImplementation(_ p: UnsafeMutableRawPointer?) {
    guard let p else { return }
    Unmanaged<AnyObject>.fromOpaque(p).release()
}

func scalarValueCallback(_ ctx: OpaquePointer?, _ argc: Int32, _ argv: UnsafeMutablePointer<OpaquePointer?>?) {
    let ctx = ctx.unsafelyUnwrapped
    Unmanaged<ScalarValueImplementation>.fromOpaque(sqlite3_user_data(ctx))._withUnsafeGuaranteedRef { implementation in
        let result = ResultContext(rawValue: ctx)
        do {
            // Consumed rather than copied out of the optional: no value-witness copy per call.
            let value = try implementation.body(Arguments(context: ctx, count: argc, values: argv))
            switch consume value {
            case .some(let value): value.setResult(result)
            case .none: result.setNull()
            }
        } catch {
            result.setError(error)
        }
    }
}

func scalarDirectCallback(_ ctx: OpaquePointer?, _ argc: Int32, _ argv: UnsafeMutablePointer<OpaquePointer?>?) {
    let ctx = ctx.unsafelyUnwrapped
    Unmanaged<ScalarDirectImplementation>.fromOpaque(sqlite3_user_data(ctx))._withUnsafeGuaranteedRef { implementation in
        do {
            try implementation.body(Arguments(context: ctx, count: argc, values: argv), ResultContext(rawValue: ctx))
        } catch {
            ResultContext(rawValue: ctx).setError(error)
        }
    }
}

@inline(__always)
private func aggregate(_ ctx: OpaquePointer) -> Unmanaged<AggregateImplementation> {
    Unmanaged<AggregateImplementation>.fromOpaque(sqlite3_user_data(ctx))
}

func aggregateStep(_ ctx: OpaquePointer?, _ argc: Int32, _ argv: UnsafeMutablePointer<OpaquePointer?>?) {
    let ctx = ctx.unsafelyUnwrapped
    aggregate(ctx)._withUnsafeGuaranteedRef { $0.step(ctx, Arguments(context: ctx, count: argc, values: argv)) }
}

func windowInverse(_ ctx: OpaquePointer?, _ argc: Int32, _ argv: UnsafeMutablePointer<OpaquePointer?>?) {
    let ctx = ctx.unsafelyUnwrapped
    aggregate(ctx)._withUnsafeGuaranteedRef { $0.inverse(ctx, Arguments(context: ctx, count: argc, values: argv)) }
}

func windowValue(_ ctx: OpaquePointer?) {
    let ctx = ctx.unsafelyUnwrapped
    aggregate(ctx)._withUnsafeGuaranteedRef { $0.value(ctx) }
}

func aggregateFinal(_ ctx: OpaquePointer?) {
    let ctx = ctx.unsafelyUnwrapped
    aggregate(ctx)._withUnsafeGuaranteedRef { $0.final(ctx) }
}
