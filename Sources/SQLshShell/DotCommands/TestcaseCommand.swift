/// `.testcase NAME`: sends output to `testcase-out.txt` until `.check` compares it (sqlite3's
/// own test harness command). Refused in safe mode, since it writes a file (sqlite3 allows it).
struct TestcaseCommand: DotCommand {
    static let name = "testcase"
    static let usage = ".testcase NAME"
    static let summary = "Begin redirecting output to 'testcase-out.txt'"
    static let isUnsafe = true

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        shell.resetOutput()
        if let writer = try? OutputWriter(path: "testcase-out.txt") {
            shell.out = writer
            shell.settings.outputFile = "testcase-out.txt"
        } else {
            shell.err.write("Error: cannot open \"testcase-out.txt\"\n")
            shell.err.write("Error: cannot open 'testcase-out.txt'\n")
        }
        // sqlite3 keeps the name in a 30-byte buffer.
        shell.testcaseName = arguments.count >= 2 ? String(rawBytes: arguments[1].rawBytes.prefix(29)) : "?"
        return .success
    }
}
