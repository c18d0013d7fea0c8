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
}
