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
        func sqlsh(_ arguments: [String], _ input: String = "") throws -> (out: String, err: String, status: Int32) {
            let home = url.appendingPathComponent("home")
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: ShellRunner.sqlshPath)
            process.arguments = arguments
            process.currentDirectoryURL = url
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
        // Without -safe, as in sqlite3: the table is the user's to use.
        let plain = try folder.sqlsh(["z.db"], "insert into z(name, data) values('m', 'x');\nselect name from z;\n")
        #expect(plain.out == "m\n" && plain.err == "", "\(plain)")
        // The define module likewise.
        try folder.sqlsh(["d.db"], "pragma writable_schema = on; insert into sqlite_schema values('table', 'dd', 'dd', 0, 'CREATE VIRTUAL TABLE dd USING define((select 1 as x))');")
        let define = try folder.sqlsh(["-safe", "d.db"], "select * from dd;\n")
        #expect(define.err.contains("cannot use the define module in safe mode") && define.status == 1, "\(define)")
    }
}
