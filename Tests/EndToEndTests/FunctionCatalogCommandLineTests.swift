import Foundation
import Testing

/// The function catalog through the real binary: `-nofunctions`, a start-up file that switches
/// functions, and the state carried across `.open` and ATTACH.
struct FunctionCatalogCommandLineTests {
    func run(_ arguments: [String], _ input: String, files: [String: String] = [:]) throws -> (out: String, err: String, status: Int32) {
        let result = try ShellRunner.run(ShellRunner.sqlshPath, arguments, stdin: Data(input.utf8), files: files)
        return (String(decoding: result.stdout, as: UTF8.self), String(decoding: result.stderr, as: UTF8.self), result.status)
    }

    @Test func noFunctionsStartsWithTheCatalogOff() throws {
        let (out, err, _) = try run(["-nofunctions", ":memory:"], """
            select reverse('ab');
            select 'a1' regexp '\\d';
            .functions median
            .enable reverse
            select reverse('ab');
            """)
        #expect(err.contains("no such function: reverse"))
        #expect(err.contains("no such function: regexp"))
        #expect(out == "median  stats  window  1  disabled  the median (50th percentile) of the values, as SQLite 3.53\nba\n")
    }

    @Test func startupFileSwitchesFunctionsAndOptionsComeAfterIt() throws {
        let rc = ".disable regexp_replace stats\n.enable median\n"
        let (out, err, status) = try run(["-init", "rc", ":memory:"], """
            select regexp_replace('a', 'a', 'b');
            select median(1), reverse('ab');
            select stddev(1);
            """, files: ["rc": rc])
        #expect(out == "1.0|ba\n")
        #expect(err.contains("no such function: regexp_replace"))
        #expect(err.contains("no such function: stddev"))
        #expect(status == 1)
        // -nofunctions applies before the start-up file, which can turn functions back on.
        let (out2, err2, _) = try run(["-init", "rc", "-nofunctions", ":memory:"], "select median(1);\nselect reverse('x');\n",
                                      files: ["rc": ".enable stats\n"])
        #expect(out2 == "1.0\n")
        #expect(err2.contains("no such function: reverse"))
        // An unknown name in the start-up file is reported; the shell goes on.
        let (out3, err3, _) = try run(["-init", "rc", ":memory:"], "select reverse('ab');\n", files: ["rc": ".disable nosuch\n"])
        #expect(out3 == "ba\n")
        #expect(err3.contains("no such function or pack: nosuch"))
    }

    /// Piped output shows the time pack's blobs as sqlite3 shows any blob (their bytes, or
    /// X'..' in quote mode): the ISO text is for the prompt only.
    @Test func timeBlobsStayBlobsInBatchOutput() throws {
        let result = try ShellRunner.run(ShellRunner.sqlshPath, [":memory:"], stdin: Data("""
            select time_date(2024, 3, 21);
            .mode quote
            select time_date(2024, 3, 21);
            .mode box
            select time_date(2024, 3, 21) as t;
            """.utf8))
        // sqlite3 prints a blob's bytes up to the first NUL in list and box modes.
        #expect(Array(result.stdout.prefix(2)) == [0x01, 0x0A])
        let text = String(decoding: result.stdout, as: UTF8.self)
        #expect(text.contains("\nX'010000000edd8d6f8000000000'\n"))
        #expect(!text.contains("2024-03-21"))
    }

    @Test func stateCarriesAcrossOpenAndAttach() throws {
        let (out, err, _) = try run(["one.db"], """
            create table t(s text);
            insert into t values ('abc');
            .disable reverse
            attach 'two.db' as two;
            create table two.u(s text);
            insert into two.u values ('xyz');
            select reverse(s) from two.u;
            .open two.db
            select reverse(s) from u;
            .enable reverse
            select reverse(s) from u;
            attach 'one.db' as one;
            select reverse(s) from one.t;
            .disable regexp*
            .open one.db
            select s regexp 'a' from t;
            select regexp_substr(s, 'b') from t;
            .enable regexp
            select s regexp 'a' from t;
            """)
        #expect(out == "zyx\ncba\n1\n")
        let missing = err.split(separator: "\n").filter { $0.contains("no such function") }
        #expect(missing.count == 4, "\(err)")
        #expect(err.contains("no such function: regexp_substr"))
    }
}
