internal import CSQLite
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The second check of a direct-only function (``FunctionOptions/directOnly``), made at each
/// call: the function must be named by the SQL text of a statement running on the connection.
///
/// SQLite refuses a direct-only function in views and triggers when it compiles them, but
/// SQLite 3.40 compiles a CHECK constraint's calls without that check: a database could make
/// `insert into t values(1)` call `writefile()` through a CHECK constraint of `t`, even under
/// an authorizer, which never sees those calls. A call that no running statement names comes
/// from the schema, and fails with `unsafe use of NAME()`.
///
/// A function that runs SQL text (`eval('select writefile(...)')`) prepares a statement that
/// names the function, so what a user asks for in so many words still runs.
///
/// The answer for one statement's text is remembered (``DirectOnlyCheck``): scanning the text
/// at every call cost about 1,400 instructions a call of `define_free()` in
/// `select define_free() from t`, more than the function itself.
enum DirectOnlyGuard {
    /// Whether the call through `ctx` of the direct-only function `name` may run: whether some
    /// running statement's text passes `names`, and no CHECK constraint calling the function
    /// can run (``CheckConstraintCalls``); when not, the call's error is set.
    static func permits(_ ctx: OpaquePointer, _ name: String, checks: CheckConstraintCalls,
                        _ names: (UnsafePointer<CChar>) -> Bool) -> Bool {
        guard let db = sqlite3_context_db_handle(ctx) else { return false }
        var named = false
        var writer: OpaquePointer?
        var statement = sqlite3_next_stmt(db, nil)
        while let current = statement {
            if sqlite3_stmt_busy(current) != 0 {
                if writer == nil, sqlite3_stmt_readonly(current) == 0 { writer = current }
                if !named, let sql = sqlite3_sql(current), names(sql) { named = true }
            }
            statement = sqlite3_next_stmt(db, current)
        }
        guard named else {
            refuse(ctx, "unsafe use of \(name)(): no running statement calls it (a CHECK constraint of the schema)")
            return false
        }
        // A CHECK constraint runs only in a statement that writes.
        if let writer, let table = checks.table(calling: name, db: db, writer: writer) {
            refuse(ctx, "unsafe use of \(name)(): a CHECK constraint of table \(table) calls it")
            return false
        }
        return true
    }

    @inline(never)
    private static func refuse(_ ctx: OpaquePointer, _ message: String) {
        sqlite3_result_error(ctx, message, -1)
    }
}

/// Which table of the schema has a CHECK constraint calling a direct-only function.
///
/// SQLite 3.40 compiles a CHECK constraint's calls without the direct-only check, and the call
/// runs whenever its table is written: `insert into t values(writefile('mine', 'y'))` would
/// also run `t`'s `check (writefile('/tmp/pwned', 'x') ...)`, since the user's statement names
/// `writefile`. A call cannot tell whether it is the user's or the constraint's, so while a
/// statement that writes is running, a direct-only function that some table's CHECK constraint
/// calls is refused altogether. (DEFAULT expressions and generated columns are checked by
/// SQLite itself; index expressions cannot call functions that are not deterministic.)
///
/// The schema is read once per run of the writing statement: its pointer and run count are
/// remembered with the answer.
final class CheckConstraintCalls: Sendable {
    private struct Answer {
        var writer: UInt
        var runs: Int32
        var table: String?
    }

    private let last = Mutex<Answer?>(nil)

    /// The name of a table whose schema calls `name`, nil when none does.
    func table(calling name: String, db: OpaquePointer, writer: OpaquePointer) -> String? {
        let key = UInt(bitPattern: writer)
        let runs = sqlite3_stmt_status(writer, SQLITE_STMTSTATUS_RUN, 0)
        if let answer = last.withLock({ $0 }), answer.writer == key, answer.runs == runs { return answer.table }
        let table = Self.find(name, db: db)
        last.withLock { $0 = Answer(writer: key, runs: runs, table: table) }
        return table
    }

    /// Reads the CREATE TABLE text of every database of the connection. A virtual table's
    /// text is left out: its module arguments (`using zipfile('a.zip')`) are given to the
    /// module, never run as SQL, and it has no CHECK constraint.
    private static func find(_ name: String, db: OpaquePointer) -> String? {
        let connection = Connection(borrowing: db)
        guard let databases = try? connection.prepare("select name from pragma_database_list") else { return nil }
        var schemas: [String] = []
        while (try? databases.step()) == true {
            if let schema = databases.string(at: 0) { schemas.append(schema) }
        }
        for schema in schemas {
            let quoted = "\"" + schema.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
            guard let tables = try? connection.prepare(
                "select name, sql from \(quoted).sqlite_schema where type = 'table' and sql not like 'create virtual table%' and instr(lower(sql), lower(?1)) > 0") else {
                continue
            }
            try? tables.bind(name, at: 1)
            while (try? tables.step()) == true {
                guard let sql = tables.string(at: 1) else { continue }
                var text = sql
                if text.withUTF8({ SQLCallScan.calls($0, name) }) { return tables.string(at: 0) ?? "?" }
            }
        }
        return nil
    }
}

