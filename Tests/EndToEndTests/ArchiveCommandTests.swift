import Foundation
import Testing

/// `.archive` and `-A` through the built binary, against the stock sqlite3 3.40.1 (which has
/// the archive commands, sqlar and zipfile built in): the same output, errors and exit status,
/// and archives written by one shell read by the other.
struct ArchiveCommandTests {
    /// Two small files in each shell's fresh working directory.
    static let files = ["a.txt": "hello\n", "b.txt": String(repeating: "compressible line\n", count: 200)]

    /// A script on standard input, the same for both shells.
    static let scripts = [
        ".ar -cf ar.db a.txt b.txt\n.ar -tf ar.db\n.ar -xvf ar.db -C out\n.print done\nselect name, sz, length(data) < sz from sqlar order by 1;",
        ".ar -cf ar.db a.txt b.txt\n.ar -xf ar.db -C out\nselect hex(readfile('out/a.txt')), length(readfile('out/b.txt'));",
        ".ar -cnvf ar.db a.txt b.txt", ".ar -unvf ar.db a.txt", ".ar -inf ar.db a.txt",
        ".ar -cf ar.db a.txt b.txt\n.ar -tnvf ar.db\n.ar -xnvf ar.db -C out\n.ar -rnf ar.db a.txt\n.ar -rgnf ar.db '*.txt'\n.ar -rnf ar.db",
        ".ar -cf ar.db a.txt b.txt\n.ar -rf ar.db a.txt\n.ar -tf ar.db",
        ".ar -cf ar.db a.txt b.txt\n.ar -tgf ar.db *.txt\n.ar -tf ar.db nothere\n.ar -tf ar.db a.txt/",
        ".ar -cvf ar.db a.txt\n.ar -uvf ar.db a.txt b.txt\n.ar -ivf ar.db a.txt\n.ar -tf ar.db",
        ".ar --create --file ar.db -- a.txt\n.ar --list --verbose --file=ar.db\n.ar --li --fi ar.db",
        ".ar cf ar.db a.txt b.txt\n.ar tf ar.db\n.ar xCf out ar.db\n.print x",
        // Errors.
        ".ar", ".ar -q", ".ar -ct", ".ar --foo", ".ar -f", ".ar --file", ".ar -t", ".ar --help", ".ar -tf missing.db",
        ".ar -tf ar.db\n.print next", ".ar --d", ".ar zx", ".ar -x\n.print after",
        // ZIP archives: by file name, and the database opened as a ZIP.
        ".ar -cf n.zip a.txt b.txt\n.ar -tf n.zip\n.ar -xvf n.zip -C zout\nselect name, sz, method from zipfile('n.zip');\nselect length(readfile('zout/b.txt'));",
        ".ar -cf n.zip a.txt\n.ar -rf n.zip a.txt",
        ".open --zip z.zip\n.ar -c a.txt b.txt\n.ar -t\n.open :memory:\n.open z.zip\nselect name, sz from zip;\n.help open",
        // A database appended to another file (apndvfs).
        ".ar -a missing.bin -t", ".ar -cvna app.bin a.txt",
        ".ar -ca a.txt a.txt b.txt\n.ar -ta a.txt\n.open :memory:\nselect hex(readfile('a.txt')) like '68656C6C6F0A%', length(readfile('a.txt')) > 4096;",
        // A listing with fixed times.
        "create table sqlar(name text primary key, mode int, mtime int, sz int, data blob);\n"
            + "insert into sqlar values('f', 33188, 1700000000, 3, 'abc'), ('d', 16877, 1600000000, 0, NULL), ('z', 33261, 0, 1000, sqlar_compress(zeroblob(1000)));\n"
            + ".ar -tv\n.ar -t\n.ar -xvC out\nselect name, length(readfile('out/z')) from fsdir('out') order by 1;",
    ]

    @Test(arguments: scripts)
    func matchesStockShell(_ script: String) throws {
        try #require(ShellRunner.referenceAvailable)
        let (expected, actual) = try ShellRunner.compare(["x.db"], stdin: Data(script.utf8), files: Self.files)
        #expect(actual == expected, "\(script)")
    }

