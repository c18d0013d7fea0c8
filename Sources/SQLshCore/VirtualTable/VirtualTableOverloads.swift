internal import CSQLite

/// A function a virtual table runs in place of a global one when the call's first argument is
/// one of the table's columns (SQLite's `xFindFunction`), as SQLite's zipfile table runs
/// `zipfile_cds(z)`. The global name must exist: declare it with
/// ``Connection/declareOverloadableFunction(_:)``.
public final class VirtualTableFunction {
    let body: (Arguments, ResultContext) throws -> Void

    /// A function whose body writes its result (a thrown error is the call's error).
    public init(_ body: @escaping (Arguments, ResultContext) throws -> Void) {
        self.body = body
    }
}

/// A ``VirtualTable`` that overloads functions on its columns.
public protocol FunctionOverloadingVirtualTable: VirtualTable {
    /// The function that runs `name(...)` with `argumentCount` arguments (-1 when SQLite does
    /// not say) when its first argument is a column of this table; nil for the global one.
    /// The table must keep the object alive while it is connected: SQLite holds it unretained.
    func overload(named name: String, argumentCount: Int) -> VirtualTableFunction?
}

extension Connection {
    /// Declares `name` (any number of arguments) as a function that virtual tables may
    /// overload (`sqlite3_overload_function`). Called on anything but a column of such a
    /// table, it fails with "unable to use function NAME in the requested context".
    /// - Throws: ``SQLiteError`` when SQLite refuses it.
    public func declareOverloadableFunction(_ name: String) throws {
        try check(sqlite3_overload_function(handle, name, -1), handle)
    }
}

/// SQLite's xFindFunction for the modules' tables: the table's overload, if any.
func xFindFunction(
    _ vtab: UnsafeMutablePointer<sqlite3_vtab>?, _ argumentCount: Int32, _ name: UnsafePointer<CChar>?,
    _ function: UnsafeMutablePointer<(@convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void)?>?,
    _ userData: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
) -> Int32 {
    guard let vtab, let name, let function, let userData,
          let table = moduleBox(vtab).table as? any FunctionOverloadingVirtualTable,
          let overload = table.overload(named: String(cString: name), argumentCount: Int(argumentCount)) else {
        return 0
    }
    function.pointee = overloadCallback
    userData.pointee = Unmanaged.passUnretained(overload).toOpaque()
    return 1
}

/// Runs a ``VirtualTableFunction`` (its object is the call's user data).
private func overloadCallback(_ ctx: OpaquePointer?, _ argc: Int32, _ argv: UnsafeMutablePointer<OpaquePointer?>?) {
    guard let ctx, let data = sqlite3_user_data(ctx) else { return }
    let overload = Unmanaged<VirtualTableFunction>.fromOpaque(data).takeUnretainedValue()
    let arguments = Arguments(call: ctx, count: argc, values: argv)
    defer { arguments.endCall() }
    do {
        try overload.body(arguments, ResultContext(rawValue: ctx))
    } catch {
        ResultContext(rawValue: ctx).setError(error)
    }
}
