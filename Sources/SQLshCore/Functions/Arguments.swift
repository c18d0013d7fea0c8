import CSQLite

/// The arguments of one SQL function call: a random-access view over SQLite's `argv` array.
///
/// Valid only during the call. Besides the values, it gives access to SQLite's auxiliary data
/// per argument, which a function uses to cache work derived from a constant argument (a
/// compiled regular expression, say) across the rows of one statement.
public struct Arguments: RandomAccessCollection {
    /// The `sqlite3_context *` of the call.
    public let context: OpaquePointer
    @usableFromInline let values: UnsafeMutablePointer<OpaquePointer?>?
    /// The number of arguments.
    public let count: Int

    /// A view over the arguments SQLite passes to a C callback (`ctx`, `argc`, `argv`).
    @inlinable
    public init(context: OpaquePointer, count: Int32, values: UnsafeMutablePointer<OpaquePointer?>?) {
        self.context = context
        self.count = Int(count)
        self.values = values
    }

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { count }

    /// The argument at `index` (0-based).
    @inlinable
    public subscript(index: Int) -> Argument {
        precondition(index >= 0 && index < count, "argument index out of range")
        return Argument(rawValue: values.unsafelyUnwrapped[index].unsafelyUnwrapped)
    }

    /// Converts argument `index` to `T`; the error names the argument position and function.
    @inlinable
    public func decode<T: SQLValueConvertible>(_ index: Int, as type: T.Type = T.self) throws -> T {
        do {
            return try T.decode(self[index])
        } catch var error as ValueConversionError {
            if error.context == nil { error.context = "argument \(index + 1)" }
            throw error
        }
    }

    /// The object cached for argument `index` by ``setAuxiliaryData(_:for:)`` earlier in the
    /// same statement, or nil. SQLite drops it when the argument is not a constant.
    public func auxiliaryData(for index: Int) -> AnyObject? {
        guard let p = sqlite3_get_auxdata(context, Int32(index)) else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(p).takeUnretainedValue()
    }

    /// Caches `object` for argument `index`. SQLite keeps it while the argument stays constant
    /// and releases it when it no longer needs it.
    public func setAuxiliaryData(_ object: AnyObject, for index: Int) {
        let p = Unmanaged.passRetained(object).toOpaque()
        sqlite3_set_auxdata(context, Int32(index), p, releaseAuxiliaryData)
    }
}

private func releaseAuxiliaryData(_ p: UnsafeMutableRawPointer?) {
    guard let p else { return }
    Unmanaged<AnyObject>.fromOpaque(p).release()
}
