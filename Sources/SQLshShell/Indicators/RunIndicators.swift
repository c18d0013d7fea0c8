/// The indicators of an interactive session while an input runs, on standard error when it
/// is a terminal: the elapsed time (``ElapsedIndicator``) and the `.import` progress bar
/// (``ProgressBar``), wired to the shell's hooks and erased before anything else is written.
public final class RunIndicators {
    private unowned let shell: Shell
    private let indicator: ElapsedIndicator
    private var progressBar: ProgressBar?
    private let enabled: Bool

    /// Indicators written with `write`, the bar fitted to `width`; `enabled`: standard error
    /// is a terminal. `isInterrupted`, `setVisible` and `stillVisible`: see ``ElapsedIndicator``.
    public init(shell: Shell, enabled: Bool, write: @escaping (String) -> Void, width: @escaping () -> Int?,
                isInterrupted: @escaping () -> Bool, setVisible: @escaping (Bool) -> Void,
                stillVisible: @escaping () -> Bool) {
        self.shell = shell
        self.enabled = enabled
        indicator = ElapsedIndicator(colour: shell.settings.colour, write: write, isInterrupted: isInterrupted,
                                     setVisible: setVisible, stillVisible: stillVisible)
        guard enabled else { return }
        shell.willPrintRows = { [indicator] in indicator.rowsArrived() }
        let bar = ProgressBar(write: write, width: width)
        shell.progress = { done, total in bar.update(done: done, total: total) }
        indicator.isSuppressed = { bar.isRunning }
        shell.reportsScanProgress = true
        indicator.scanFraction = { [unowned shell] in shell.scanFraction }
        progressBar = bar
        // Errors and messages written while they are shown start on a clean line.
        let erase = { [indicator] in indicator.hide(); bar.hide() }
        shell.err.willWriteOut = erase
        shell.standardOutput.willWriteOut = erase
    }

    /// An input is about to run: time it (unless `.progress` has the progress handler).
    public func willRun() {
        if !shell.progressCommandActive && enabled { indicator.start(on: shell.connection) }
    }

    /// The input ended: erase both.
    public func didRun() {
        indicator.stop()
        progressBar?.reset()
    }
}
