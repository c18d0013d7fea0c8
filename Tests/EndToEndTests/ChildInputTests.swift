import Foundation
import Testing
import TestSupport

/// The test harness's own pipe writer: a child that exits without reading its input must not
/// kill the test process, and the shells started later must still meet SIGPIPE as a user's would.
@Suite struct ChildInputTests {
    /// Runs `/bin/sh -c script` with `input` on its standard input; returns its standard output.
    func run(_ script: String, input: Data) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        ChildInput.send(input, to: stdin)
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: out, as: UTF8.self)
    }

    @Test func aChildThatReadsNothingDoesNotKillTheTests() throws {
        // 4 MiB is far more than a pipe holds: the write meets a closed pipe.
        #expect(try run("exec 0<&-; echo gone", input: Data(count: 4 << 20)) == "gone\n")
    }

    @Test func laterChildrenKeepTheDefaultSIGPIPE() throws {
        _ = try run("exec 0<&-", input: Data(count: 4 << 20))
        // SigIgn is a hexadecimal mask; SIGPIPE (13) is bit 12.
        let status = try run("grep '^SigIgn:' /proc/self/status", input: Data())
        let mask = UInt64(status.split(separator: "\t").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "", radix: 16)
        #expect(mask.map { $0 & (1 << 12) == 0 } == true, "\(status)")
    }
}
