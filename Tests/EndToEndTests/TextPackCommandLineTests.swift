import Foundation
import Testing

/// The text pack's size checks through the real binary: a growing function asked for more
/// than SQLite's length limit fails exactly as the stock shell fails on any too-big value
/// (message, exit status), instead of trapping on an overflow (issue 13).
struct TextPackCommandLineTests {
    static let tooBigCalls = [
        "lpad('abc', 9223372036854775807)", "rpad('abc', 9223372036854775807)",
        "text_lpad('abc', 9223372036854775807)", "text_rpad('abc', 9223372036854775807, 'xy')",
        "text_repeat('a', 9223372036854775807)", "repeat('ab', 4611686018427387904)",
    ]

    @Test(arguments: tooBigCalls)
    func tooBigIsSQLitesErrorNotACrash(call: String) throws {
        // The stock shell's own "string or blob too big", from a value it cannot make either
        // (`select zeroblob(2000000000);`), written here; compared live when sqlite3 is installed.
        let reference = "select zeroblob(2000000000);"
        for stdin in [false, true] {
            let ours = "select \(call);"
            let args = stdin ? [":memory:"] : [":memory:", ours]
            let got = try ShellRunner.run(ShellRunner.sqlshPath, args, stdin: Data((stdin ? ours + "\n" : "").utf8))
            let want = stdin
                ? RunResult(stdout: Data(), stderr: Data("Runtime error near line 1: string or blob too big (18)\n".utf8), status: 1)
                : RunResult(stdout: Data(), stderr: Data("Error: stepping, string or blob too big (18)\n".utf8), status: 18)
            #expect(got == want, "\(call) stdin=\(stdin): \(got)")
            if ShellRunner.referenceAvailable {
                let refArgs = stdin ? [":memory:"] : [":memory:", reference]
                #expect(try ShellRunner.run(ShellRunner.referencePath, refArgs, stdin: Data((stdin ? reference + "\n" : "").utf8)) == want)
            }
        }
    }
}
