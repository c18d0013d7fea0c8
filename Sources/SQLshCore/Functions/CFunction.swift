internal import CSQLite

/// A SQL function implemented by C callbacks (a plugin's, or another library's), registered
/// through the core like any other function with ``Connection/add(_:)-cfunction``.
///
/// The callbacks receive SQLite's own `sqlite3_context *` and `sqlite3_value **` and follow
/// SQLite's C rules; the core only passes them on. `userData` is what
/// `sqlite3_user_data` returns to them; the core never releases it.
///
/// ```swift
/// let twice: CFunction.Callback = { context, _, values in
///     sqlite3_result_int64(context, 2 * sqlite3_value_int64(values![0]))
/// }
/// try db.add(CFunction("twice", argumentCount: 1, options: .deterministic, scalar: twice))
/// ```
package struct CFunction: @unchecked Sendable {
    /// `xFunc`, `xStep` and `xInverse`: context, argument count, arguments.
    package typealias Callback = @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void
    /// `xFinal` and `xValue`: the aggregate's context.
    package typealias Final = @convention(c) (OpaquePointer?) -> Void

    enum Callbacks {
        case scalar(Callback)
        case aggregate(step: Callback, final: Final)
        case window(step: Callback, final: Final, value: Final, inverse: Callback)
    }

    /// The function's name.
    package let name: String
    /// The number of arguments, or -1 for any number.
    package let argumentCount: Int32
    /// SQLite flags besides the text encoding (always UTF-8).
    package let options: FunctionOptions
    /// What the callbacks get from `sqlite3_user_data`.
    package let userData: UnsafeMutableRawPointer?
    let callbacks: Callbacks

    /// A scalar function.
    package init(_ name: String, argumentCount: Int32, options: FunctionOptions = [],
                userData: UnsafeMutableRawPointer? = nil, scalar: Callback) {
        (self.name, self.argumentCount, self.options, self.userData) = (name, argumentCount, options, userData)
        callbacks = .scalar(scalar)
    }

    /// An aggregate function.
    package init(_ name: String, argumentCount: Int32, options: FunctionOptions = [],
                userData: UnsafeMutableRawPointer? = nil, step: Callback, final: Final) {
        (self.name, self.argumentCount, self.options, self.userData) = (name, argumentCount, options, userData)
        callbacks = .aggregate(step: step, final: final)
    }

    /// An aggregate window function.
    package init(_ name: String, argumentCount: Int32, options: FunctionOptions = [],
                userData: UnsafeMutableRawPointer? = nil,
                step: Callback, final: Final, value: Final, inverse: Callback) {
        (self.name, self.argumentCount, self.options, self.userData) = (name, argumentCount, options, userData)
        callbacks = .window(step: step, final: final, value: value, inverse: inverse)
    }
}

extension Connection {
    /// Registers a function implemented by C callbacks, replacing any with the same name and
    /// argument count. Remove it with ``removeFunction(named:argumentCount:)``.
    ///
    /// - Throws: ``SQLiteError`` with SQLite's message when it refuses (a name over 255
    ///   bytes, a bad argument count, `SQLITE_BUSY` while statements run).
    package func add(_ function: CFunction) throws {
        guard !isClosed else { throw SQLiteError(code: SQLITE_MISUSE, message: "the database connection is closed") }
        let flags = SQLITE_UTF8 | function.options.rawValue
        let rc: Int32
        switch function.callbacks {
        case .scalar(let call):
            rc = sqlite3_create_function_v2(handle, function.name, function.argumentCount, flags, function.userData,
                                            call, nil, nil, nil)
        case .aggregate(let step, let final):
            rc = sqlite3_create_function_v2(handle, function.name, function.argumentCount, flags, function.userData,
                                            nil, step, final, nil)
        case .window(let step, let final, let value, let inverse):
            rc = sqlite3_create_window_function(handle, function.name, function.argumentCount, flags, function.userData,
                                                step, final, value, inverse, nil)
        }
        try check(rc, handle)
    }
}
