#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@_spi(RawSQLite) import SQLshCore

/// The `define` pack: functions written in SQL and stored in the database, and `eval`, as
/// sqlean's define extension.
///
/// Scalar functions defined with `define(name, body)` are stored in the `sqlean_define`
/// table of the main database (sqlean's layout) and come back by themselves in later sessions:
/// when a statement names a function the connection does not have, the catalog first looks for
/// it in that table (``Catalog``'s on-demand registration; see ``DefineState/loadStored(named:)``).
/// Table-valued functions are virtual tables of the `define` module and live in the schema.
///
/// Deliberate differences from sqlean 0.28.3:
/// - the `sqlean_define` table is created by the first `define()`, not whenever a database is
///   opened, so that databases that never define anything are not changed;
/// - redefining a function replaces it at once (sqlean: "database is locked" until undefined
///   and reconnected), and `undefine` takes it away at once ("no such function" when called);
/// - `undefine` drops only a table of the `define` module, never an ordinary table;
/// - a body that returns no row gives NULL, as a scalar subquery (sqlean: an API misuse error);
///   errors carry SQLite's message rather than a generic one;
/// - `define_free()` concerns one connection (sqlean: every connection of the process), and
///   `define_cache()` returns its text instead of printing it;
/// - defined SQL nesting deeper than 64 levels fails instead of overflowing the stack.
enum DefinePack {
    static let pack = FunctionPack(
        name: "define",
        summary: "functions written in SQL and stored in the database, and eval, as sqlean's define",
        functions: [define, undefine, defineFree, defineCache, eval])

    /// The connection's state, looked up once per registration (the registration keeps it alive).
    ///
    /// `@unchecked Sendable`: it caches the state on first use, inside calls of one connection's
    /// function, which SQLite makes one at a time.
    private final class StateAnchor: @unchecked Sendable {
        /// Keeps the state alive.
        private var state: DefineState?
        /// The same state, lent to calls without reference counting: the registry's weak
        /// reference gives the state a side table, so that each retain and release took the
        /// slow path (about 150 instructions a call of `define_free()`).
        private var lent: Unmanaged<DefineState>?

        /// Runs `body` with the state of the connection calling through `result`.
        func with<T>(_ result: ResultContext, _ body: (DefineState) throws -> T) rethrows -> T {
            if let lent { return try lent._withUnsafeGuaranteedRef(body) }
            return try body(make(result))
        }

        @inline(never)
        private func make(_ result: ResultContext) -> DefineState {
            let made = DefineState.of(result.connectionHandle)
            state = made
            lent = Unmanaged.passUnretained(made)
            return made
        }
    }

    /// `define()` and the `define` module, registered as soon as a connection opens: a
    /// `CREATE VIRTUAL TABLE ... USING define` statement fails only when it runs, too late for
    /// on-demand registration.
    static let define: CatalogFunction = {
        var function = CatalogFunction(
            name: "define", kind: .scalar, arity: "2", arguments: "name, body", flags: .directOnly,
            summary: "define a scalar function in SQL, stored in the database (also the module of CREATE VIRTUAL TABLE t USING define((SELECT ...)))",
            details: """
                define(NAME, BODY) defines the function NAME as SELECT BODY: its arguments are the \
                body's parameters in order (? ?1 :name @name $name; a repeated name counts once), its \
                result the first column of the first row (NULL when there is none). It is saved in \
                the table sqlean_define(name, type, body) of the main database, created then, and \
                found again in later sessions the first time a statement names it; sqlean reads \
                the same table. Defining a name again replaces the function at once. A body that \
                does not compile gives SQLite's error. CREATE VIRTUAL TABLE NAME USING \
                define((SELECT ...)) makes a table-valued function NAME(args): its columns are the \
                query's, then one hidden column per parameter (named without its sigil, or by \
                number); select * from NAME(a, b) or where param = value binds them (others are \
                NULL). Errors as sqlean's: no statement provided, statement must be parenthesized, \
                Statement must be read only. Defined SQL nesting more than 64 levels deep (a \
                function calling itself) fails with "too many levels of recursion". Direct-only; \
                define and its tables are refused in -safe mode.
                """,
            example: "SELECT define('sumn', ':n * (:n + 1) / 2'); SELECT sumn(5);  -- 15",
            register: { connection in
                // The state is made by the first call (its registration keeps it then), not
                // here: opening a connection makes none. Stored definitions are read and
                // compiled when a statement first names them (Catalog.registerMissing).
                try connection.addVirtualTableModule("define", DefineModule.self)
                try connection.add(defineFunction(StateAnchor()))
            },
            unregister: { connection in
                try connection.removeFunction(named: "define", argumentCount: 2)
                try connection.removeTableValuedFunction(named: "define")
            })
        function.registeredUpFront = true
        return function
    }()

    private static func defineFunction(_ anchor: StateAnchor) -> SQLFunction {
        SQLFunction("define", argumentCount: 2, options: .directOnly, writingResult: { arguments, result in
            try anchor.with(result) { state in try define(arguments, result, state) }
        })
    }