    /// A dry run on a ZIP names a temporary table with 16 random hexadecimal digits: the
    /// stock shell runs live (a golden file could not hold its output), so without it the
    /// test is skipped.
    @Test(.enabled(if: ShellRunner.referenceAvailable))
    func zipDryRunMatchesStockShellButForTheRandomName() throws {
        let arguments = ["x.db", ".ar -cnvf n.zip a.txt"]
        let expected = try ShellRunner.run(ShellRunner.referencePath, arguments, files: Self.files)
        let actual = try ShellRunner.run(ShellRunner.sqlshPath, arguments, files: Self.files)
        func masked(_ data: Data) -> String {
            String(decoding: data, as: UTF8.self).replacingOccurrences(of: "zip[0-9a-f]{16}", with: "zipXXXX", options: .regularExpression)
        }
        #expect(masked(actual.stdout) == masked(expected.stdout))
        #expect(masked(actual.stdout).contains("CREATE VIRTUAL TABLE temp.zipXXXX USING zipfile('n.zip')"))
        #expect(actual.stderr == expected.stderr && actual.status == expected.status)
    }

    static let commandLines: [[String]] = [
        ["-A"], ["x.db", "-A", "-q"], ["x.db", "select 1", "-A", "-t"], ["x.db", "-A", "-t"], ["-A", "-cvf", "ar.db", "a.txt"],
        ["-append", "a.txt", "create table t(x); insert into t values(42); select * from t"], ["-append", "b.txt", "select 1"],
        ["new.zip", "-A", "-cv", "a.txt"], ["x.db", ".ar -tf missing.db"], ["x.db", ".ar -t"], ["x.db", ".ar -q", "select 1"], ["-A", "--help"], ["-zip", "z.zip", "select count(*) from zip"],
    ]

    @Test(arguments: commandLines)
    func commandLineMatchesStockShell(_ arguments: [String]) throws {
        try #require(ShellRunner.referenceAvailable)
        let (expected, actual) = try ShellRunner.compare(arguments, files: Self.files)
        #expect(actual == expected, "\(arguments)")
    }

    /// A database appended to a file by one shell is read by the other, and the two files are
    /// the same bytes.
    @Test func appendedDatabasesAreTheSameAsSqlite3s() throws {
        try #require(ShellRunner.referenceAvailable)
        let dir = try fixture()
        defer { try? FileManager.default.removeItem(at: dir) }
        let prefix = Data((0..<1000).map { UInt8($0 % 251) })
        for name in ["ours.bin", "stock.bin"] { try prefix.write(to: dir.appendingPathComponent(name)) }
        let sql = "create table t(x); insert into t values(1), (zeroblob(5000));"
        #expect(try run(ShellRunner.sqlshPath, ["-append", "ours.bin", sql], in: dir).status == 0)
        #expect(try run(ShellRunner.referencePath, ["-append", "stock.bin", sql], in: dir).status == 0)
        let ours = try Data(contentsOf: dir.appendingPathComponent("ours.bin"))
        #expect(ours == (try Data(contentsOf: dir.appendingPathComponent("stock.bin"))))
        #expect(ours.prefix(1000) == prefix)
        // Found without -append too (the mark at the end tells), by both shells.
        for shell in [ShellRunner.sqlshPath, ShellRunner.referencePath] {
            #expect(try run(shell, ["stock.bin", "select count(*), sum(length(x)) from t; pragma integrity_check"], in: dir).out == "2|5001\nok\n")
        }
    }

    @Test func helpListsTheOptions() throws {
        let help = try ShellRunner.run(ShellRunner.sqlshPath, ["-help"])
        let text = String(decoding: help.stderr, as: UTF8.self)
        #expect(text.contains("   -A ARGS...           run \".archive ARGS\" and exit\n   -append              append the database to the end of the file\n"))
        #expect(text.contains("   -zip                 open the file as a ZIP Archive\n"))
    }

    // MARK: one shell writes, the other reads

    /// Runs a shell in `dir`.
    func run(_ shell: String, _ arguments: [String], in dir: URL) throws -> (out: String, status: Int32) {
        let run = try ShellRunner.runMerged(shell, arguments, in: dir,
                                            environment: ["HOME": dir.path, "PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8"])
        return (run.output, run.status)
    }

