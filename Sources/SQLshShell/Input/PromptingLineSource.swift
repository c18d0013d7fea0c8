/// Interactive use without a terminal on standard input (`-interactive` with piped input):
/// prompts are printed, lines read plainly; no line editor, no history.
public final class PromptingLineSource: LineSource {
    public let isInteractive = true
    unowned let shell: Shell
    private let input = FileLineSource(fileDescriptor: 0)
    private let willRunInput: () -> Void
    private let didRunInput: () -> Void

    /// A source for `shell`; `willRun` and `didRun` aim Ctrl-C at each input (the program's
    /// signal handling).
    public init(shell: Shell, willRun: @escaping () -> Void, didRun: @escaping () -> Void) {
        self.shell = shell
        self.willRunInput = willRun
        self.didRunInput = didRun
    }

    public func readLine(prompt: String) -> [UInt8]? {
        shell.out.flush()
        shell.standardOutput.write(prompt)
        shell.standardOutput.flush()
        return input.readLine(prompt: prompt)
    }

    public func willRun() { willRunInput() }

    public func didRun() { didRunInput() }
}
