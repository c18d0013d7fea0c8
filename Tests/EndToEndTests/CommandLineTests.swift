import Foundation
import Testing

/// Command-line behaviour that differs from sqlite3 on purpose (names and versions), checked
/// against literal expectations, and the manual page's list of options.
struct CommandLineTests {
    /// sqlsh's version: the top-level VERSION file, which the build embeds.
    static let version = try! String(contentsOf: ShellRunner.packageRoot.appendingPathComponent("VERSION"), encoding: .utf8)
        .trimmingCharacters(in: .whitespacesAndNewlines)

    @Test func versionNamesSqlshAndTheSQLiteLibrary() throws {
        let result = try ShellRunner.run(ShellRunner.sqlshPath, ["-version"])
        let text = String(decoding: result.stdout, as: UTF8.self)
        #expect(result.status == 0)
        #expect(text.hasPrefix("sqlsh \(Self.version) (SQLite 3."))
        #expect(text.hasSuffix(")\n"))
        #expect(result.stderr.isEmpty)
    }

    @Test("the -interactive banner starts as the stock shell's (SQLite's shell1-1.7.1), then names sqlsh")
    func interactiveBannerStartsWithTheSQLiteVersionLine() throws {
        let (expected, actual) = try ShellRunner.compare(["-interactive"], stdin: Data(".quit\n".utf8))
        let stock = String(decoding: expected.stdout, as: UTF8.self).split(separator: "\n")
        let ours = String(decoding: actual.stdout, as: UTF8.self).split(separator: "\n")
        #expect(actual.status == 0)
        #expect(stock.first.map { ours.first?.hasPrefix($0 + " (sqlsh \(Self.version))") } == true)
        #expect(ours.first?.hasPrefix("SQLite version 3.") == true)
        #expect(ours.dropFirst().first == "Enter \".help\" for usage hints.")
        #expect(ours.contains { $0.hasSuffix("built-in functions: .functions") })
    }

    @Test("-memtrace reports SQLite's allocations on standard error, in the stock shell's words")
    func memtraceReportsAllocations() throws {
        let result = try ShellRunner.run(ShellRunner.sqlshPath, ["-memtrace", ":memory:", "select 1"])
        let lines = String(decoding: result.stderr, as: UTF8.self).split(separator: "\n")
        #expect(result.status == 0)
        #expect(String(decoding: result.stdout, as: UTF8.self) == "1\n")
        #expect(!lines.isEmpty)
        #expect(lines.allSatisfy { $0.hasPrefix("MEMTRACE: allocate ") || $0.hasPrefix("MEMTRACE: free ") || $0.hasPrefix("MEMTRACE: resize ") })
        #expect(lines.contains { $0.hasPrefix("MEMTRACE: free ") && $0.hasSuffix(" bytes") })
    }

    @Test(".recover reads the pages itself (this SQLite has no sqlite_dbpage, which the stock shell needs)")
    func recoverWorksWithoutDbpage() throws {
        let result = try ShellRunner.run(ShellRunner.sqlshPath, [":memory:"], stdin: Data("create table t(x); insert into t values('a');\n.recover\n".utf8))
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(String(decoding: result.stdout, as: UTF8.self) == """
            BEGIN;
            PRAGMA writable_schema = on;
            PRAGMA encoding = 'UTF-8';
            PRAGMA page_size = '4096';
            PRAGMA auto_vacuum = '0';
            PRAGMA user_version = '0';
            PRAGMA application_id = '0';
            CREATE TABLE t(x);
            INSERT OR IGNORE INTO 't'(_rowid_, 'x') VALUES (1, 'a');
            PRAGMA writable_schema = off;
            COMMIT;

            """)
        // sqlite3 allows .recover in safe mode: it reads only the database's own pages.
        let safe = try ShellRunner.run(ShellRunner.sqlshPath, ["-safe", ":memory:"], stdin: Data(".recover\nselect 'after';\n".utf8))
        #expect(safe.status == 0 && String(decoding: safe.stdout, as: UTF8.self).hasSuffix("COMMIT;\nafter\n"), "\(safe)")
    }

