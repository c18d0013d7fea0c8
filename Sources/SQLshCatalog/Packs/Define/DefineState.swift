@_spi(RawSQLite) import SQLshCore

/// One scalar function defined in SQL: `define(name, body)`. Immutable, hence `Sendable`.
final class Definition: Sendable {
    /// The name as defined.
    let name: String
    /// The body: an expression list run as `SELECT body`.
    let body: String
    /// How many arguments the function takes: the body's parameter count.
    let parameterCount: Int

    init(name: String, body: String, parameterCount: Int) {
        self.name = name
        self.body = body
        self.parameterCount = parameterCount
    }

    /// The SQL the function runs.
    var sql: String { "select " + body }
}

/// What the define pack keeps for one connection.
///
/// Each SQLite registration the pack makes on a connection (the defined functions, `define()`
/// and its siblings, tables of the `define` module) holds the state strongly; nothing else
/// does, so the state goes away when the connection closes and SQLite releases them. The
/// compiled statements of defined functions are not kept here but with the statement that
/// calls them (see ``DefinedFunctionCall``), so they never keep the connection from closing.
///
/// `@unchecked Sendable`: the state is mutable, but it is used only inside calls of one
/// connection's functions, virtual tables and registrations, which SQLite makes one at a time
/// (a connection is not used from two threads at once).
final class DefineState: @unchecked Sendable {
    /// The connection's handle (the key of the registry below).
    let handle: OpaquePointer
    /// The connection, borrowed.
    let connection: Connection
    /// Current definitions, by folded name.
    var definitions: [String: Definition] = [:]
    /// The (folded name, argument count) pairs registered with SQLite on this connection.
    private var registered: Set<String> = []
    /// How deeply defined functions, `eval` and define tables are running inside each other.
    private(set) var depth = 0
    /// Set by `define_free()`: defined functions and `define()` fail from then on.
    var isFreed = false

    /// How deeply defined SQL may nest (a function calling itself, `eval` running `eval`): deeper
    /// calls fail with "too many levels of recursion" instead of overflowing the stack.
    static let maximumDepth = 64

    private init(handle: OpaquePointer) {
        self.handle = handle
        connection = Connection(borrowing: handle)
    }

    /// The state of the connection with this handle, made on first use.
    static func of(_ handle: OpaquePointer) -> DefineState {
        Connection(borrowing: handle).withLocal(current) { entry in
            if let state = entry.state { return state }
            let state = DefineState(handle: handle)
            entry = WeakState(state: state)
            return state
        }
    }

    /// The state of the connection with this handle, if the pack has one for it.
    static func existing(_ handle: OpaquePointer) -> DefineState? {
        Connection(borrowing: handle).local(current).state
    }

    /// Weak: the registrations hold the state (see above), the connection's entry only finds it.
    private struct WeakState: @unchecked Sendable { weak var state: DefineState? }
    private static let current = ConnectionLocal<WeakState>(initial: WeakState())

