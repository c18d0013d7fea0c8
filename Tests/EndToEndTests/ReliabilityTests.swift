import Foundation
import TestSupport
import Testing

/// Batch runs that meet trouble from outside: a signal, a full disk, a broken plugin. Where
/// sqlite3 has the same situation, its bytes and exit status are the expectation.
@Suite struct ReliabilityTests {
    /// A query that never ends by itself.
    static let endless = "with recursive c(x) as (select 1 union all select x+1 from c) select count(*) from c;"

    /// Starts `executable`, sends SIGINT once it has had time to reach the endless query, and
    /// returns what it printed and its exit status. posix_spawn with an empty signal mask and
    /// SIGINT at its default: the test runner blocks signals, and a child inherits that.
    static func runInterrupted(_ executable: String, _ arguments: [String], stdin: String = "") throws -> RunResult {
        let fm = FileManager.default
        let work = fm.temporaryDirectory.appendingPathComponent("sqlsh-sigint-\(UUID().uuidString)")
        try fm.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? fm.removeItem(at: work) }
        let inPath = work.appendingPathComponent("in").path, outPath = work.appendingPathComponent("out").path
        let errPath = work.appendingPathComponent("err").path
        try Data(stdin.utf8).write(to: URL(fileURLWithPath: inPath))

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, inPath, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), interrupt = sigset_t()
        sigemptyset(&none)
        sigemptyset(&interrupt)
        sigaddset(&interrupt, SIGINT)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &interrupt)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let variables: [String] = ["HOME=" + work.path, "PATH=/usr/bin:/bin", "LC_ALL=C.UTF-8"]
        let environment = variables.map { strdup($0) } + [nil]
        defer { environment.forEach { free($0) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, executable, &actions, &attributes, argv, environment)
        guard rc == 0 else { throw POSIXError(POSIXErrorCode(rawValue: rc) ?? .EIO) }
        Thread.sleep(forTimeInterval: 1.0)
        kill(pid, SIGINT)
        // Should it not stop, it is killed after 20 s and the status shows it.
        var status: Int32 = 0
        var exited = false
        for _ in 0..<200 where !exited {
            exited = waitpid(pid, &status, WNOHANG) == pid
            if !exited { Thread.sleep(forTimeInterval: 0.1) }
        }
        if !exited { kill(pid, SIGKILL); waitpid(pid, &status, 0) }
        let exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return RunResult(stdout: try Data(contentsOf: URL(fileURLWithPath: outPath)),
                         stderr: try Data(contentsOf: URL(fileURLWithPath: errPath)), status: exitStatus)
    }

    // The expected output is written here (what sqlite3 prints); sqlite3 itself is compared
    // too when it is installed.
    @Test func sigintInterruptsArgumentSQLAndKeepsEarlierOutput() throws {
        let arguments = ["-batch", ":memory:", "select 1; " + Self.endless]
        let actual = try Self.runInterrupted(ShellRunner.sqlshPath, arguments)
        if ShellRunner.referenceAvailable {
            #expect(try actual == Self.runInterrupted(ShellRunner.referencePath, arguments))
        }
        #expect(actual.status == 9)
        #expect(String(decoding: actual.stdout, as: UTF8.self) == "1\n")
        #expect(String(decoding: actual.stderr, as: UTF8.self) == "Error: stepping, interrupted (9)\n")
    }

    @Test func sigintStopsStandardInputAfterTheInterruptedStatement() throws {
        let input = "select 1;\n\(Self.endless)\nselect 2;\n"
        let actual = try Self.runInterrupted(ShellRunner.sqlshPath, [":memory:"], stdin: input)
        if ShellRunner.referenceAvailable {
            #expect(try actual == Self.runInterrupted(ShellRunner.referencePath, [":memory:"], stdin: input))
        }
        #expect(actual.status == 1)
        #expect(String(decoding: actual.stderr, as: UTF8.self) == "Runtime error near line 2: interrupted (9)\n")
    }

    /// Runs `arguments` with standard output on /dev/full (every write fails with ENOSPC).
    static func runToFullDisk(_ arguments: [String], stdin: String = "") throws -> (stderr: String, status: Int32) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ShellRunner.sqlshPath)
        process.arguments = arguments
        process.environment = ["HOME": FileManager.default.temporaryDirectory.path, "PATH": "/usr/bin:/bin"]
        let input = Pipe(), error = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
        process.standardError = error
        try process.run()
        ChildInput.send(Data(stdin.utf8), to: input)
        let message = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: message, as: UTF8.self), process.terminationStatus)
    }

    @Test(.enabled(if: FileManager.default.isWritableFile(atPath: "/dev/full")))
    func lostOutputIsReportedWithAFailingStatus() throws {
        // sqlite3 exits 0 and says nothing.
        let message = "Error: cannot write the output: No space left on device\n"
        let arguments = try Self.runToFullDisk([":memory:", "select 1"])
        #expect(arguments.stderr == message)
        #expect(arguments.status == 1)
        let input = try Self.runToFullDisk([":memory:"], stdin: "select 1;\n")
        #expect(input.stderr == message)
        #expect(input.status == 1)
        let exit = try Self.runToFullDisk([":memory:", "select 1", ".exit 3"])
        #expect(exit.stderr == message)
        #expect(exit.status == 3)
        let nothingWritten = try Self.runToFullDisk([":memory:", "create table t(a)"])
        #expect(nothingWritten.stderr.isEmpty && nothingWritten.status == 0)
    }
}