    @Test func doubleDashVersionWorksToo() throws {
        let result = try ShellRunner.run(ShellRunner.sqlshPath, ["--version"])
        #expect(String(decoding: result.stdout, as: UTF8.self).hasPrefix("sqlsh "))
    }

    @Test func helpGoesToStandardErrorWithStatus1() throws {
        let result = try ShellRunner.run(ShellRunner.sqlshPath, ["-help"])
        let text = String(decoding: result.stderr, as: UTF8.self)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(text.hasPrefix("Usage: PROGRAM [OPTIONS] FILENAME [SQL]\nFILENAME is the name of an SQLite database."))
        // As sqlite3's, the list starts with -A and -append (the archive options).
        #expect(text.contains("\nOPTIONS include:\n   -A ARGS...           run \".archive ARGS\" and exit\n"
                              + "   -append              append the database to the end of the file\n"
                              + "   -ascii               set output mode to 'ascii'\n"))
        #expect(text.contains("   -cmd COMMAND         run \"COMMAND\" before reading stdin\n"))
    }

    @Test func unknownOptionNamesTheProgram() throws {
        let result = try ShellRunner.run(ShellRunner.sqlshPath, ["--bogus"])
        #expect(result.status == 1)
        #expect(String(decoding: result.stderr, as: UTF8.self)
            == "PROGRAM: Error: unknown option: -bogus\nUse -help for a list of options.\n")
    }

    @Test func startupFileIsReadFromHome() throws {
        // sqlite3 reads ~/.sqliterc, sqlsh ~/.sqlshrc: same behaviour, another name.
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("sqlsh-home-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        try Data(".mode csv\nselect 'rc';\n".utf8).write(to: home.appendingPathComponent(".sqlshrc"))
        let result = try ShellRunner.run(ShellRunner.sqlshPath, [":memory:", "select 1, 2"], environment: ["HOME": home.path])
        // getpwuid's home wins over $HOME, as in sqlite3; only check when they agree.
        if String(cString: getpwuid(getuid()).pointee.pw_dir) == home.path {
            #expect(String(decoding: result.stdout, as: UTF8.self) == "rc\n1,2\n")
        }
        #expect(result.status == 0)
    }

    @Test func timerPrintsRunTimeAfterEachInput() throws {
        // Times differ from run to run, so the format is checked rather than compared.
        let result = try ShellRunner.run(ShellRunner.sqlshPath, [":memory:"], stdin: Data(".timer on\nselect 1;\nselect 2; select 3;\n".utf8))
        let lines = String(decoding: result.stdout, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        #expect(lines[0] == "1")
        #expect(lines[2] == "2" && lines[3] == "3")
        for line in [lines[1], lines[4]] {
            #expect(line.range(of: #"^Run Time: real [0-9]+\.[0-9]{3} user [0-9]+\.[0-9]{6} sys [0-9]+\.[0-9]{6}$"#, options: .regularExpression) != nil, "\(line)")
        }
    }

    @Test func everyOptionOfHelpIsInTheManualPage() throws {
        let result = try ShellRunner.run(ShellRunner.sqlshPath, ["-help"])
        let help = String(decoding: result.stderr, as: UTF8.self)
        let page = try String(contentsOf: ShellRunner.packageRoot.appendingPathComponent("man/sqlsh.1"), encoding: .utf8)
        let options = help.split(separator: "\n").filter { $0.hasPrefix("   -") }
            .map { $0.dropFirst(3).split(separator: " ")[0] }
        #expect(options.count > 30)
        for option in options {
            let names = option == "-[no]header" ? ["header", "noheader"] : [String(option.dropFirst())]
            for name in names {
                #expect(page.contains("Fl \(name)"), "man/sqlsh.1 does not document -\(name)")
            }
        }
    }

    /// What only a person at the prompt gets (`exit` leaving, `.mode` listing every mode with
    /// a suggestion) leaves scripts as sqlite3 runs them.
    @Test func promptConveniencesLeaveScriptsAlone() throws {
        let (expected, actual) = try ShellRunner.compare([":memory:"], stdin: Data("exit;\nquit;\n\\q;\n.mode jsn\nselect 'after';\n".utf8))
        #expect(actual == expected)
    }
}
