import CSQLite
import SQLshCore

/// `.selftest ?--init? ?-v?`: runs the tests of the `selftest` table (`memo` rows are printed,
/// `run` rows are executed and their output compared with `ans`), or, without the table,
/// `PRAGMA integrity_check`; `--init` creates the table with sqlite3's generated tests
/// (SHA3-224 hashes of the schema and of each table, then the integrity check).
struct SelftestCommand: DotCommand {
    static let name = "selftest"
    static let minimumPrefix = 4
    static let usage = ".selftest ?OPTIONS?"
    static let summary = "Run tests defined in the SELFTEST table"
    static let details = """
        Options:
           --init               Create a new SELFTEST table
           -v                   Verbose output
    """

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        let db = shell.connection.handle
        // The checks run through sqlite3_exec, which cannot retry after registering on demand.
        shell.connection.registerNow(.function("sha3_query"))
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
        var exists = sqlite3_table_column_metadata(db, "main", "selftest", nil, nil, nil, nil, nil, nil) == SQLITE_OK
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
            var statement: OpaquePointer?
            var rc: Int32
            var tried: Set<String> = []
            repeat {  // sha3_query and other catalog functions are registered when first named
                rc = sqlite3_prepare_v2(db, query, -1, &statement, nil)
            } while rc != SQLITE_OK && Connection.registerMissing(on: db, after: rc, tried: &tried)
            guard rc == SQLITE_OK else {
                shell.err.write("Error querying the selftest table\n")
                sqlite3_finalize(statement)
                return .failure
            }
            while sqlite3_step(statement) == SQLITE_ROW {
                let number = sqlite3_column_int(statement, 0)
                guard let op = sqlite3_column_text(statement, 1).map({ String(cString: $0) }),
                      let sql = sqlite3_column_text(statement, 2).map({ String(cString: $0) }),
                      let answer = sqlite3_column_text(statement, 3).map({ String(cString: $0) }) else { continue }
                k = 0
                if verbose > 0 { shell.standardOutput.write("\(number): \(op) \(sql)\n") }
                if op == "memo" {
                    out.write(sql + "\n")
                } else if op == "run" {
                    var result = ""
                    var message: UnsafeMutablePointer<CChar>?
                    let rc = withUnsafeMutablePointer(to: &result) { pointer in
                        sqlite3_exec(db, sql, { context, count, values, _ in
                            guard let context, let values else { return 0 }
                            let text = context.assumingMemoryBound(to: String.self)
                            if !text.pointee.isEmpty { text.pointee += "|" }
                            for i in 0..<Int(count) {
                                if i > 0 { text.pointee += "," }
                                if let value = values[i] { text.pointee += String(cString: value) }
                            }
                            return 0
                        }, pointer, &message)
                    }
                    tests += 1
                    failed = rc != SQLITE_OK
                    if verbose > 0 { out.write("Result: \(result)\n") }
                    if rc != SQLITE_OK || message != nil {
                        errors += 1
                        failed = true
                        out.write("\(number): error-code-1: \(message.map { String(cString: $0) } ?? "(null)")\n")
                        sqlite3_free(message)
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
            sqlite3_finalize(statement)
            k -= 1
        }
        out.write("\(errors) errors out of \(tests) tests\n")
        return failed ? .failure : .success
    }

    /// sqlite3's `createSelftestTable`.
    private static func createTable(_ db: OpaquePointer, shell: Shell) {
        var message: UnsafeMutablePointer<CChar>?
        sqlite3_exec(db, """
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
            """, nil, nil, &message)
        if let message {
            shell.err.write("SELFTEST initialization failure: \(String(cString: message))\n")
            sqlite3_free(message)
        }
        sqlite3_exec(db, "RELEASE selftest_init", nil, nil, nil)
    }
}
