import CSQLite
import SQLshCore
import Synchronization

/// What SQLite calls for a function defined with `define(name, body)`: one per name and
/// argument count registered on a connection (SQLite's user data).
///
/// The body's compiled statement is cached with the *calling* statement, as auxiliary data
/// under a key of this registration's own (a negative key: SQLite 3.40 keeps it for the whole
/// run of the statement, across rows and call sites). It is prepared on the first call of a
/// run and finalized when the calling statement finishes, is reset or is finalized. So a query
/// over a million rows compiles the body once, and no statement of the pack outlives the
/// statements that use it: `sqlite3_close` never fails because of defined functions (sqlean
/// keeps them in a process-wide list until `define_free()`).
final class DefinedFunctionCall {
    let state: DefineState
    let key: String
    /// This registration's auxiliary-data key (negative, unique in the process).
    let auxiliaryKey: Int32

    init(state: DefineState, key: String) {
        self.state = state
        self.key = key
        auxiliaryKey = DefinedFunctionCall.nextKey.wrappingAdd(1, ordering: .relaxed).oldValue
    }

    private static let nextKey = Atomic<Int32>(-0x4000_0000)

    func invoke(_ ctx: OpaquePointer, _ argc: Int32, _ argv: UnsafeMutablePointer<OpaquePointer?>?) {
        guard let definition = state.definitions[key] else {
            return sqlite3_result_error(ctx, "no such function: \(key)", -1)
        }
        if state.isFreed {
            return ResultContext(rawValue: ctx).setError("defined functions were freed by define_free()", code: SQLITE_MISUSE)
        }
        guard Int(argc) == definition.parameterCount else {
            return sqlite3_result_error(ctx, "wrong number of arguments to function \(definition.name)()", -1)
        }
        do {
            try state.nested("defined function \(definition.name)()") {
                try run(definition, ctx, argc, argv)
            }
        } catch {
            ResultContext(rawValue: ctx).setError(error)
        }
    }

    private func run(_ definition: Definition, _ ctx: OpaquePointer, _ argc: Int32,
                     _ argv: UnsafeMutablePointer<OpaquePointer?>?) throws {
        let db = state.handle
        var compiled: CompiledBody
        var keep = false
        if let cached = sqlite3_get_auxdata(ctx, auxiliaryKey).map({ Unmanaged<CompiledBody>.fromOpaque($0).takeUnretainedValue() }),
           cached.definition === definition {
            compiled = cached
            if sqlite3_stmt_busy(cached.statement) != 0 {
                // Only when the body somehow runs inside itself: use a fresh statement.
                compiled = CompiledBody(definition, try DefineSQL.prepareSingle(db, definition.sql, what: "the body of \(definition.name)()"))
            }
        } else {
            compiled = CompiledBody(definition, try DefineSQL.prepareSingle(db, definition.sql, what: "the body of \(definition.name)()"))
            keep = true
        }
        let statement = compiled.statement
        for index in 0..<Int(argc) {
            sqlite3_bind_value(statement, Int32(index + 1), argv?[index])
        }
        let rc = sqlite3_step(statement)
        switch rc {
        case SQLITE_ROW:
            sqlite3_result_value(ctx, sqlite3_column_value(statement, 0))
        case SQLITE_DONE:
            sqlite3_result_null(ctx)  // no row, as a scalar subquery (sqlean: an error)
        default:
            let message = String(cString: sqlite3_errmsg(db))
            sqlite3_reset(statement)
            throw SQLiteError(code: rc, message: message)
        }
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
        if keep {
            // On failure SQLite calls the destructor at once, which finalizes the statement.
            sqlite3_set_auxdata(ctx, auxiliaryKey, Unmanaged.passRetained(compiled).toOpaque(), releaseCompiledBody)
        }
    }
}

/// A body's prepared statement, finalized when released.
final class CompiledBody {
    let definition: Definition
    let statement: OpaquePointer

    init(_ definition: Definition, _ statement: OpaquePointer) {
        self.definition = definition
        self.statement = statement
    }

    deinit { sqlite3_finalize(statement) }
}

func definedFunctionCallback(_ ctx: OpaquePointer?, _ argc: Int32, _ argv: UnsafeMutablePointer<OpaquePointer?>?) {
    guard let ctx else { return }
    Unmanaged<DefinedFunctionCall>.fromOpaque(sqlite3_user_data(ctx)).takeUnretainedValue().invoke(ctx, argc, argv)
}

func releaseDefinedFunctionCall(_ p: UnsafeMutableRawPointer?) {
    guard let p else { return }
    Unmanaged<DefinedFunctionCall>.fromOpaque(p).release()
}

func releaseCompiledBody(_ p: UnsafeMutableRawPointer?) {
    guard let p else { return }
    Unmanaged<CompiledBody>.fromOpaque(p).release()
}