    func fixture() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sqlsh-archive-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("d/sub"), withIntermediateDirectories: true)
        try Data("hello\n".utf8).write(to: dir.appendingPathComponent("d/a.txt"))
        try Data((0..<5000).map { UInt8($0 % 7) }).write(to: dir.appendingPathComponent("d/sub/b.bin"))
        try Data().write(to: dir.appendingPathComponent("d/empty"))
        return dir
    }

    /// Without `-C`, members are extracted into the current folder, and only there: an
    /// absolute name, a `..` name and a member under a link member are refused (each named on
    /// stderr), the rest extracted, and the status is 1. (sqlite3 3.40.1 writes all three.)
    @Test func extractionStaysInTheCurrentFolder() throws {
        let dir = try fixture()
        defer { try? FileManager.default.removeItem(at: dir) }
        let work = dir.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let absolute = dir.appendingPathComponent("abs.txt").path
        let sql = """
            create table sqlar(name text primary key, mode int, mtime int, sz int, data blob);
            insert into sqlar values('ok.txt', 33188, 0, 2, 'ok'), ('\(absolute)', 33188, 0, 5, 'pwned'),
              ('../up.txt', 33188, 0, 5, 'pwned'), ('link', 41471, 0, -1, '..'), ('link/evil.txt', 33188, 0, 5, 'pwned');
            """
        #expect(try run(ShellRunner.sqlshPath, ["ar.db", sql], in: work).status == 0)
        let extracted = try run(ShellRunner.sqlshPath, ["ar.db", ".ar -xv"], in: work)
        // Standard output and standard error, merged: the order between them is not fixed.
        #expect(extracted.out.split(separator: "\n").sorted() == [
            "\(absolute): not extracted: an absolute name",
            "../up.txt: not extracted: a \"..\" in the name leads out of the folder",
            "link",
            "link/evil.txt: not extracted: \"link\" is a symbolic link",
            "ok.txt",
        ].sorted())
        #expect(extracted.status == 1)
        for escaped in ["abs.txt", "up.txt", "evil.txt"] {
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent(escaped).path), "\(escaped)")
        }
        #expect(try String(contentsOf: work.appendingPathComponent("ok.txt"), encoding: .utf8) == "ok")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: work.appendingPathComponent("link").path) == "..")
    }

    @Test(arguments: ["ar.db", "ar.zip"])
    func eachShellReadsTheOthersArchives(_ archive: String) throws {
        try #require(ShellRunner.referenceAvailable)
        for (writer, reader) in [(ShellRunner.sqlshPath, ShellRunner.referencePath), (ShellRunner.referencePath, ShellRunner.sqlshPath)] {
            let dir = try fixture()
            defer { try? FileManager.default.removeItem(at: dir) }
            let created = try run(writer, ["-A", "-cf", archive, "d"], in: dir)
            #expect(created.out == "" && created.status == 0)
            let ours = try run(ShellRunner.sqlshPath, ["-A", "-tvf", archive], in: dir)
            let stock = try run(ShellRunner.referencePath, ["-A", "-tvf", archive], in: dir)
            #expect(ours.out == stock.out && ours.out.contains("d/sub/b.bin"), "\(writer) wrote \(archive)")
            let extracted = try run(reader, ["-A", "-xf", archive, "-C", "out"], in: dir)
            #expect(extracted.status == 0)
            for file in ["d/a.txt", "d/sub/b.bin", "d/empty"] {
                let original = try Data(contentsOf: dir.appendingPathComponent(file))
                let copy = try Data(contentsOf: dir.appendingPathComponent("out/" + file))
                #expect(copy == original, "\(file) from \(archive) written by \(writer)")
            }
        }
    }

    @Test func zipFilesAreReadableByOtherTools() throws {
        let dir = try fixture()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try run(ShellRunner.sqlshPath, ["-A", "-cf", "t.zip", "d"], in: dir).status == 0)
        let python = try run("/usr/bin/env", ["python3", "-m", "zipfile", "-t", "t.zip"], in: dir)
        #expect(python.status == 0, "\(python.out)")
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/unzip") {
            let unzip = try run("/usr/bin/unzip", ["-t", "t.zip"], in: dir)
            #expect(unzip.status == 0 && unzip.out.contains("No errors detected"), "\(unzip.out)")
        }
    }
}
