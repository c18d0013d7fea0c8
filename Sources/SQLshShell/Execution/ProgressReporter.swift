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
    /// The progress observer `.progress` added, and the connection it is on.
    var observer: ProgressObserverID?
    var observed: ConnectionAnchor?
}

extension Shell {
    /// Installs (or with `instructions` 0 removes) sqlite3's progress handler, as one progress
    /// observer of the connection: it prints `Progress N` each time unless quiet, and
    /// interrupts the statement with `Progress limit reached (N)` when the limit is reached.
    func installProgressHandler(instructions: Int32) {
        let state = progressState
        state.instructions = instructions
        if let observer = state.observer {
            state.observed?.connection?.removeProgressObserver(observer)
            state.observer = nil
        }
        guard instructions > 0 else { return }
        state.observed = connection.anchor
        state.observer = connection.addProgressObserver(every: instructions) { [weak self] in
            guard let self else { return false }
            let state = progressState
            state.count &+= 1
            if Int64(state.count) >= state.limit && state.limit > 0 {
                out.write("Progress limit reached (\(state.count))\n")
                if state.resetPerInput { state.count = 0 }
                if state.once { state.limit = 0 }
                return true
            }
            if !state.quiet { out.write("Progress \(state.count)\n") }
            return false
        }
    }

    /// Whether `.progress` has installed its handler. The interactive elapsed-time indicator
    /// stays off meanwhile, so that its line does not mix with `Progress N`.
    public var progressCommandActive: Bool { progressState.instructions > 0 }
}
