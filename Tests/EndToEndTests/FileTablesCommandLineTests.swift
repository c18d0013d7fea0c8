import Foundation
import Testing

/// Files as tables with the built binary: `sqlsh data.csv`, `.open`, `.import --infer`,
/// files in FROM and read_csv in scripts, sqlite3's text where sqlite3 fails the same way,
/// `-safe`, and databases that name files in their views and triggers.
struct FileTablesCommandLineTests {
    static let data = "id,name,score\n1,ann,2.5\n2,bob,\n3,\"c, d\",4\n"

    static func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

    @Test func aDataFileIsTheTableOfAnInMemoryDatabase() throws {
        let result = try ShellRunner.run(ShellRunner.sqlshPath, ["data.csv"],
                                         stdin: Data(".tables\n.schema\nselect sum(id), count(score), typeof(score) from data;\n".utf8),
                                         files: ["data.csv": Self.data])
        #expect(Self.text(result.stdout) == """
            data
            CREATE VIRTUAL TABLE "data" USING read_csv('data.csv')
            /* data(id,name,score) */;
            6|2|real

            """, "\(result)")
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        let json = try ShellRunner.run(ShellRunner.sqlshPath, ["events.ndjson", "select b, a from events order by a"],
                                       files: ["events.ndjson": "{\"a\":2,\"b\":\"x\"}\n{\"a\":1}\n"])
        #expect(Self.text(json.stdout) == "|1\nx|2\n", "\(json)")
    }

    @Test func openReadsADataFileToo() throws {
        let result = try ShellRunner.run(ShellRunner.sqlshPath, [":memory:"],
                                         stdin: Data(".open scores.tsv\nselect name from scores where score > 3;\n.open\nselect 'back';\n".utf8),
                                         files: ["scores.tsv": "name\tscore\nann\t4\nbob\t2\n"])
        #expect(Self.text(result.stdout) == "ann\nback\n", "\(result)")
        let bad = try ShellRunner.run(ShellRunner.sqlshPath, [":memory:"], stdin: Data(".open bad.json\nselect 1;\n".utf8),
                                      files: ["bad.json": "[{\"a\": }]"])
        #expect(Self.text(bad.stderr).hasPrefix("Error: unable to open \"bad.json\" as a table: bad.json:1:8: "), "\(bad)")
    }

    @Test func aDatabaseNamedLikeADataFileStaysADatabase() throws {
        let folder = try UntrustedDatabaseTests.Folder()
        try folder.sqlsh(["x.csv"], "create table t(a); insert into t values(42);\n")
        let run = try folder.sqlsh(["x.csv"], "select a from t;\n.tables\n")
        #expect(run.out == "42\nt\n", "\(run)")
    }

    @Test func importInferCreatesTypedColumns() throws {
        let result = try ShellRunner.run(ShellRunner.sqlshPath, [":memory:"],
                                         stdin: Data(".import --infer data.csv t\n.schema t\nselect typeof(id), typeof(name), typeof(score) from t limit 1;\n.import --infer data.csv t\nselect count(*) from t;\n".utf8),
                                         files: ["data.csv": Self.data])
        #expect(Self.text(result.stdout) == """
            CREATE TABLE IF NOT EXISTS "t"("id" INTEGER, "name" TEXT, "score" REAL);
            integer|text|real
            6

            """, "\(result)")
        let missing = try ShellRunner.run(ShellRunner.sqlshPath, [":memory:"], stdin: Data(".import --infer nope.csv t\n".utf8))
        #expect(Self.text(missing.stderr) == "Error: cannot open nope.csv: No such file or directory\n", "\(missing)")
    }

    /// Plain .import, and statements naming files that are not there, print what sqlite3 prints.
    @Test(arguments: [
        ".import data.csv t\n.mode list\nselect * from t;\n.schema t\n",
        ".mode csv\n.import data.csv t\nselect typeof(id), * from t;\n",
        "select * from 'missing.csv';\nselect * from read_csv('missing.csv');\nselect * from data.csv;\n",
    ])
    func batchOutputIsSQLite3s(script: String) throws {
        let (expected, actual) = try ShellRunner.compare([":memory:"], stdin: Data(script.utf8), files: ["data.csv": Self.data])
        if script.contains("read_csv") {
            // sqlite3 has no read_csv: there sqlsh names the file it cannot open instead.
            #expect(actual.stdout == expected.stdout)
            #expect(Self.text(actual.stderr).contains("cannot open missing.csv: No such file or directory"), "\(actual)")
            #expect(Self.text(actual.stderr).hasPrefix("Parse error near line 1: no such table: missing.csv\n"), "\(actual)")
        } else {
            #expect(actual == expected)
        }
    }

    @Test func errorsInAFileSayWhereAndHowToSkipThem() throws {
        let result = try ShellRunner.run(ShellRunner.sqlshPath, [":memory:"],
                                         stdin: Data("select * from 'r.csv';\nselect count(*) from read_csv('r.csv', ignore_errors=true);\n".utf8),
                                         files: ["r.csv": "a,b\n1,2\n3,4,5\n6,7\n"])
        #expect(Self.text(result.stderr) == """
            Error near line 1: r.csv:3:5: a row with 3 fields, more than the 2 columns
              3,4,5
                  ^
            (ignore_errors=true skips such rows: select * from read_csv('r.csv', ignore_errors=true))

            """, "\(result)")
        #expect(Self.text(result.stdout) == "1|2\n2\n", "\(result)")
        #expect(result.status == 1)
    }

    @Test(arguments: [
        ("select * from 'data.csv';", "line 1: cannot read data.csv in safe mode\n"),
        ("select * from 'missing.csv';", "line 1: cannot read missing.csv in safe mode\n"),
        ("select * from read_csv('data.csv');", "line 1: cannot use the read_csv() function in safe mode\n"),
        ("select * from read_json('data.json');", "line 1: cannot use the read_json() function in safe mode\n"),
        ("select * from 'data.parquet';", "line 1: cannot read data.parquet in safe mode\n"),
        ("select * from read_parquet('data.parquet');", "line 1: cannot use the read_parquet() function in safe mode\n"),
        ("create virtual table temp.t using read_csv('data.csv');", "line 1: cannot use the read_csv module in safe mode\n"),
        (".import --infer data.csv t", "line 1: cannot run .import in safe mode\n"),
        (".open data.csv", "line 1: cannot open disk-based database files in safe mode\n"),
    ])
    func safeModeRefusesReadingFiles(input: String, message: String) throws {
        let result = try ShellRunner.run(ShellRunner.sqlshPath, ["-safe", ":memory:"], stdin: Data("\(input)\nselect 'after';\n".utf8),
                                         files: ["data.csv": Self.data, "data.json": "[]"])
        #expect(Self.text(result.stderr) == message, "\(result)")
        #expect(result.status == 1 && result.stdout.isEmpty, "\(result)")
    }

    @Test func safeModeRefusesADataFileAsTheDatabase() throws {
        let result = try ShellRunner.run(ShellRunner.sqlshPath, ["-safe", "data.csv", "select 1"], files: ["data.csv": Self.data])
        #expect(Self.text(result.stderr) == "Error: cannot read data.csv in safe mode\n", "\(result)")
        #expect(result.status == 1 && result.stdout.isEmpty, "\(result)")
    }

    /// A database whose views, triggers and tables name a file outside the folder: opening
    /// it and using them never shows the file, with or without -safe.
    @Test func aDatabaseCannotReadFilesThroughItsSchema() throws {
        let (folder, outside, _, secret) = try UntrustedDatabaseTests.folderWithASecretOutside()
        try Data("s\n\(secret)\n".utf8).write(to: outside.appendingPathComponent("secret.csv"))
        try folder.sqlsh(["h.db"], """
            create view v1 as select * from '../outside/secret.csv';
            create table t(a);
            create trigger tr after insert on t begin insert into t select * from '../outside/secret.csv'; end;
            create table copy(a);
            create trigger tr2 after insert on copy begin insert into copy select s from read_csv('../outside/secret.csv'); end;
            pragma writable_schema = on;
            insert into sqlite_schema values('view', 'v2', 'v2', 0, 'CREATE VIEW v2 AS SELECT * FROM read_csv(''../outside/secret.csv'')');
            insert into sqlite_schema values('table', 'm', 'm', 0, 'CREATE VIRTUAL TABLE m USING read_csv(''../outside/secret.csv'')');
            """, in: "work")
        let uses = "select * from v1;\nselect * from v2;\ninsert into t values(1);\ninsert into copy values(1);\nselect * from m;\n"
            + "select * from t;\nselect * from copy;\n.dump\n.schema\n.tables\nselect 'end';\n"
        for safe in [false, true] {
            let run = try folder.sqlsh((safe ? ["-safe"] : []) + ["h.db"], uses, in: "work")
            #expect(!run.out.contains(secret) && !run.err.contains(secret), "\(safe): showed the secret file\n\(run.out)\n\(run.err)")
            if !safe {
                #expect(run.out.hasSuffix("end\n"), "\(run.err)")
                #expect(run.err.contains("no such table: main.../outside/secret.csv"), "\(run.err)")
                #expect(run.err.contains("is a read_csv table the database came with"), "\(run.err)")
            }
        }
    }
}
