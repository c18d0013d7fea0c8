import Foundation
import TestSupport
import GoldenFiles
import SQLshCore
import SQLshShell

/// What a shell printed and its exit status.
struct ShellRun: Equatable, CustomStringConvertible {
    var out: String
    var err: String
    var status: Int32
    var description: String { "status \(status)\n--- stdout\n\(out)--- stderr\n\(err)" }
}

/// Runs the same input through sqlsh's `Shell` (in this process) and gives the stock
/// `sqlite3`'s output for it, recorded in a golden file (Tests/GoldenFiles), so the
/// comparison runs without `sqlite3` installed. Each run has a directory of its own holding
/// the same files; `$DIR` in the input stands for that directory, and is put back in place of
/// it in the outputs, so the two can be compared byte for byte (outputs that are not UTF-8
/// are kept as ``RawText``, so that a wrong byte is not hidden behind U+FFFD).
enum DotCommandComparison {
    /// This target's golden files.
    static let golden = GoldenFiles(besides: #filePath, target: "SQLshShellTests")

    /// Both runs: (sqlsh, sqlite3 as recorded). `testFile` names the golden folder.
    static func run(_ input: String, database: String = ":memory:", files: [String: [UInt8]] = [:],
                    testFile: String = #fileID) throws -> (ours: ShellRun, theirs: ShellRun) {
        let request = GoldenRequest(kind: "dot", input: Array(input.utf8), database: database, files: files)
        let expected = try golden.expected(for: request, testFile: testFile) { try stock(request) }
        let theirs = ShellRun(out: String(rawBytes: expected.out),
                              err: String(rawBytes: expected.err), status: expected.status)
        return (try ours(input, database: database, files: files), theirs)
    }

    /// What the stock shell prints for a request, now (for recording and re-checking).
    static func stock(_ request: GoldenRequest) throws -> GoldenOutput {
        let stockShell = try golden.requireStockShell()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sqlsh-dot-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for (name, bytes) in request.files { try Data(bytes).write(to: dir.appendingPathComponent(name)) }
        let run = normalize(try runTheirs(stockShell, request.inputText.replacingOccurrences(of: "$DIR", with: dir.path),
                                          database: request.database.replacingOccurrences(of: "$DIR", with: dir.path), in: dir),
                            dir.path)
        return GoldenOutput(out: run.out.rawBytes, err: run.err.rawBytes, status: run.status)
    }

    /// sqlsh alone (for behaviour that differs on purpose).
    static func ours(_ input: String, database: String = ":memory:", files: [String: [UInt8]] = [:]) throws -> ShellRun {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sqlsh-dot-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for (name, bytes) in files { try Data(bytes).write(to: dir.appendingPathComponent(name)) }
        let run = try runOurs(input.replacingOccurrences(of: "$DIR", with: dir.path),
                              database: database.replacingOccurrences(of: "$DIR", with: dir.path), in: dir)
        return normalize(run, dir.path)
    }

    private static func normalize(_ run: ShellRun, _ dir: String) -> ShellRun {
        ShellRun(out: run.out.replacingOccurrences(of: dir, with: "$DIR"),
                 err: run.err.replacingOccurrences(of: dir, with: "$DIR"), status: run.status)
    }

    private static func runOurs(_ input: String, database: String, in dir: URL) throws -> ShellRun {
        let outPath = dir.appendingPathComponent(".out").path, errPath = dir.appendingPathComponent(".err").path
        let status: Int32
        do {
            let out = try OutputWriter(path: outPath), err = try OutputWriter(path: errPath)
            let shell = Shell(path: database, standardOutput: out, standardError: err)
            status = try shell.exitStatus(processing: input)
            shell.flushAll()
            out.flush()
            err.flush()
        }
        defer { try? FileManager.default.removeItem(atPath: outPath); try? FileManager.default.removeItem(atPath: errPath) }
        return ShellRun(out: try String(rawBytes: Data(contentsOf: URL(fileURLWithPath: outPath))),
                        err: try String(rawBytes: Data(contentsOf: URL(fileURLWithPath: errPath))),
                        status: status)
    }

    private static func runTheirs(_ stockShell: String, _ input: String, database: String, in dir: URL) throws -> ShellRun {
        let outURL = dir.appendingPathComponent(".out"), errURL = dir.appendingPathComponent(".err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: outURL); try? FileManager.default.removeItem(at: errURL) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: stockShell)
        process.arguments = ["-batch", database]
        process.currentDirectoryURL = dir
        let stdin = Pipe()
        process.standardInput = stdin
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        try process.run()
        ChildInput.send(Data(input.utf8), to: stdin)
        process.waitUntilExit()
        return ShellRun(out: String(rawBytes: try Data(contentsOf: outURL)),
                        err: String(rawBytes: try Data(contentsOf: errURL)),
                        status: process.terminationStatus)
    }
}
