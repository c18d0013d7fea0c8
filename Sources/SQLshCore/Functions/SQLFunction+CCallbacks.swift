/// The C callbacks and user data that register a ``SQLFunction`` with SQLite, for code that
/// calls `sqlite3_create_function_v2` itself (the plugin SDK hands them to sqlsh through the
/// plugin C ABI).
package struct SQLFunctionCCallbacks {
    package typealias XFunc = @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void
    package typealias XFinal = @convention(c) (OpaquePointer?) -> Void
    package typealias Destroy = @convention(c) (UnsafeMutableRawPointer?) -> Void

    /// A retained reference to the function: pass it as the user data. ``destroy`` releases it.
    package let userData: UnsafeMutableRawPointer
    /// Scalar functions only.
    package let xFunc: XFunc?
    /// Aggregate and window functions.
    package let xStep: XFunc?
    /// Aggregate and window functions.
    package let xFinal: XFinal?
    /// Window functions only.
    package let xValue: XFinal?
    /// Window functions only.
    package let xInverse: XFunc?
    /// Releases ``userData``; call it exactly once, when the function is no longer registered
    /// anywhere (or give it to SQLite as the destructor of a single registration).
    package let destroy: Destroy
}

extension SQLFunction {
    /// The callbacks that run this function, with a newly retained user data pointer (the
    /// same implementation object ``Connection/add(_:)`` gives SQLite).
    package func retainedCCallbacks() -> SQLFunctionCCallbacks {
        switch implementation {
        case .value(let implementation):
            return SQLFunctionCCallbacks(userData: Unmanaged.passRetained(implementation).toOpaque(),
                                         xFunc: scalarValueCallback, xStep: nil, xFinal: nil,
                                         xValue: nil, xInverse: nil, destroy: releaseImplementation)
        case .direct(let implementation):
            return SQLFunctionCCallbacks(userData: Unmanaged.passRetained(implementation).toOpaque(),
                                         xFunc: scalarDirectCallback, xStep: nil, xFinal: nil,
                                         xValue: nil, xInverse: nil, destroy: releaseImplementation)
        case .aggregate(let implementation):
            let userData = Unmanaged.passRetained(implementation).toOpaque()
            if kind == .window {
                return SQLFunctionCCallbacks(userData: userData, xFunc: nil, xStep: aggregateStep, xFinal: aggregateFinal,
                                             xValue: windowValue, xInverse: windowInverse, destroy: releaseImplementation)
            }
            return SQLFunctionCCallbacks(userData: userData, xFunc: nil, xStep: aggregateStep, xFinal: aggregateFinal,
                                         xValue: nil, xInverse: nil, destroy: releaseImplementation)
        }
    }
}
