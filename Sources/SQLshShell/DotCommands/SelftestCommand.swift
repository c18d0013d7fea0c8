import SQLshCore

/// `.selftest ?--init? ?-v?`: runs the tests of the `selftest` table (`memo` rows are printed,
/// `run` rows are executed and their output compared with `ans`), or, without the table,
/// `PRAGMA integrity_check`; `--init` creates the table with sqlite3's generated tests
/// (SHA3-224 hashes of the schema and of each table, then the integrity check).
struct SelftestCommand: DotCommand {
    static let name = "selftest"
    static let usage = ".selftest ?OPTIONS?"
    static let summary = "Run tests defined in the SELFTEST table"
    static let details = """
        Options:
           --init               Create a new SELFTEST table
           -v                   Verbose output
    """

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        let db = shell.connection
        var initialize = false
        var verbose = 0
        for argument in arguments.dropFirst() {
            let z = argument.hasPrefix("--") ? String(argument.dropFirst()) : argument
            if z == "-init" {
                initialize = true
            } else if z == "-v" {
                verbose += 1
            } else {
                shell.err.write("Unknown option \"\(argument)\" on \"\(arguments[0])\"\nShould be one of: --init -v\n")
                return .failure
            }
        }
        var exists = db.tableExists("selftest", schema: "main")
        if initialize {
            createTable(db, shell: shell)
            exists = true
        }
        let out = shell.out
        var tests = 0, errors = 0
        // As sqlite3's `rc`: each test's sqlite3_exec sets it, a failure sets it to 1.
        var failed = false
        var k = exists ? 1 : 0
        while k >= 0 {
            let query = k == 1
                ? "SELECT tno,op,cmd,ans FROM selftest ORDER BY tno"
                : "VALUES(0,'memo','Missing SELFTEST table - default checks only',''),      (1,'run','PRAGMA integrity_check','ok')"
            // sha3_query and other catalog functions are registered when first named.
            guard let statement = try? db.prepareFirst(query) else {
                shell.err.write("Error querying the selftest table\n")
                return .failure
            }
            while (try? statement.step()) == true {
                let number = Int32(truncatingIfNeeded: statement.int64(at: 0))
                guard let op = text(statement, 1), let sql = text(statement, 2), let answer = text(statement, 3) else { continue }
                k = 0
                if verbose > 0 { shell.standardOutput.write("\(number): \(op) \(sql)\n") }
                if op == "memo" {
                    out.write(sql + "\n")
                } else if op == "run" {
                    let (result, message) = execute(sql, on: db)
                    tests += 1
                    failed = message != nil
                    if verbose > 0 { out.write("Result: \(result)\n") }
                    if let message {
                        errors += 1
                        failed = true
                        out.write("\(number): error-code-1: \(message)\n")
                    } else if answer != result {
                        errors += 1
                        failed = true
                        out.write("\(number): Expected: [\(answer)]\n\(number):      Got: [\(result)]\n")
                    }
                } else {
                    shell.err.write("Unknown operation \"\(op)\" on selftest line \(number)\n")
                    failed = true
                    break
                }
            }
            k -= 1
        }
        out.write("\(errors) errors out of \(tests) tests\n")
        return failed ? .failure : .success
    }

    /// A column's text up to its first NUL (as C reads it), or nil for NULL.
    private static func text(_ statement: Statement, _ column: Int) -> String? {
        statement.columnType(at: column) == .null ? nil : String(decoding: statement.textBytes(at: column).prefix { $0 != 0 }, as: UTF8.self)
    }

    /// Runs `sql` as sqlite3's `.selftest` runs a test with `sqlite3_exec`: every row of every
    /// statement, columns joined with `,` and rows with `|` (NULL as nothing), and the error
    /// message of the statement that failed, if one did.
    private static func execute(_ sql: String, on db: Connection) -> (result: String, error: String?) {
        var result = ""
        let bytes = Array(sql.utf8.prefix { $0 != 0 })
        do {
            try bytes.withUnsafeBufferPointer { buffer in
                var rest = buffer
                while !rest.isEmpty {
                    let (prepared, consumed) = try db.prepare(utf8: rest)
                    rest = UnsafeBufferPointer(rebasing: rest[consumed...])
                    guard let statement = prepared else { continue }
                    while try statement.step() {
                        if !result.isEmpty { result += "|" }
                        for i in 0..<statement.columnCount {
                            if i > 0 { result += "," }
                            result += text(statement, i) ?? ""
                        }
                    }
                }
            }
        } catch {
            return (result, (error as? SQLiteError)?.message ?? "\(error)")
        }
        return (result, nil)
    }

    /// sqlite3's `createSelftestTable`.
    private static func createTable(_ db: Connection, shell: Shell) {
        do {
            try db.execute("""
            SAVEPOINT selftest_init;
            CREATE TABLE IF NOT EXISTS selftest(
              tno INTEGER PRIMARY KEY,
              op TEXT,
              cmd TEXT,
              ans TEXT
            );CREATE TEMP TABLE [_shell$self](op,cmd,ans);
            INSERT INTO [_shell$self](rowid,op,cmd)
              VALUES(coalesce((SELECT (max(tno)+100)/10 FROM selftest),10),
                     'memo','Tests generated by --init');
            INSERT INTO [_shell$self]
              SELECT 'run',
                'SELECT hex(sha3_query(''SELECT type,name,tbl_name,sql FROM sqlite_schema ORDER BY 2'',224))',
                hex(sha3_query('SELECT type,name,tbl_name,sql FROM sqlite_schema ORDER BY 2',224));
            INSERT INTO [_shell$self]
              SELECT 'run',    'SELECT hex(sha3_query(''SELECT * FROM "' ||        printf('%w',name) || '" NOT INDEXED'',224))',
                hex(sha3_query(printf('SELECT * FROM "%w" NOT INDEXED',name),224))
              FROM (
                SELECT name FROM sqlite_schema
                 WHERE type='table'
                   AND name<>'selftest'
                   AND coalesce(rootpage,0)>0
              )
             ORDER BY name;
            INSERT INTO [_shell$self]
              VALUES('run','PRAGMA integrity_check','ok');
            INSERT INTO selftest(tno,op,cmd,ans)  SELECT rowid*10,op,cmd,ans FROM [_shell$self];
            DROP TABLE [_shell$self];
            """)
        } catch {
            shell.err.write("SELFTEST initialization failure: \((error as? SQLiteError)?.message ?? "\(error)")\n")
        }
        try? db.execute("RELEASE selftest_init")
    }
}
