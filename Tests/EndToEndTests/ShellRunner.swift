import Foundation
import GoldenFiles

/// What one run of a shell produced.
struct RunResult: Equatable, CustomStringConvertible {
    var stdout: Data
    var stderr: Data
    var status: Int32

    var description: String {
        "status \(status)\n--- stdout\n\(String(decoding: stdout, as: UTF8.self))--- stderr\n\(String(decoding: stderr, as: UTF8.self))"
    }
}

/// Runs the built `sqlsh` (and, when recording golden files, the stock `sqlite3`) with the same arguments, standard input and
/// environment (an empty HOME, so no start-up file), each in a fresh working directory.
enum ShellRunner {
    /// The stock shell: `$REF_SQLITE`, else `sqlite3` on PATH (used only to record and
    /// re-check the golden files, and where a test compares live).
    static let referencePath = ProcessInfo.processInfo.environment["REF_SQLITE"] ?? GoldenFiles.stockShell ?? "sqlite3 (not on PATH)"

    /// The `sqlsh` binary: `$SQLSH_BINARY`, else next to the test bundle, else in
    /// `.build/debug` of the package.
    static let sqlshPath: String = {
        let fm = FileManager.default
        if let path = ProcessInfo.processInfo.environment["SQLSH_BINARY"] { return path }
        var candidates: [String] = []
        let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var dir = runner.deletingLastPathComponent()
        for _ in 0..<4 {
            candidates.append(dir.appendingPathComponent("sqlsh").path)
            dir = dir.deletingLastPathComponent()
        }
        candidates.append(packageRoot.appendingPathComponent(".build/debug/sqlsh").path)
        return candidates.first { fm.isExecutableFile(atPath: $0) } ?? candidates.last!
    }()

    /// The package's root folder.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The corpus folder of these tests.
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Corpus")

    static var referenceAvailable: Bool { FileManager.default.isExecutableFile(atPath: referencePath) }

    /// Runs `executable` with `arguments` and `stdin`; files named in `files` are created in
    /// the working directory first. The program's own path in its standard error is replaced
    /// by `PROGRAM` (both shells print `argv[0]` in some messages).
    static func run(_ executable: String, _ arguments: [String], stdin: Data = Data(),
                    files: [String: String] = [:], environment: [String: String] = [:]) throws -> RunResult {
        let fm = FileManager.default
        let work = fm.temporaryDirectory.appendingPathComponent("sqlsh-e2e-\(UUID().uuidString)")
        try fm.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? fm.removeItem(at: work) }
        let home = work.appendingPathComponent("home")
        try fm.createDirectory(at: home, withIntermediateDirectories: true)
        for (name, text) in files {
            try Data(text.utf8).write(to: work.appendingPathComponent(name))
        }
        let inURL = work.appendingPathComponent(".stdin")
        let outURL = work.appendingPathComponent(".stdout")
        let errURL = work.appendingPathComponent(".stderr")
        try stdin.write(to: inURL)
        _ = fm.createFile(atPath: outURL.path, contents: nil)
        _ = fm.createFile(atPath: errURL.path, contents: nil)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = work
        var env = ["HOME": home.path, "PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8"]
        env.merge(environment) { $1 }
        process.environment = env
        let input = try FileHandle(forReadingFrom: inURL)
        let output = try FileHandle(forWritingTo: outURL)
        let error = try FileHandle(forWritingTo: errURL)
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        process.waitUntilExit()
        try? input.close(); try? output.close(); try? error.close()
        var stderr = try Data(contentsOf: errURL)
        if let text = String(data: stderr, encoding: .utf8), text.contains(executable) {
            stderr = Data(text.replacingOccurrences(of: executable, with: "PROGRAM").utf8)
        }
        return RunResult(stdout: try Data(contentsOf: outURL), stderr: stderr, status: process.terminationStatus)
    }

    /// Runs `executable` in `directory` with exactly `environment`, no standard input, and its
    /// standard output and error in one stream: what a person would see in a terminal.
    static func runMerged(_ executable: String, _ arguments: [String], in directory: URL,
                          environment: [String: String]) throws -> (output: String, status: Int32) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: data, as: UTF8.self), process.terminationStatus)
    }

    /// This target's golden files: the stock shell's output for each comparison.
    static let golden = GoldenFiles(besides: #filePath, target: "EndToEndTests")

    /// Runs sqlsh, and gives the stock shell's output for the same run as recorded in a golden
    /// file (Tests/GoldenFiles), so the comparison runs without `sqlite3` installed.
    /// `SQLSH_WRITE_GOLDEN=1` records it by running ``referencePath``.
    static func compare(_ arguments: [String], stdin: Data = Data(), files: [String: String] = [:],
                        testFile: String = #fileID) throws -> (expected: RunResult, actual: RunResult) {
        let request = GoldenRequest(kind: "e2e", input: Array(stdin), arguments: arguments,
                                    files: files.mapValues { Array($0.utf8) })
        let recorded = try golden.expected(for: request, testFile: testFile) { try reference(request) }
        let expected = RunResult(stdout: Data(recorded.out), stderr: Data(recorded.err), status: recorded.status)
        let actual = try run(sqlshPath, arguments, stdin: stdin, files: files)
        return (expected, actual)
    }

    /// What the stock shell prints for a request, now (for recording and re-checking).
    static func reference(_ request: GoldenRequest) throws -> GoldenOutput {
        guard referenceAvailable else { throw GoldenFiles.Missing(path: "\(referencePath) (the stock shell)", target: "EndToEndTests") }
        let result = try run(referencePath, request.arguments, stdin: Data(request.input),
                             files: request.files.mapValues { String(decoding: $0, as: UTF8.self) })
        return GoldenOutput(out: Array(result.stdout), err: Array(result.stderr), status: result.status)
    }
}