    /// A function name folded as SQLite folds them (ASCII letters only).
    static func key(_ name: String) -> String {
        String(decoding: name.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    // MARK: Nesting

    /// Runs `body` one level deeper, failing when defined SQL nests too deeply.
    func nested<T>(_ what: String, _ body: () throws -> T) throws -> T {
        guard depth < DefineState.maximumDepth else {
            throw SQLiteError(message: "too many levels of recursion in \(what) (more than \(DefineState.maximumDepth))")
        }
        depth += 1
        defer { depth -= 1 }
        return try body()
    }

    // MARK: Defining

    /// Compiles a body: its parameter count, or SQLite's error. With `name`, the body may call
    /// the function being defined (a recursive function): the name is registered for any
    /// argument count while the body compiles (see ``loadStored(named:)``).
    func parameterCount(ofBody body: String, defining name: String? = nil) throws -> Int {
        let previous = defining
        defining = name
        defer { defining = previous }
        let statement = try DefineSQL.prepareDefinition(connection, "select " + body, what: "the body of a defined function")
        return statement.parameterCount
    }

    /// Makes `definition` the function's current one, registering the function with SQLite for
    /// its argument count unless it already is; `saving` (storing it) runs after a successful
    /// registration and before the definition takes effect.
    func install(_ definition: Definition, saving: () throws -> Void = {}) throws {
        let key = DefineState.key(definition.name)
        let maximum = connection.limit(.functionArguments)
        guard definition.parameterCount <= maximum else {
            throw SQLiteError(message: "too many parameters in the body of \(definition.name)(): \(definition.parameterCount), at most \(maximum)")
        }
        try register(name: definition.name, argumentCount: definition.parameterCount)
        try saving()
        definitions[key] = definition
        stored[key] = nil
    }

    /// Registers the defined function `name` with SQLite for an argument count (-1: any),
    /// unless it already is.
    private func register(name: String, argumentCount: Int) throws {
        let key = DefineState.key(name)
        let registration = "\(key)/\(argumentCount)"
        guard !registered.contains(registration) else { return }
        let call = DefinedFunctionCall(state: self, key: key)
        do {
            try connection.add(SQLFunction(name, argumentCount: argumentCount, writingResult: { arguments, result in
                call.invoke(arguments, result)
            }))
        } catch let error as SQLiteError where error.resultCode.primary == .busy {
            throw SQLiteError(message: "cannot define \(name)(): a function of that name with \(argumentCount) argument(s) already exists")
        }
        registered.insert(registration)
    }

    /// The name being defined while its body compiles.
    private var defining: String?

    /// Forgets a function or a define table: its stored row, the definition (SQLite cannot
    /// unregister a function while the calling statement runs, so calls fail with "no such
    /// function" instead), and the table if it is one of the `define` module.
    func undefine(_ name: String) throws {
        try DefineStorage.delete(name: name, connection)
        definitions[DefineState.key(name)] = nil
        stored[DefineState.key(name)] = nil
        // Most names are not tables: SQLite's own lookup (which folds case as NOCASE does)
        // answers that without preparing the query below.
        guard DefineSQL.mainTableExists(connection, name) else { return }
        let schemas = try DefineSQL.texts(
            connection, "select sql from main.sqlite_schema where type = 'table' and name = ?1 collate nocase", [name])
        if let sql = schemas.first, let sql, DefineState.isDefineTable(sql) {
            try DefineSQL.run(connection, "drop table main." + DefineSQL.quoted(name))
        }
    }

    /// Whether a table's CREATE statement makes a table of the `define` module.
    static func isDefineTable(_ sql: String) -> Bool {
        let words = sql.lowercased().split(whereSeparator: { " \t\n\r(".contains($0) })
        guard let using = words.firstIndex(of: "using"), using + 1 < words.count else { return false }
        return words[0] == "create" && words.contains("virtual") && words[using + 1] == "define"
    }

    /// The scalar functions stored in the database's `sqlean_define` table, by folded name:
    /// each is compiled and registered the first time a statement names it
    /// (``loadStored(named:)``).
    private var stored: [String: (name: String, body: String)] = [:]
    /// Whether ``stored`` was read.
    private var hasReadStored = false

    /// Reads the definitions stored in the main database file, once, through a read-only
    /// connection of its own: reading them on this connection would change what it reports
    /// (the error of the statement that named the function, the schema it has loaded, which
    /// `.progress` counts as sqlite3 does). An in-memory database has none stored (those it
    /// defines are registered as they are defined).
    private func readStoredDefinitions() {
        guard !hasReadStored else { return }
        guard let file = connection.filename(schema: "main"), !file.isEmpty else {
            hasReadStored = true
            return
        }
        guard let reader = try? Connection(path: file, flags: .readOnly) else { return }
        if DefineSQL.mainTableExists(reader, DefineStorage.table) {
            guard let rows = try? DefineStorage.scalars(reader) else { return }  // busy: try again later
            for row in rows { stored[DefineState.key(row.name)] = row }
        }
        hasReadStored = true
    }

    /// Registers the stored function a statement named, if the database has one. Called by the
    /// catalog's on-demand registration; it runs no SQL on this connection for other names, so
    /// that SQLite's error for a name nobody knows stays as it is.
    /// - Returns: whether it registered the function.
    func loadStored(named name: String) -> Bool {
        let key = DefineState.key(name)
        if let defining, DefineState.key(defining) == key {
            // The body of the function being defined calls it: register the name for any
            // argument count, so that the body compiles; calls with another count than the
            // body's parameter count reach this registration and fail with SQLite's message.
            return (try? register(name: defining, argumentCount: -1)) != nil
        }
        guard !isFreed, definitions[key] == nil else { return false }
        readStoredDefinitions()
        guard let found = stored[key], !loading.contains(key) else { return false }
        loading.insert(key)
        defer { loading.remove(key) }
        let count: Int
        do {
            count = try parameterCount(ofBody: found.body, defining: found.name)
        } catch let error as SQLiteError where error.message.hasPrefix("unsafe use of ") {
            // The stored body calls a function a view could not call: the name is taken by a
            // function that says so, rather than by nothing ("no such function").
            let message = "\(error.message) in \(found.name)(), defined in the database's \(DefineStorage.table) table"
            return (try? connection.add(SQLFunction(found.name, argumentCount: nil, writingResult: { _, _ in
                throw SQLiteError(message: message)
            }))) != nil
        } catch {
            return false
        }
        do {
            try install(Definition(name: found.name, body: found.body, parameterCount: count))
            return true
        } catch {
            return false
        }
    }

    /// Stored functions being compiled (a body naming another stored function loads it too;
    /// this stops a cycle).
    private var loading: Set<String> = []
}

/// The `sqlean_define` table, laid out as sqlean lays it out, so that a database written by
/// either works with the other.
///
/// Unlike sqlean, which creates the table in every database it opens, sqlsh creates it only
/// when `define()` or `CREATE VIRTUAL TABLE ... USING define` first needs it: a database that
/// never defines a function keeps the schema (and `.schema`/`.dump` output) it had.
enum DefineStorage {
    static let table = "sqlean_define"

    /// Creates the table if it does not exist.
    static func create(_ db: Connection) throws {
        guard !DefineSQL.mainTableExists(db, table) else { return }
        try DefineSQL.run(db, "create table if not exists main.sqlean_define(name text primary key, type text, body text)")
    }

    /// Saves a scalar function, replacing any stored definition of that name (and of any
    /// other spelling of it: names differing only in case never coexist in the table).
    ///
    /// The two statements are kept for the run of the statement calling `define()` (`call`'s
    /// statement data, as ``DefinedFunctionCall`` keeps a body): preparing them again for each
    /// row cost about 70,000 instructions a definition, twice what sqlean spends on all of
    /// it. Kept with the calling statement, they are finalized when it finishes, so they
    /// never keep the connection from closing; a schema change in between (the table dropped
    /// and made again) makes SQLite compile them again at their next step.
    static func saveScalar(name: String, body: String, _ db: Connection, keptFor call: Arguments) throws {
        try create(db)
        let statements: SaveStatements
        var keep = false
        if let kept = call.statementData(for: SaveStatements.key) as? SaveStatements, !kept.isBusy {
            statements = kept
        } else {
            // The kept ones busy: only if saving somehow ran inside saving. Fresh ones then.
            keep = call.statementData(for: SaveStatements.key) == nil
            statements = try SaveStatements(db)
        }
        try statements.save(name: name, body: body)
        if keep { call.setStatementData(statements, for: SaveStatements.key) }
    }

    /// Saves a table-valued function; a scalar function stored under the same name stays.
    static func saveTable(name: String, body: String, _ db: Connection) throws {
        try create(db)
        try DefineSQL.run(db, """
            insert into main.sqlean_define(name, type, body) values (?1, 'table', ?2) \
            on conflict(name) do update set body = excluded.body where type = 'table'
            """, [name, body])
    }

    /// The stored scalar functions, in table order.
    static func scalars(_ db: Connection) throws -> [(name: String, body: String)] {
        let statement = try DefineSQL.prepareSingle(
            db, "select name, body from main.sqlean_define where type = 'scalar' and name is not null and body is not null",
            what: "statement")
        var rows: [(name: String, body: String)] = []
        while (try? statement.step()) == true {  // an error ends the list
            guard let name = statement.string(at: 0), let body = statement.string(at: 1) else { continue }
            rows.append((name, body))
        }
        return rows
    }

    /// Forgets a stored function of either type.
    static func delete(name: String, _ db: Connection) throws {
        guard DefineSQL.mainTableExists(db, table) else { return }
        try DefineSQL.run(db, "delete from main.sqlean_define where name = ?1 collate nocase", [name])
    }
}

/// The statements saving a scalar function in `sqlean_define` (see
/// ``DefineStorage/saveScalar(name:body:_:keptFor:)``), finalized when released.
final class SaveStatements {
    /// Where a calling statement keeps them.
    static let key = StatementDataKey()

    /// Deletes the other spellings of a name.
    private let deleteOtherSpellings: Statement
    /// Inserts or replaces the definition.
    private let upsert: Statement

    init(_ db: Connection) throws {
        // `name = ?1 collate nocase` alone scans the whole table (the key's index is BINARY):
        // the two key ranges holding every spelling (``spellingRanges(of:)``) make it two
        // index searches. 1,000 definitions: 242 M instructions instead of 390 M.
        deleteOtherSpellings = try DefineSQL.prepareSingle(db, """
            delete from main.sqlean_define where (name between ?2 and ?3 or name between ?4 and ?5) \
            and name = ?1 collate nocase and name <> ?1
            """, what: "statement")
        upsert = try DefineSQL.prepareSingle(db, """
            insert into main.sqlean_define(name, type, body) values (?1, 'scalar', ?2) \
            on conflict(name) do update set type = 'scalar', body = excluded.body
            """, what: "statement")
    }

    /// Whether either is running.
    var isBusy: Bool { deleteOtherSpellings.isBusy || upsert.isBusy }

    func save(name: String, body: String) throws {
        let ranges = SaveStatements.spellingRanges(of: name)
        try DefineSQL.runKept(deleteOtherSpellings, [name, ranges.0.low, ranges.0.high, ranges.1.low, ranges.1.high])
        try DefineSQL.runKept(upsert, [name, body])
    }

    /// Two ranges of text, in BINARY order (SQLite's, bytes; not Swift's `String` order,
    /// hence no `ClosedRange`), holding every name equal to `name` under NOCASE (which folds
    /// ASCII letters only): one per case of the first byte (the same range twice when it is
    /// not a letter), the rest of the name running from all capitals to all small letters. The
    /// first byte where a spelling differs from the all-capitals one has a small letter there,
    /// which sorts after the capital, and likewise before the all-small one.
    static func spellingRanges(of name: String) -> ((low: String, high: String), (low: String, high: String)) {
        func isLetter(_ c: UInt8) -> Bool { (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A }
        var upper = name.utf8.map { isLetter($0) ? $0 & ~0x20 : $0 }
        var lower = upper.map { isLetter($0) ? $0 | 0x20 : $0 }
        guard let capital = upper.first, let small = lower.first else { return (("", ""), ("", "")) }
        // The first byte a capital: from all capitals to the rest in small letters.
        lower[0] = capital
        let first = (low: String(decoding: upper, as: UTF8.self), high: String(decoding: lower, as: UTF8.self))
        // The first byte small (the same byte when it is not a letter).
        upper[0] = small
        lower[0] = small
        return (first, (low: String(decoding: upper, as: UTF8.self), high: String(decoding: lower, as: UTF8.self)))
    }
}
