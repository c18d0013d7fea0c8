import Foundation
import SQLshCore
import SQLshShell

/// What a shell printed and its exit status.
struct ShellRun: Equatable, CustomStringConvertible {
    var out: String
    var err: String
    var status: Int32
    var description: String { "status \(status)\n--- stdout\n\(out)--- stderr\n\(err)" }
}

/// Runs the same input through sqlsh's `Shell` (in this process) and through the stock
/// `sqlite3` binary, each in a directory of its own holding the same files. `$DIR` in the
/// input stands for that directory, and is put back in place of it in the outputs, so the
/// two runs can be compared byte for byte.
enum DotCommandComparison {
    /// Whether the stock shell is installed (comparison tests are skipped otherwise).
    static let stockShell: String? = {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            let path = "\(dir)/sqlite3"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }()

    static var isAvailable: Bool { stockShell != nil }

    /// Both runs: (sqlsh, sqlite3).
    static func run(_ input: String, database: String = ":memory:", files: [String: [UInt8]] = [:]) throws -> (ours: ShellRun, theirs: ShellRun) {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("sqlsh-dot-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        let ourDir = base.appendingPathComponent("d"), theirDir = base.appendingPathComponent("e")
        for dir in [ourDir, theirDir] {
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            for (name, bytes) in files { try Data(bytes).write(to: dir.appendingPathComponent(name)) }
        }
        let ours = try runOurs(input.replacingOccurrences(of: "$DIR", with: ourDir.path),
                               database: database.replacingOccurrences(of: "$DIR", with: ourDir.path), in: ourDir)
        let theirs = try runTheirs(input.replacingOccurrences(of: "$DIR", with: theirDir.path),
                                   database: database.replacingOccurrences(of: "$DIR", with: theirDir.path), in: theirDir)
        return (normalize(ours, ourDir.path), normalize(theirs, theirDir.path))
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
        return ShellRun(out: try String(decoding: Data(contentsOf: URL(fileURLWithPath: outPath)), as: UTF8.self),
                        err: try String(decoding: Data(contentsOf: URL(fileURLWithPath: errPath)), as: UTF8.self),
                        status: status)
    }

    private static func runTheirs(_ input: String, database: String, in dir: URL) throws -> ShellRun {
        guard let stockShell else { return ShellRun(out: "", err: "sqlite3 not installed", status: -1) }
        let outURL = dir.appendingPathComponent(".out"), errURL = dir.appendingPathComponent(".err")
        FileManager.default.createFile(atPath: outURL.path, contents: nil)
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
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
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        process.waitUntilExit()
        return ShellRun(out: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
                        err: String(decoding: try Data(contentsOf: errURL), as: UTF8.self),
                        status: process.terminationStatus)
    }
}
