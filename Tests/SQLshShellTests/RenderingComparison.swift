import Foundation
import TestSupport
import GoldenFiles
import SQLshCore
import SQLshShell

/// Runs input through sqlsh's `Shell` (in this process, writing to files) and gives the stock
/// `sqlite3`'s output for it as bytes, recorded in a golden file (Tests/GoldenFiles) so the
/// comparison runs without `sqlite3` installed. Output modes print arbitrary bytes (blobs,
/// invalid UTF-8, NULs), so the comparison is byte-exact.
enum RenderingComparison {
    struct Output: Equatable, CustomStringConvertible {
        var out: [UInt8]
        var err: [UInt8]
        var status: Int32
        /// The files the run left in its directory (`$DIR`), by name.
        var files: [String: [UInt8]] = [:]
        var description: String {
            "files \(files.mapValues { String(decoding: $0, as: UTF8.self) })\nstatus \(status)\n--- stdout\n\(String(decoding: out, as: UTF8.self))--- stderr\n\(String(decoding: err, as: UTF8.self))"
        }
    }

    /// (sqlsh, sqlite3 as recorded) for `input` on an in-memory database; `arguments` go
    /// before the database name of sqlite3 and are applied to sqlsh's settings by `configure`.
    /// `testFile` names the golden folder.
    static func run(_ input: String, arguments: [String] = [], testFile: String = #fileID,
                    configure: (Shell) -> Void = { _ in }) throws -> (ours: Output, theirs: Output) {
        let request = GoldenRequest(kind: "render", input: Array(input.utf8), arguments: arguments)
        let expected = try DotCommandComparison.golden.expected(for: request, testFile: testFile) { try stock(request) }
        let theirs = Output(out: expected.out, err: expected.err, status: expected.status, files: expected.files)

        let base = FileManager.default.temporaryDirectory.appendingPathComponent("sqlsh-modes-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        let files = base.appendingPathComponent("files")
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        var ours = try ours(input.replacingOccurrences(of: "$DIR", with: files.path), in: base, configure: configure)
        ours.files = try self.files(in: files)
        return (normalized(ours, files.path), theirs)
    }

    /// What the stock shell prints for a request, now (for recording and re-checking).
    static func stock(_ request: GoldenRequest) throws -> GoldenOutput {
        let stockShell = try DotCommandComparison.golden.requireStockShell()
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("sqlsh-modes-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        let files = base.appendingPathComponent("files")
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        var theirs = try theirs(stockShell, request.inputText.replacingOccurrences(of: "$DIR", with: files.path),
                                arguments: request.arguments, in: base)
        theirs.files = try self.files(in: files)
        let output = normalized(theirs, files.path)
        return GoldenOutput(out: output.out, err: output.err, status: output.status, files: output.files)
    }

    /// The output with the run's directory written `$DIR`.
    private static func normalized(_ output: Output, _ dir: String) -> Output {
        let path = Array(dir.utf8), marker = Array("$DIR".utf8)
        func replace(_ bytes: [UInt8]) -> [UInt8] {
            var result: [UInt8] = []
            var i = 0
            while i < bytes.count {
                if i + path.count <= bytes.count && Array(bytes[i..<(i + path.count)]) == path {
                    result += marker
                    i += path.count
                } else {
                    result.append(bytes[i])
                    i += 1
                }
            }
            return result
        }
        return Output(out: replace(output.out), err: replace(output.err), status: output.status,
                      files: output.files.mapValues(replace))
    }

    private static func files(in dir: URL) throws -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: dir.path) {
            files[name] = Array(try Data(contentsOf: dir.appendingPathComponent(name)))
        }
        return files
    }

    private static func ours(_ input: String, in dir: URL, configure: (Shell) -> Void) throws -> Output {
        let outPath = dir.appendingPathComponent("ours.out").path, errPath = dir.appendingPathComponent("ours.err").path
        var status: Int32 = 0
        do {
            let out = try OutputWriter(path: outPath), err = try OutputWriter(path: errPath)
            let shell = Shell(path: ":memory:", standardOutput: out, standardError: err)
            configure(shell)
            status = try shell.exitStatus(processing: input)
            shell.resetOutput()
            shell.flushAll()
        }
        return Output(out: Array(try Data(contentsOf: URL(fileURLWithPath: outPath))),
                      err: Array(try Data(contentsOf: URL(fileURLWithPath: errPath))), status: status)
    }

    private static func theirs(_ stockShell: String, _ input: String, arguments: [String], in dir: URL) throws -> Output {
        let outURL = dir.appendingPathComponent("theirs.out"), errURL = dir.appendingPathComponent("theirs.err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: stockShell)
        process.arguments = ["-batch"] + arguments + [":memory:"]
        process.currentDirectoryURL = dir.appendingPathComponent("files")
        let stdin = Pipe()
        process.standardInput = stdin
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        try process.run()
        ChildInput.send(Data(input.utf8), to: stdin)
        process.waitUntilExit()
        return Output(out: Array(try Data(contentsOf: outURL)), err: Array(try Data(contentsOf: errURL)),
                      status: process.terminationStatus)
    }

    /// A table `t(a, b, c)` of tricky values: NULL, empty text, CJK, combining marks, emoji,
    /// quotes, commas, tabs, newlines, CRLF, control bytes, blobs (with NUL and invalid
    /// UTF-8), text with a NUL, big and small reals, infinities, large integers.
    static let trickyTable = """
        create table t(a, b, c);
        insert into t values(1, 'hello', 1.5);
        insert into t values(NULL, '', -0.0);
        insert into t values(12345678901234, 'it''s "q", x', 1e300);
        insert into t values(-5, 'line1
        line2', 0.1);
        insert into t values(0, 'tab\there', 1e-7);
        insert into t values(3, '日本語テキスト', 100.0);
        insert into t values(4, 'e' || char(769) || ' combining', 2.5e-300);
        insert into t values(5, '😀 emoji', 123456789012345678.0);
        insert into t values(6, x'00ff41', 9.0);
        insert into t values(7, x'414243', 1.0/3);
        insert into t values(8, 'a' || char(0) || 'b', -1e-5);
        insert into t values(9, '<&>''"\\', 1e15);
        insert into t values(10, 'cr' || char(13) || char(10) || 'lf', 1e16);
        insert into t values(11, char(1,2,127,8,12) || 'ctl', 9e999);
        insert into t values(12, 'a long text value that will need wrapping because it is long', -9e999);
        insert into t values(13, x'c328', 0.5);
        insert into t values(14, 'trail
        ', 2);
        insert into t values(9223372036854775807, -9223372036854775808, 0.30000000000000004);
        insert into t values(x'', 'x,y', 1e100);

        """
}

extension Shell {
    /// Runs `input` as a script and returns the status sqlite3 would exit with: 0, 1 after
    /// errors, N for `.exit N`, 1 for a refusal of safe mode (``ShellExit``).
    func exitStatus(processing input: String) throws -> Int32 {
        do {
            switch try process(StringLineSource(input)) {
            case .success: return 0
            case .failure: return 1
            case .exit(let code): return code
            }
        } catch let exit as ShellExit {
            return exit.status
        }
    }
}
