internal import CSQLite

extension Connection {
    /// Registers a function, replacing any with the same name and argument count.
    ///
    /// ```swift
    /// try db.add(SQLFunction("twice", argumentCount: 1, options: .pure) { args in args[0].int64 * 2 })
    /// ```
    ///
    /// - Throws: ``SQLiteError`` when SQLite refuses, for example `SQLITE_BUSY` ("unable to
    ///   delete/modify user-function due to active statements") while statements are running,
    ///   or `SQLITE_MISUSE` saying what is wrong with the function: an empty name, one longer
    ///   than 255 bytes or holding a NUL byte, or more arguments than SQLite allows (127 for
    ///   the SQLite sqlsh is built with).
    public func add(_ function: SQLFunction) throws {
        guard !isClosed else { throw SQLiteError(code: SQLITE_MISUSE, message: "the database connection is closed") }
        if let problem = function.registrationProblem(maximumArgumentCount: maximumFunctionArgumentCount(for: function)) {
            throw SQLiteError(code: SQLITE_MISUSE, message: problem)
        }
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

    /// The most arguments SQLite lets a function declare: its compile-time
    /// `SQLITE_MAX_FUNCTION_ARG`, the hard upper bound of `SQLITE_LIMIT_FUNCTION_ARG`. Probed
    /// (raising the limit, which SQLite truncates to that bound, then restoring it) only for a
    /// function declaring more arguments than the current limit.
    private func maximumFunctionArgumentCount(for function: SQLFunction) -> Int {
        let current = sqlite3_limit(handle, SQLITE_LIMIT_FUNCTION_ARG, -1)
        guard let count = function.argumentCount, count > Int(current) else { return Int(current) }
        sqlite3_limit(handle, SQLITE_LIMIT_FUNCTION_ARG, Int32.max)
        let hardLimit = sqlite3_limit(handle, SQLITE_LIMIT_FUNCTION_ARG, current)
        return Int(hardLimit)
    }

    /// Unregisters the function with this name and argument count (nil: the variadic one).
    ///
    /// SQLite keeps an empty entry for a removed overload: a call with that argument count
    /// then fails with "wrong number of arguments" rather than falling back to a variadic
    /// overload of the same name.
    ///
    /// - Throws: ``SQLiteError`` (`SQLITE_BUSY`) while statements are running.
    public func removeFunction(named name: String, argumentCount: Int?) throws {
        guard !isClosed else { throw SQLiteError(code: SQLITE_MISUSE, message: "the database connection is closed") }
        let identity = SQLFunction(name, argumentCount: argumentCount, writingResult: { _, _ in })
        if let problem = identity.registrationProblem(maximumArgumentCount: maximumFunctionArgumentCount(for: identity)) {
            throw SQLiteError(code: SQLITE_MISUSE, message: problem)
        }
        let rc = sqlite3_create_function_v2(handle, name, identity.sqliteArgumentCount, SQLITE_UTF8,
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
        callScalarValue(ctx, implementation, argc, argv)
    }
}

func scalarDirectCallback(_ ctx: OpaquePointer?, _ argc: Int32, _ argv: UnsafeMutablePointer<OpaquePointer?>?) {
    let ctx = ctx.unsafelyUnwrapped
    Unmanaged<ScalarDirectImplementation>.fromOpaque(sqlite3_user_data(ctx))._withUnsafeGuaranteedRef { implementation in
        callScalarDirect(ctx, implementation, argc, argv)
    }
}

// Forced inlining in this file: the Benchmarks package (function API against C) and Benchmarks/catalog.sh: every call.
/// One call of a scalar function returning a value (the body of ``scalarValueCallback``, also
/// reached through a ``DeferredFunction``).
@inline(__always)
func callScalarValue(_ ctx: OpaquePointer, _ implementation: ScalarValueImplementation, _ argc: Int32,
                     _ argv: UnsafeMutablePointer<OpaquePointer?>?) {
    if !implementation.directOnly.permits(ctx) { return }
    let result = ResultContext(rawValue: ctx)
    let arguments = Arguments(call: ctx, count: argc, values: argv)
    defer { arguments.endCall() }
    do {
        // Consumed rather than copied out of the optional: no value-witness copy per call.
        let value = try implementation.body(arguments)
        switch consume value {
        case .some(let value): value.setResult(result)
        case .none: result.setNull()
        }
    } catch {
        failCall(ctx, error, implementation)
    }
}

/// One call of a scalar function writing its result (the body of ``scalarDirectCallback``).
@inline(__always)
func callScalarDirect(_ ctx: OpaquePointer, _ implementation: ScalarDirectImplementation, _ argc: Int32,
                      _ argv: UnsafeMutablePointer<OpaquePointer?>?) {
    if implementation.checksCall {
        // Inline: out of line, the NULL test cost a call frame per row, as much as the
        // closure it replaced.
        if !implementation.directOnly.permits(ctx) { return }
        if implementation.nullForNullArguments, let argv {
            var i = 0
            while i < Int(argc) {
                if sqlite3_value_type(argv[i]) == SQLITE_NULL { return sqlite3_result_null(ctx) }
                i &+= 1
            }
        }
    }
    let arguments = Arguments(call: ctx, count: argc, values: argv)
    defer { arguments.endCall() }
    do {
        try implementation.body(arguments, ResultContext(rawValue: ctx))
    } catch {
        failCall(ctx, error, implementation)
    }
}

/// Reports a thrown error as the call's result. Kept out of line: inlined, the error mapping
/// made the callbacks too large to merge with their C entry thunks, which cost every call,
/// not only failing ones, a few instructions.
@inline(never)
func failCall(_ ctx: OpaquePointer, _ error: any Error, _ implementation: ScalarValueImplementation) {
    ResultContext(rawValue: ctx).setError(error, function: implementation.name)
}

/// ``failCall(_:_:_:)-(_,_,ScalarValueImplementation)`` for a function writing its result:
/// the name is read here, not in the callback.
@inline(never)
func failCall(_ ctx: OpaquePointer, _ error: any Error, _ implementation: ScalarDirectImplementation) {
    ResultContext(rawValue: ctx).setError(error, function: implementation.name)
}

/// ``failCall(_:_:_:)-(_,_,ScalarValueImplementation)`` for aggregate and window callbacks,
/// which are inlined where the function is made and pass its name.
@usableFromInline @inline(never)
func failCall(_ ctx: OpaquePointer, _ error: any Error, name: String) {
    ResultContext(rawValue: ctx).setError(error, function: name)
}

@inline(__always)
private func aggregate(_ ctx: OpaquePointer) -> Unmanaged<AggregateImplementation> {
    Unmanaged<AggregateImplementation>.fromOpaque(sqlite3_user_data(ctx))
}

func aggregateStep(_ ctx: OpaquePointer?, _ argc: Int32, _ argv: UnsafeMutablePointer<OpaquePointer?>?) {
    let ctx = ctx.unsafelyUnwrapped
    aggregate(ctx)._withUnsafeGuaranteedRef { callAggregateStep(ctx, $0, argc, argv) }
}

/// One step of an aggregate (the body of ``aggregateStep``, also reached through a
/// ``DeferredFunction``).
@inline(__always)
func callAggregateStep(_ ctx: OpaquePointer, _ implementation: AggregateImplementation, _ argc: Int32,
                       _ argv: UnsafeMutablePointer<OpaquePointer?>?) {
    if !implementation.directOnly.permits(ctx) { return }
    let arguments = Arguments(call: ctx, count: argc, values: argv)
    defer { arguments.endCall() }
    implementation.step(ctx, arguments)
}

func windowInverse(_ ctx: OpaquePointer?, _ argc: Int32, _ argv: UnsafeMutablePointer<OpaquePointer?>?) {
    let ctx = ctx.unsafelyUnwrapped
    let arguments = Arguments(call: ctx, count: argc, values: argv)
    defer { arguments.endCall() }
    aggregate(ctx)._withUnsafeGuaranteedRef { $0.inverse(ctx, arguments) }
}

func windowValue(_ ctx: OpaquePointer?) {
    let ctx = ctx.unsafelyUnwrapped
    aggregate(ctx)._withUnsafeGuaranteedRef { $0.value(ctx) }
}

func aggregateFinal(_ ctx: OpaquePointer?) {
    let ctx = ctx.unsafelyUnwrapped
    aggregate(ctx)._withUnsafeGuaranteedRef { $0.final(ctx) }
}