    /// One call of `define()`.
    private static func define(_ arguments: Arguments, _ result: ResultContext, _ state: DefineState) throws {
        guard let name = arguments[0].string, let body = arguments[1].string else {
            throw SQLiteError(message: "define() needs a name and a body, not NULL")
        }
        guard !state.isFreed else {
            throw SQLiteError(code: .misuse, message: "defined functions were freed by define_free()")
        }
        guard (1...255).contains(name.utf8.count) else { throw SQLiteError(message: "define(): invalid function name") }
        let count = try state.parameterCount(ofBody: body, defining: name)
        let definition = Definition(name: name, body: body, parameterCount: count)
        try state.install(definition, saving: {
            try DefineStorage.saveScalar(name: name, body: body, state.connection, keptFor: arguments)
        })
        result.setNull()
    }

    static let undefine = CatalogFunction(
        arguments: "name",
        summary: "forget a function made by define(), or drop a define table",
        details: """
            undefine(NAME) deletes NAME from sqlean_define, forgets the scalar function (calling \
            it then fails with "no such function") and drops the table NAME if it is a table of \
            the define module (sqlean drops any table of that name, even one holding data; \
            sqlsh does not). NULL or an unknown name does nothing. Direct-only.
            """,
        example: "SELECT undefine('sumn');  -- NULL",
        functions: {
            let anchor = StateAnchor()
            return [SQLFunction("undefine", argumentCount: 1, options: .directOnly, writingResult: { arguments, result in
                result.setNull()
                guard let name = arguments[0].string else { return }
                try anchor.with(result) { try $0.undefine(name) }
            })]
        })

    static let defineFree = CatalogFunction(
        summary: "stop the connection's defined functions",
        details: """
            define_free() makes every defined function, and define(), fail on this connection \
            from then on (until the database is opened again). sqlean needs it to free its \
            compiled statements before closing; sqlsh never keeps them past the statement that \
            uses them, and its define_free concerns one connection, not the whole process. \
            Direct-only.
            """,
        example: "SELECT define_free();  -- NULL",
        functions: {
            let anchor = StateAnchor()
            return [SQLFunction("define_free", argumentCount: 0, options: .directOnly, writingResult: { arguments, result in
                anchor.with(result) { $0.isFreed = true }
                result.setNull()
            })]
        })

    static let defineCache = CatalogFunction(
        summary: "the SQL of the connection's defined functions (a debugging aid)",
        details: """
            define_cache() returns the SQL each defined function known to the connection runs, \
            one per line, or 'cache is empty', or 'cache is freed' after define_free(). sqlean \
            prints the same text to standard output and returns NULL. Direct-only.
            """,
        example: "SELECT define_cache();",
        functions: {
            let anchor = StateAnchor()
            return [SQLFunction("define_cache", argumentCount: 0, options: .directOnly, writingResult: { arguments, result in
                anchor.with(result) { state in
                    // Constant answers in place (SQLITE_STATIC): copying them cost about 250
                    // instructions a call.
                    if state.isFreed { return result.setText(permanentCString: cacheIsFreed) }
                    if state.definitions.isEmpty { return result.setText(permanentCString: cacheIsEmpty) }
                    let lines = state.definitions.values.sorted { $0.name < $1.name }.map { $0.sql + "\n" }
                    result.set(lines.joined())
                }
            })]
        })

    /// `define_cache()`'s constant answers, NUL-terminated in the program's constant data.
    private static var cacheIsFreed: UnsafePointer<CChar> { cString("cache is freed") }
    private static var cacheIsEmpty: UnsafePointer<CChar> { cString("cache is empty") }
    private static func cString(_ text: StaticString) -> UnsafePointer<CChar> {
        UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self)
    }

    static let eval = CatalogFunction(
        arguments: "sql[, separator]",
        summary: "run SQL statements and join the values of their rows",
        details: """
            eval(SQL[, SEP]) runs every statement of SQL and returns the text of every value of \
            every row, joined by SEP (a space by default); a separator goes before a value only \
            after some non-empty output, and NULL counts as empty, so that a row of NULLs gives \
            '' (as in sqlean: eval('select null') is ''). NULL when no statement returned a row \
            (DDL, DML, a query with no result) or when SQL or SEP is NULL. Errors are SQLite's \
            ("no such table: x"). Direct-only; refused in -safe mode.
            """,
        example: "SELECT eval('select 10, 20, 30', '-');  -- '10-20-30'",
        functions: {
            let anchor = StateAnchor()
            let body: @Sendable (Arguments, ResultContext) throws -> Void = { arguments, result in
                try anchor.with(result) { try evaluate(arguments, result, $0) }
            }
            return [
                SQLFunction("eval", argumentCount: 1, options: .directOnly, writingResult: body),
                SQLFunction("eval", argumentCount: 2, options: .directOnly, writingResult: body),
            ]
        })

    /// One call of `eval()`.
    private static func evaluate(_ arguments: Arguments, _ result: ResultContext, _ state: DefineState) throws {
        guard let sql = arguments[0].cString else { return result.setNull() }
        var separator: [UInt8] = [0x20]
        if arguments.count == 2 {
            guard !arguments[1].isNull else { return result.setNull() }
            separator = Array(arguments[1].utf8)
        }
        let output = try state.nested("eval()") {
            try separator.withUnsafeBufferPointer {
                try Eval.run(state.connection, sql: UnsafeBufferPointer(start: UnsafeRawPointer(sql).assumingMemoryBound(to: UInt8.self), count: strlen(sql)),
                             separator: $0, limit: result.lengthLimit)
            }
        }
        guard let output else { return result.setNull() }
        output.withUnsafeBufferPointer { result.setText(utf8: $0) }
    }
}