/// The check of one registered direct-only function (see ``DirectOnlyGuard``), remembering the
/// text of the last statement found calling it: while that statement runs, a call compares its
/// text (`strncmp`: about 30 instructions for a 90-byte statement) instead of scanning it
/// (about 1,400). The answer depends on the text alone, so a new statement with the same text
/// gets the same answer, and any other text is scanned.
///
/// `Sendable`: one registration may serve several connections, on several threads; the
/// remembered text is behind a lock.
final class DirectOnlyCheck: Sendable {
    /// The function's name.
    let name: String
    /// A copy of the text of the last statement found calling the function, with its NUL
    /// (empty before the first).
    private let caller = Mutex<[CChar]>([])
    /// The tables whose CHECK constraints call the function, read when a writing statement runs.
    private let checks = CheckConstraintCalls()

    init(name: String) {
        self.name = name
    }

    /// Whether the call through `ctx` may run; when not, the call's error is set.
    func permits(_ ctx: OpaquePointer) -> Bool {
        DirectOnlyGuard.permits(ctx, name, checks: checks) { sql in
            let known = caller.withLock { known in
                // Nothing remembered yet: an empty array's buffer may still have an address, and
                // comparing no bytes would find them equal.
                guard !known.isEmpty else { return false }
                return known.withUnsafeBufferPointer { known in
                    // Equal up to and including the remembered NUL: the same text.
                    guard let bytes = known.baseAddress else { return false }
                    return strncmp(bytes, sql, known.count) == 0
                }
            }
            if known { return true }
            let length = strlen(sql)
            let text = UnsafeBufferPointer(start: UnsafeRawPointer(sql).assumingMemoryBound(to: UInt8.self), count: length)
            guard SQLCallScan.calls(text, name) else { return false }
            caller.withLock { $0 = Array(UnsafeBufferPointer(start: sql, count: length + 1)) }
            return true
        }
    }
}

/// What a function's implementation keeps for its direct-only check: the ``DirectOnlyCheck`` of
/// a direct-only function (none for the others) and its address, which a call reads.
///
/// The check is borrowed through its address: a method call on an optional property retained
/// and released it at each call (about 40 instructions). An address, not a pointer: the
/// implementations holding it are `Sendable`.
struct DirectOnlyGate: Sendable {
    /// Keeps the check alive while the address is in use.
    private let check: DirectOnlyCheck?
    /// The check's address, 0 for none.
    private let address: UInt

    /// The gate of the direct-only function `name`; nil for a function that is not.
    init(name: String?) {
        check = name.map(DirectOnlyCheck.init(name:))
        address = check.map { UInt(bitPattern: Unmanaged.passUnretained($0).toOpaque()) } ?? 0
    }

    /// Whether the function checks its calls.
    var isDirectOnly: Bool { address != 0 }

    /// Whether the call through `ctx` may run: always for a function that is not direct-only;
    /// when not, the call's error is set.
    func permits(_ ctx: OpaquePointer) -> Bool {
        guard let object = UnsafeRawPointer(bitPattern: address) else { return true }
        return Unmanaged<DirectOnlyCheck>.fromOpaque(object)._withUnsafeGuaranteedRef { $0.permits(ctx) }
    }
}

/// Finds calls of a function in SQL text: the name as an identifier (bare, quoted, or a
/// keyword such as `replace`; ASCII case ignored) followed by `(`, outside string literals and
/// comments, the text read by ``SQLTokenizer`` as SQLite reads it.
enum SQLCallScan {
    static func calls(_ sql: UnsafePointer<CChar>, _ name: String) -> Bool {
        calls(UnsafeBufferPointer(start: UnsafeRawPointer(sql).assumingMemoryBound(to: UInt8.self), count: strlen(sql)), name)
    }

    /// Whether `text` (SQL with no NUL) calls the function `name`.
    static func calls(_ text: UnsafeBufferPointer<UInt8>, _ name: String) -> Bool {
        var name = name
        return name.withUTF8 { scan(text, $0) }
    }

    static func scan(_ text: UnsafeBufferPointer<UInt8>, _ wanted: UnsafeBufferPointer<UInt8>) -> Bool {
        // Keywords are names here (`replace(` calls a function): no keyword lookups.
        var tokens = SQLTokenizer(text, recognizesKeywords: false)
        while let token = tokens.next() {
            let name: Range<Int>
            switch token.kind {
            case .identifier, .keyword:
                name = token.range
            case .quotedIdentifier where !token.isUnterminated:
                // What is between the quotes, as written (a doubled quote is no function name).
                name = (token.start + 1)..<(token.end - 1)
            default:
                continue
            }
            guard matches(text, name, wanted) else { continue }
            // `(` next, after spaces and comments.
            var ahead = tokens
            if let next = ahead.nextSignificant(), next.kind == .operator, text[next.start] == UInt8(ascii: "(") {
                return true
            }
        }
        return false
    }

    private static func matches(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ wanted: UnsafeBufferPointer<UInt8>) -> Bool {
        guard range.count == wanted.count else { return false }
        for (offset, index) in range.enumerated() {
            let a = text[index], b = wanted[offset]
            if a != b && (a | 0x20) != (b | 0x20) { return false }
            if a != b && !((a | 0x20) >= 0x61 && (a | 0x20) <= 0x7A) { return false }
        }
        return true
    }
}
