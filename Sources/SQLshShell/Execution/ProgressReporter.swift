import CSQLite
import SQLshCore

/// `.progress` settings and counter, as sqlite3 keeps them.
final class ProgressState {
    var quiet = false
    var resetPerInput = false
    var once = false
    var limit: Int64 = 0
    var count: UInt32 = 0
    /// The instruction interval `.progress` set (0: no handler).
    var instructions: Int32 = 0
}

extension Shell {
    /// Installs (or with `instructions` 0 removes) sqlite3's progress handler: it prints
    /// `Progress N` each time unless quiet, and interrupts the statement with
    /// `Progress limit reached (N)` when the limit is reached.
    func installProgressHandler(instructions: Int32) {
        progressState.instructions = instructions
        let context = Unmanaged.passUnretained(self).toOpaque()
        sqlite3_progress_handler(connection.handle, instructions, { context in
            guard let context else { return 0 }
            let shell = Unmanaged<Shell>.fromOpaque(context).takeUnretainedValue()
            let state = shell.progressState
            state.count &+= 1
            if Int64(state.count) >= state.limit && state.limit > 0 {
                shell.out.write("Progress limit reached (\(state.count))\n")
                if state.resetPerInput { state.count = 0 }
                if state.once { state.limit = 0 }
                return 1
            }
            if !state.quiet { shell.out.write("Progress \(state.count)\n") }
            return 0
        }, context)
    }

    /// Whether `.progress` has installed its handler. SQLite has one progress handler per
    /// connection, so the interactive elapsed-time indicator stays off meanwhile.
    public var progressCommandActive: Bool { progressState.instructions > 0 }
}
