/// `.complete TEXT`: prints what Tab would offer at the end of TEXT, one candidate per line
/// (so completion can be tried, and tested, without a terminal). Quote TEXT to keep trailing
/// spaces: `.complete 'select * from '`.
struct CompleteCommand: DotCommand {
    static let name = "complete"
    static let usage = ".complete TEXT"
    static let summary = "Show what Tab completion offers at the end of TEXT"
    static let details = """
        Words are joined by single spaces; quote TEXT to keep trailing spaces:
          .complete 'select * from '
        """

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        guard arguments.count >= 2 else { throw ShellError("Usage: .complete TEXT") }
        let text = arguments.dropFirst().joined(separator: " ")
        let completion = CompletionEngine(data: ShellCompletionData(shell: shell)).complete(text)
        for candidate in completion.candidates {
            shell.out.write(candidate.text)
            shell.out.write(byte: 10)
        }
        return .success
    }
}
