import Foundation
import Testing

/// Databases made by someone else, opened with the built binary: nothing they hold runs code,
/// writes a file or reads one the test did not put there, with and without `-safe`.
///
/// Each test works in a folder of its own (``Folder``): the hostile database is built there by
/// a first sqlsh run (as its author would), then opened as a victim would open it. The folder's
/// listing before and after says whether anything was written.
struct UntrustedDatabaseTests {
    /// A scratch folder with the files a test made, removed at the end.
    final class Folder {
        let url: URL
        var path: String { url.path }

        init() throws {
            url = FileManager.default.temporaryDirectory.appendingPathComponent("sqlsh-untrusted-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }

        deinit { try? FileManager.default.removeItem(at: url) }

        /// The names of the files in the folder, sorted (the runner's own files left out).
        func listing() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [])
                .filter { !$0.hasPrefix(".") && $0 != "home" }.sorted()
        }

        /// Runs sqlsh here with `arguments` and `input` on standard input, an empty HOME.
        @discardableResult
        func sqlsh(_ arguments: [String], _ input: String = "", in subfolder: String? = nil) throws
            -> (out: String, err: String, status: Int32) {
            let home = url.appendingPathComponent("home")
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: ShellRunner.sqlshPath)
            process.arguments = arguments
            process.currentDirectoryURL = subfolder.map { url.appendingPathComponent($0) } ?? url
            process.environment = ["HOME": home.path, "PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8"]
            let inURL = url.appendingPathComponent(".in"), outURL = url.appendingPathComponent(".out"),
                errURL = url.appendingPathComponent(".err")
            try Data(input.utf8).write(to: inURL)
            FileManager.default.createFile(atPath: outURL.path, contents: nil)
            FileManager.default.createFile(atPath: errURL.path, contents: nil)
            let stdin = try FileHandle(forReadingFrom: inURL), stdout = try FileHandle(forWritingTo: outURL),
                stderr = try FileHandle(forWritingTo: errURL)
            process.standardInput = stdin
            process.standardOutput = stdout
            process.standardError = stderr
            try process.run()
            process.waitUntilExit()
            try? stdin.close(); try? stdout.close(); try? stderr.close()
            return (String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
                    String(decoding: try Data(contentsOf: errURL), as: UTF8.self), process.terminationStatus)
        }
    }

    // MARK: -safe on a database file that exists

    @Test func safeModeHoldsOnAnExistingDatabase() throws {
        let folder = try Folder()
        try folder.sqlsh(["e.db", "create table t(a)"])
        for arguments in [["-safe", "e.db"], ["e.db", "-safe"], ["-safe", "-readonly", "e.db"], ["-batch", "e.db", "-safe"]] {
            let run = try folder.sqlsh(arguments + ["select writefile('pwn','x')"])
            #expect(run.err == "line 0: cannot use the writefile() function in safe mode\n", "\(arguments)")
            #expect(run.status == 1, "\(arguments)")
            #expect(folder.listing() == ["e.db"], "\(arguments)")
        }
        // Standard input and dot-commands too.
        let piped = try folder.sqlsh(["-safe", "e.db"], "select readfile('e.db');\n")
        #expect(piped.err == "line 1: cannot use the readfile() function in safe mode\n")
        let attach = try folder.sqlsh(["-safe", "e.db"], "attach 'other.db' as o;\n")
        #expect(attach.status == 1 && folder.listing() == ["e.db"], "\(attach)")
    }

    /// As in sqlite3: safe mode starts where `-safe` stands in the second pass, so a `-cmd`
    /// before it and the start-up file run unrestricted (the user wrote those).
    @Test func safeModeStartsWhereTheOptionStands() throws {
        let folder = try Folder()
        try folder.sqlsh(["e.db", "create table t(a)"])
        let run = try folder.sqlsh(["e.db", "-cmd", "select writefile('before', 'x')", "-safe", "-cmd",
                                    "select writefile('after', 'x')"])
        #expect(run.out == "1\n")
        #expect(run.err == "line 0: cannot use the writefile() function in safe mode\n")
        #expect(folder.listing() == ["before", "e.db"])
    }

    /// `-readonly` and `-deserialize` keep a database that exists unchanged whatever their place.
    @Test func readOnlyOptionsHoldOnAnExistingDatabase() throws {
        let folder = try Folder()
        try folder.sqlsh(["e.db", "create table t(a); insert into t values(1)"])
        let readOnly = try folder.sqlsh(["e.db", "-readonly", "insert into t values(2)"])
        #expect(readOnly.err == "Error: stepping, attempt to write a readonly database (8)\n")
        let deserialized = try folder.sqlsh(["e.db", "-deserialize"], "insert into t values(3);\nselect count(*) from t;\n")
        #expect(deserialized.out == "2\n")
        #expect(try folder.sqlsh(["e.db", "select count(*) from t"]).out == "1\n")
    }

    // MARK: Catalog functions in the schema

    /// Every place a schema keeps an expression calls the catalog's functions every time the
    /// database is opened again, from the first statement.
    @Test func catalogFunctionsWorkInEverySchemaExpression() throws {
        let folder = try Folder()
        try folder.sqlsh(["s.db"], """
            create table d(a default (reverse('abc')), b);
            create table c(a check (reverse(a) <> 'x'));
            create table g(a, b as (reverse(a)));
            create table i(a); create index ii on i(reverse(a));
            create view v as select reverse('xyz') as r;
            create table tt(a); create table log(m);
            create trigger tr after insert on tt begin insert into log values(reverse(new.a)); end;
            """)
        let run = try folder.sqlsh(["s.db"], """
            insert into d(b) values(1);
            insert into c values('ab');
            insert into g(a) values('ab');
            insert into i values('ab');
            insert into tt values('ab');
            select * from d; select * from c; select * from g; select * from i where reverse(a) = 'ba';
            select * from v; select * from log;
            delete from d; delete from c; delete from g; delete from i;
            pragma integrity_check;
            """)
        #expect(run.err == "")
        #expect(run.out == "cba|1\nab\nab|ba\nab\nzyx\nba\nok\n")
        // The catalog's functions are listed before any statement named them.
        let listed = try folder.sqlsh([":memory:", "select count(*) from pragma_function_list where name in ('reverse', 'slugify', 'median')"])
        #expect(listed.out == "3\n")
    }

    // MARK: The define pack's stored SQL

    /// A definition stored in the database is SQL from its author, run like a view's: functions
    /// that SQLite refuses in views and triggers (direct-only: they write or read files, run
    /// SQL) are refused there too.
    @Test func storedDefinitionsCannotCallDirectOnlyFunctions() throws {
        let folder = try Folder()
        try folder.sqlsh(["h.db"], """
            create table sqlean_define(name text primary key, type text, body text);
            insert into sqlean_define values('pwn', 'scalar', 'writefile(''p1'', :x)');
            insert into sqlean_define values('peek', 'scalar', 'readfile(''h.db'')');
            insert into sqlean_define values('nest', 'scalar', 'eval(''select writefile(''''p2'''', 1)'')');
            insert into sqlean_define values('reverse', 'scalar', 'writefile(''p3'', :x)');
            insert into sqlean_define values('upper', 'scalar', 'writefile(''p4'', :x)');
            pragma writable_schema = on;
            insert into sqlite_schema values('table', 'dd', 'dd', 0,
                'CREATE VIRTUAL TABLE dd USING define((select writefile(''p5'', ''x'') as x))');
            """)
        #expect(folder.listing() == ["h.db"])
        for (sql, error) in [("select pwn('abc');", "unsafe use of writefile()"),
                             ("select peek();", "unsafe use of readfile()"),
                             ("select nest();", "unsafe use of eval()"),
                             ("select * from dd;", "unsafe use of writefile()")] {
            let run = try folder.sqlsh(["h.db"], sql + "\n")
            #expect(run.err.contains(error), "\(sql): \(run.err)")
            #expect(run.status == 1, "\(sql)")
        }
        // Stored definitions never take the name of a catalog or SQLite function.
        let named = try folder.sqlsh(["h.db"], "select reverse('abc'), upper('abc');\n")
        #expect(named.out == "cba|ABC\n" && named.err == "", "\(named)")
        #expect(folder.listing() == ["h.db"])
    }

    /// What the user defines in their own session still works, stored and read back.
    @Test func ownDefinitionsStillWork() throws {
        let folder = try Folder()
        try folder.sqlsh(["o.db"], "select define('twice', ':x * 2');\n")
        let run = try folder.sqlsh(["o.db"], "select twice(21);\n")
        #expect(run.out == "42\n" && run.err == "", "\(run)")
    }

    // MARK: Modules that safe mode refuses, already in the schema

    /// A `zipfile` table in the schema reads and writes any file: under `-safe` every use of it
    /// is refused, not only CREATE VIRTUAL TABLE (sqlite3 3.40.1 writes the archive).
    @Test func zipfileTablesInTheSchemaAreRefusedInSafeMode() throws {
        let folder = try Folder()
        try folder.sqlsh(["z.db", "create virtual table z using zipfile('a.zip')"])
        for sql in ["select * from z;", "insert into z(name, data) values('m', 'x');", "select count(*) from z;",
                    "update z set name = 'n';", "delete from z;"] {
            let run = try folder.sqlsh(["-safe", "z.db"], sql + "\n")
            #expect(run.err.contains("cannot use the zipfile module in safe mode"), "\(sql): \(run.err)")
            #expect(run.status == 1, "\(sql)")
            #expect(folder.listing() == ["z.db"], "\(sql)")
        }
        // Without -safe, a table the database came with is refused too (it could name any
        // file), until the user trusts it by name.
        let plain = try folder.sqlsh(["z.db"], "insert into z(name, data) values('m', 'x');\nselect name from z;\n")
        #expect(plain.err.contains("table z is a zipfile table the database came with (zipfile('a.zip'))"), "\(plain)")
        #expect(folder.listing() == ["z.db"])
        let trusted = try folder.sqlsh(["z.db"], ".trust z\ninsert into z(name, data) values('m', 'x');\nselect name from z;\n")
        #expect(trusted.out == "m\n" && trusted.err == "", "\(trusted)")
        // The define module likewise.
        try folder.sqlsh(["d.db"], "pragma writable_schema = on; insert into sqlite_schema values('table', 'dd', 'dd', 0, 'CREATE VIRTUAL TABLE dd USING define((select 1 as x))');")
        let define = try folder.sqlsh(["-safe", "d.db"], "select * from dd;\n")
        #expect(define.err.contains("cannot use the define module in safe mode") && define.status == 1, "\(define)")
    }

    // MARK: Every hostile schema object, every function that reaches files or runs SQL

    /// A folder with `work/` (where the shell runs) and `outside/secret.txt`, a file no
    /// database may show: its unique text is returned.
    static func folderWithASecretOutside() throws -> (folder: Folder, outside: URL, work: URL, secret: String) {
        let folder = try Folder()
        let outside = folder.url.appendingPathComponent("outside"), work = folder.url.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let secret = "SECRET-\(UUID().uuidString)"
        try Data(secret.utf8).write(to: outside.appendingPathComponent("secret.txt"))
        return (folder, outside, work, secret)
    }


    /// Calls that write, read or list files outside the folder the shell runs in, run a program,
    /// load code or run SQL text: each is put in each kind of schema object below.
    static let hostileCalls = [
        "writefile('../outside/w1', 'x')",
        "readfile('../outside/secret.txt')",
        "fileio_read('../outside/secret.txt')",
        "fileio_write('../outside/w2', 'x')",
        "fileio_append('../outside/w3', 'x')",
        "fileio_mkdir('../outside/d1')",
        "mkdir('../outside/d2')",
        "fileio_symlink('secret.txt', '../outside/l1')",
        "symlink('secret.txt', '../outside/l2')",
        "edit('x', 'touch ../outside/w4; true')",
        "eval('select writefile(''../outside/w5'', 1)')",
        "sha3_query('select writefile(''../outside/w6'', 1)')",
        "load_extension('../outside/none.so')",
        "define('pwn', 'writefile(''../outside/w7'', 1)')",
        "(select group_concat(name) from fsdir('../outside'))",
        "(select group_concat(name) from lsdir('../outside'))",
        "(select group_concat(value) from scanfile('../outside/secret.txt'))",
        "(select group_concat(data) from zipfile('../outside/secret.txt'))",
    ]

    /// Where a schema holds an expression: the objects (each with `abs(1)` where the call goes)
    /// and what an ordinary user then does with them.
    static let placements: [(name: String, schema: String, use: String)] = [
        ("view", "create view obj as select abs(1) as r;", "select * from obj;"),
        ("trigger", "create table t(a); create trigger obj after insert on t begin select abs(1); end;",
         "insert into t values(1);"),
        ("default", "create table obj(a default (abs(1)), b);", "insert into obj(b) values(1); select * from obj;"),
        ("generated column", "create table obj(a, b as (abs(1)));", "insert into obj(a) values(1); select * from obj;"),
        ("check", "create table obj(a check (abs(1) is not null));", "insert into obj values(1);"),
        ("expression index", "create table obj(a); create index obj_i on obj(a, abs(1));", "insert into obj values(1);"),
        ("define table", """
            pragma writable_schema = on;
            insert into sqlite_schema values('table', 'obj', 'obj', 0, 'CREATE VIRTUAL TABLE obj USING define((select abs(1) as x))');
            pragma writable_schema = off;
            """, "select * from obj;"),
        ("stored definition", """
            create table sqlean_define(name text primary key, type text, body text);
            insert into sqlean_define values('obj_f', 'scalar', 'abs(1)');
            """, "select obj_f();"),
    ]

    /// Each call in each place, in a database of its own (a schema SQLite finds malformed hides
    /// everything else in it), opened with and without -safe and used, dumped, listed and
    /// recovered: nothing appears outside the folder or in it, and the secret file's text is
    /// never shown.
    @Test(arguments: placements.map(\.name))
    func hostileSchemaObjectsDoNothing(placement: String) throws {
        let (folder, outside, work, secret) = try Self.folderWithASecretOutside()
        let (_, schema, use) = try #require(Self.placements.first { $0.name == placement })
        for (index, call) in Self.hostileCalls.enumerated() {
            let database = "h\(index).db"
            let literal = "'" + call.replacingOccurrences(of: "'", with: "''") + "'"
            let built = try folder.sqlsh([database], schema + """

                pragma writable_schema = on;
                update sqlite_schema set sql = replace(sql, 'abs(1)', \(literal)) where sql like '%abs(1)%';
                update sqlean_define set body = replace(body, 'abs(1)', \(literal));
                """, in: "work")
            #expect(!built.err.contains("Error") || built.err.contains("no such table: sqlean_define"), "\(placement) \(call): \(built.err)")
            for safe in [false, true] {
                let run = try folder.sqlsh((safe ? ["-safe"] : []) + [database],
                                           use + "\npragma integrity_check;\n.dump\n.schema\n.recover\nselect 'end';\n", in: "work")
                let what = "\(placement), \(call)\(safe ? ", -safe" : "")"
                let outsideNow = (try? FileManager.default.contentsOfDirectory(atPath: outside.path).sorted()) ?? []
                #expect(outsideNow == ["secret.txt"], "\(what): \(outsideNow)")
                let workNow = (try? FileManager.default.contentsOfDirectory(atPath: work.path)) ?? []
                #expect(Set(workNow).isSubset(of: Set((0..<Self.hostileCalls.count).map { "h\($0).db" })), "\(what): \(workNow)")
                #expect(!run.out.contains(secret) && !run.err.contains(secret), "\(what) showed the secret file")
                #expect(!run.err.contains("Fatal error") && run.status <= 1, "\(what): status \(run.status)\n\(run.err)")
                if !safe { #expect(run.out.hasSuffix("end\n"), "\(what): the shell stopped early\n\(run.err)") }
                // Each case on its own: what one left behind must not fail the next.
                for name in outsideNow where name != "secret.txt" {
                    try? FileManager.default.removeItem(at: outside.appendingPathComponent(name))
                }
            }
        }
    }

    /// Virtual tables of every module that reaches files, in the schema: a view or trigger
    /// over them is refused (the modules are direct-only), `.dump`, `.schema` and `.recover`
    /// never read them, and -safe refuses reading them directly.
    @Test func fileModulesInTheSchemaStayClosed() throws {
        let (folder, outside, work, secret) = try Self.folderWithASecretOutside()
        let tables = [
            "CREATE VIRTUAL TABLE m1 USING vsv(filename=''../outside/secret.txt'')",
            "CREATE VIRTUAL TABLE m2 USING zipfile(''../outside/secret.txt'')",
            "CREATE VIRTUAL TABLE m3 USING define((select readfile(''../outside/secret.txt'') as x))",
        ]
        var script = "create table t(a);\npragma writable_schema = on;\n"
        for (index, sql) in tables.enumerated() {
            script += "insert into sqlite_schema values('table', 'm\(index + 1)', 'm\(index + 1)', 0, '\(sql)');\n"
        }
        script += "pragma writable_schema = off;\n"
        try folder.sqlsh(["m.db"], script, in: "work")
        // Views and triggers over them, added as their author would.
        try folder.sqlsh(["m.db"], """
            pragma writable_schema = on;
            insert into sqlite_schema values('view', 'v1', 'v1', 0, 'CREATE VIEW v1 AS SELECT * FROM m1');
            insert into sqlite_schema values('view', 'v2', 'v2', 0, 'CREATE VIEW v2 AS SELECT * FROM m2');
            insert into sqlite_schema values('view', 'v3', 'v3', 0, 'CREATE VIEW v3 AS SELECT * FROM m3');
            insert into sqlite_schema values('trigger', 'tr', 't', 0,
                'CREATE TRIGGER tr AFTER INSERT ON t BEGIN INSERT INTO m2(name, data) VALUES(''w'', ''x''); END');
            """, in: "work")
        let reads = "select * from v1;\nselect * from v2;\nselect * from v3;\ninsert into t values(1);\n"
            + ".dump\n.schema\n.recover\n.tables\nselect 'end';\n"
        for safe in [false, true] {
            let run = try folder.sqlsh((safe ? ["-safe"] : []) + ["m.db"], reads, in: "work")
            #expect(!run.out.contains(secret) && !run.err.contains(secret), "\(safe): showed the secret file\n\(run.out)")
            #expect((try FileManager.default.contentsOfDirectory(atPath: outside.path)) == ["secret.txt"])
            #expect((try FileManager.default.contentsOfDirectory(atPath: work.path)) == ["m.db"])
            #expect(run.out.hasSuffix("end\n"), "\(safe): \(run.err)")
        }
        let direct = try folder.sqlsh(["-safe", "m.db"], "select * from m1;\n", in: "work")
        #expect(direct.err.contains("cannot use the vsv module in safe mode") && direct.status == 1, "\(direct)")
    }

    /// A virtual table of each module that reads or writes files, stored in the database by
    /// its author (as the stock shell with writable_schema can): without -safe too, its first
    /// use is refused with a message naming the table and the file, nothing is read or
    /// written, and `.trust NAME` (refused under -safe) is how the user says it may be read.
    @Test func storedFileTablesAreRefusedUntilTrusted() throws {
        let (folder, outside, _, secret) = try Self.folderWithASecretOutside()
        try Data("a,b\n1,2\n".utf8).write(to: outside.appendingPathComponent("data.csv"))
        try Data("[{\"a\": 1}]".utf8).write(to: outside.appendingPathComponent("data.json"))
        try Data("{\"a\": 1}\n".utf8).write(to: outside.appendingPathComponent("data.ndjson"))
        let tables: [(name: String, module: String, arguments: String)] = [
            ("m1", "vsv", "filename=''../outside/secret.txt''"),
            ("m2", "zipfile", "''../outside/new.zip''"),
            ("m3", "read_csv", "''../outside/data.csv''"),
            ("m4", "read_json", "''../outside/data.json''"),
            ("m5", "read_ndjson", "''../outside/data.ndjson''"),
            ("m6", "read_csv_auto", "''../outside/secret.txt''"),
        ]
        var script = "create table t(a);\npragma writable_schema = on;\n"
        for table in tables {
            script += "insert into sqlite_schema values('table', '\(table.name)', '\(table.name)', 0, "
                + "'CREATE VIRTUAL TABLE \(table.name) USING \(table.module)(\(table.arguments))');\n"
        }
        try folder.sqlsh(["s.db"], script, in: "work")
        let before = try FileManager.default.contentsOfDirectory(atPath: outside.path).sorted()
        for table in tables {
            for sql in ["select * from \(table.name);", "select count(*) from \(table.name);",
                        "insert into \(table.name) values('x', 'y', 'z', 'w', 'v', 'u', 't');"] {
                let run = try folder.sqlsh(["s.db"], sql + "\nselect 'end';\n", in: "work")
                let file = table.arguments.replacingOccurrences(of: "''", with: "'")
                #expect(run.err.contains("table \(table.name) is a \(table.module) table the database came with (\(table.module)(\(file)))"),
                        "\(sql): \(run.err)")
                #expect(run.err.contains(".trust \(table.name)"), "\(run.err)")
                #expect(!run.out.contains(secret) && !run.err.contains(secret), "\(sql) showed the secret")
                #expect(run.out.hasSuffix("end\n"), "\(sql): \(run)")
                #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).sorted() == before, "\(sql)")
            }
        }
        // The user's word: .trust reads it (and is refused in safe mode).
        let trusted = try folder.sqlsh(["s.db"], ".trust m3\nselect a, b from m3;\n", in: "work")
        #expect(trusted.out == "1|2\n" && trusted.err == "", "\(trusted)")
        let unknown = try folder.sqlsh(["s.db"], ".trust nothere\n", in: "work")
        #expect(unknown.err.contains("no virtual table nothere"), "\(unknown)")
        let safe = try folder.sqlsh(["-safe", "s.db"], ".trust m3\nselect a from m3;\n", in: "work")
        #expect(safe.status == 1 && !safe.out.contains("1"), "\(safe)")
        // A table made in this session is read; in the next session it came with the database.
        let made = try folder.sqlsh(["own.db"], "create virtual table own using vsv(filename='../outside/data.csv', header);\nselect a from own;\n", in: "work")
        #expect(made.out == "1\n" && made.err == "", "\(made)")
        let again = try folder.sqlsh(["own.db"], "select a from own;\n", in: "work")
        #expect(again.err.contains("table own is a vsv table the database came with"), "\(again)")
        // Temp tables are always this session's, and files named in FROM are read as before.
        let temp = try folder.sqlsh(["s.db"], "create virtual table temp.tt using read_csv('../outside/data.csv');\nselect a from tt;\nselect b from '../outside/data.csv';\n", in: "work")
        #expect(temp.out == "1\n2\n" && temp.err == "", "\(temp)")
    }

    /// A CHECK constraint calling a direct-only function rides on no call of the user's:
    /// `insert into t values(writefile('mine', 'y'))` names writefile, and in sqlite3 3.40.1
    /// also runs t's `check (writefile('pwned', ...))`. sqlsh refuses the call while a
    /// statement that writes runs, naming the table; a statement that writes nothing (no
    /// CHECK runs) still calls the function.
    @Test func aCheckConstraintDoesNotRideOnTheUsersCall() throws {
        let folder = try Folder()
        try folder.sqlsh(["c.db"], """
            create table t(a check (coalesce(abs(1), 1) > 0));
            create table u(a);
            pragma writable_schema = on;
            update sqlite_schema set sql = replace(sql, 'abs(1)', 'writefile(''pwned'', ''x'')') where name = 't';
            """)
        for sql in ["insert into t values(1);", "insert into t values(writefile('mine', 'y'));",
                    "select eval('insert into t values(1)'), writefile('mine', 'y');",
                    "insert into u values(writefile('mine', 'y'));"] {
            let run = try folder.sqlsh(["c.db"], sql + "\n")
            #expect(run.status == 1, "\(sql): \(run)")
            #expect(folder.listing() == ["c.db"], "\(sql): \(folder.listing())")
        }
        let named = try folder.sqlsh(["c.db"], "insert into t values(writefile('mine', 'y'));\n")
        #expect(named.err.contains("unsafe use of writefile(): a CHECK constraint of table t calls it"), "\(named.err)")
        let read = try folder.sqlsh(["c.db"], "select writefile('mine', 'y');\n")
        #expect(read.out == "1\n" && folder.listing() == ["c.db", "mine"], "\(read)")
    }

    /// A virtual table's module arguments are no CHECK constraint: a zipfile table in the
    /// schema does not stop the zipfile() aggregate in a statement that writes (SQLite 3.53's
    /// test/zipfile.test 14.10).
    @Test func aVirtualTablesArgumentsAreNoCheckConstraint() throws {
        let folder = try Folder()
        let run = try folder.sqlsh([":memory:"], """
            create virtual table z using zipfile('test.zip');
            create table t1(x char);
            insert into t1(x) values('1');
            insert into t1(x) select zipfile(x, 'xyz') from t1;
            insert into t1(x) select zipfile(x, 'uvw') from t1;
            select count(*) from t1;

            """)
        #expect(run.out == "3\n" && run.err == "", "\(run)")
    }

    /// SQLite's own load_extension() in a CHECK constraint loads code in sqlite3 3.40.1 (an
    /// extension whose init writes a file shows it); sqlsh's copy refuses a call no running
    /// statement names, and still loads what the user asks for.
    @Test func aCheckConstraintCannotLoadAnExtension() throws {
        let folder = try Folder()
        let source = folder.url.appendingPathComponent("ext.c")
        try Data("""
            #include <sqlite3ext.h>
            #include <stdio.h>
            SQLITE_EXTENSION_INIT1
            int sqlite3_ext_init(sqlite3 *db, char **err, const sqlite3_api_routines *api) {
                SQLITE_EXTENSION_INIT2(api);
                FILE *f = fopen("LOADED", "w");
                if (f) fclose(f);
                return SQLITE_OK;
            }
            """.utf8).write(to: source)
        let compiler = Process()
        compiler.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        compiler.arguments = ["cc", "-shared", "-fPIC", "-o", folder.url.appendingPathComponent("ext.so").path, source.path]
        try compiler.run()
        compiler.waitUntilExit()
        try #require(compiler.terminationStatus == 0, "no C compiler")
        try folder.sqlsh(["c.db"], """
            create table t(a check (abs(1) is not null));
            pragma writable_schema = on;
            update sqlite_schema set sql = replace(sql, 'abs(1)', 'load_extension(''./ext.so'', ''sqlite3_ext_init'')');
            """)
        for safe in [false, true] {
            let run = try folder.sqlsh((safe ? ["-safe"] : []) + ["c.db"], "insert into t values(1);\n")
            #expect(run.status == 1 && !folder.listing().contains("LOADED"), "\(run)")
            if !safe { #expect(run.err.contains("unsafe use of load_extension()"), "\(run.err)") }
        }
        let asked = try folder.sqlsh([":memory:", "select load_extension('./ext.so', 'sqlite3_ext_init')"])
        #expect(asked.err == "" && folder.listing().contains("LOADED"), "\(asked)")
    }

    // MARK: The same outcome as sqlite3 where sqlite3 is safe

    /// Views, triggers, DEFAULT expressions, generated columns and expression indexes calling
    /// functions that reach files: sqlite3 refuses them (or finds the schema malformed), and
    /// sqlsh gives the same output, messages and status. (CHECK constraints are left out:
    /// there sqlite3 runs the call.)
    @Test(arguments: ["readfile('x')", "writefile('x', 'y')", "load_extension('x')", "sha3_query('select 1')",
                      "(select count(*) from fsdir('.'))"])
    func schemaObjectsAreRefusedAsInSQLite3(call: String) throws {
        let script = """
            create view v as select \(call) as r;
            select * from v;
            create table t(a); create table log(m);
            create trigger tr after insert on t begin insert into log values(\(call)); end;
            insert into t values(1);
            create table d(a default (\(call)), b);
            insert into d(b) values(1);
            create table g(a, b as (\(call)));
            insert into g(a) values(1);
            create table i(a);
            create index ii on i(a, \(call));
            select count(*) from log;
            """
        let (expected, actual) = try ShellRunner.compare(["-batch", ":memory:"], stdin: Data(script.utf8))
        #expect(actual == expected, "\(call)")
    }
}
