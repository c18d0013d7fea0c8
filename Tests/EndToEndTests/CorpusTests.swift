import Foundation
import Testing

/// The end-to-end corpus: every case runs through the stock `sqlite3` and the built `sqlsh`,
/// and standard output, standard error and the exit status must be byte-identical.
@Suite(.serialized)
struct CorpusTests {
    /// Option sets every script runs under in the batch matrix (list output).
    static let batchOptions: [[String]] = [[], ["-header"], ["-echo"], ["-bail"], ["-separator", ";", "-nullvalue", "NULL"]]
    /// Every output mode, for the mode matrix.
    static let modeOptions: [[String]] = [["-csv", "-header"], ["-json"], ["-box"], ["-line"], ["-markdown"],
                                          ["-table"], ["-column", "-header"], ["-html"], ["-quote"], ["-tabs"],
                                          ["-ascii"]]

    /// Checks a comparison.
    static func check(_ actual: RunResult, _ expected: RunResult, label: String) {
        #expect(actual == expected, "\(label)")
    }

    static var scriptNames: [String] { CorpusFormat.scripts(in: ShellRunner.corpus).map { $0.lastPathComponent } }

    @Test("script, batch options", arguments: scriptNames)
    func scriptBatch(_ name: String) throws {
        let stdin = try Data(contentsOf: ShellRunner.corpus.appendingPathComponent("scripts/\(name)"))
        for options in Self.batchOptions {
            let (expected, actual) = try ShellRunner.compare(["-batch"] + options + [":memory:"], stdin: stdin)
            Self.check(actual, expected, label: "\(name) \(options)")
        }
    }

    @Test("script, every mode", arguments: scriptNames)
    func scriptModes(_ name: String) throws {
        let stdin = try Data(contentsOf: ShellRunner.corpus.appendingPathComponent("scripts/\(name)"))
        for options in Self.modeOptions {
            let (expected, actual) = try ShellRunner.compare(["-batch"] + options + [":memory:"], stdin: stdin)
            Self.check(actual, expected, label: "\(name) \(options)")
        }
    }

    static var argumentCases: [String] { CorpusFormat.lines(of: ShellRunner.corpus.appendingPathComponent("argcases.txt")) }

    @Test("arguments", arguments: argumentCases)
    func argumentCase(_ line: String) throws {
        let (expected, actual) = try ShellRunner.compare(CorpusFormat.shellWords(line))
        Self.check(actual, expected, label: line)
    }

    static var stdinCases: [String] { CorpusFormat.lines(of: ShellRunner.corpus.appendingPathComponent("stdincases.txt")) }

    @Test("arguments and standard input", arguments: stdinCases)
    func stdinCase(_ line: String) throws {
        let parts = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
        let arguments = CorpusFormat.shellWords(String(parts[0]))
        let stdin = parts.count > 1 ? CorpusFormat.printfB(String(parts[1])) : Data()
        let (expected, actual) = try ShellRunner.compare(arguments, stdin: stdin)
        Self.check(actual, expected, label: line)
    }
}
