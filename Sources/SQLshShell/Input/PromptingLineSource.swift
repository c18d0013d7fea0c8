#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@_spi(RawSQLite) import SQLshCore
import SQLshShell

/// Interactive use without a terminal on standard input (`-interactive` with piped input):
/// prompts are printed, lines read plainly; no libedit, no history.
final class PromptingLineSource: LineSource {
    let isInteractive = true
    unowned let shell: Shell
    private let input = FileLineSource(fileDescriptor: 0)

    init(shell: Shell) {
        self.shell = shell
        shell.interruptRequested = { interruptRequested != 0 }
    }

    func readLine(prompt: String) -> [UInt8]? {
        shell.out.flush()
        shell.standardOutput.write(prompt)
        shell.standardOutput.flush()
        return input.readLine(prompt: prompt)
    }

    func willRun() {
        interruptRequested = 0
        interruptTarget = shell.connection.handle
    }

    func didRun() {
        interruptTarget = nil
    }
}
