internal import CSQLite

/// Identifies a progress observer, to remove it with ``Connection/removeProgressObserver(_:)``.
/// An identifier is tied to its connection: removing it from another connection does nothing.
public struct ProgressObserverID: Hashable, Sendable {
    let owner: ObjectIdentifier
    let value: Int
}

extension Connection {
    /// Adds a progress observer: `observer` is called about every `instructions` virtual-machine
    /// instructions of a running statement, and the statement stops with `SQLITE_INTERRUPT`
    /// when it returns `true`.
    ///
    /// SQLite has one progress handler per connection; the connection multiplexes every
    /// observer onto it, so a `.progress` counter, an elapsed-time indicator and an interrupt
    /// check can all watch the same statement:
    ///
    /// ```swift
    /// let ticker = db.addProgressObserver(every: 1000) { print("tick"); return false }
    /// let stopper = db.addProgressObserver(every: 100_000) { cancelRequested }
    /// // ... run statements ...
    /// db.removeProgressObserver(ticker)
    /// ```
    ///
    /// SQLite's handler runs every N instructions, where N is the greatest common divisor of the
    /// observers' intervals; each observer is called once every `instructions / N` of those
    /// calls, so an observer alone is called exactly as a plain progress handler would be.
    /// All observers due at a call are called, even when one of them asks to stop. Observers
    /// may add or remove observers (themselves included) while they run.
    ///
    /// - Parameter instructions: the interval, at least 1 (smaller values are taken as 1).
    /// - Returns: the observer's identifier.
    @discardableResult
    public func addProgressObserver(every instructions: Int32, _ observer: @escaping () -> Bool) -> ProgressObserverID {
        let observers = progressObservers ?? ProgressObservers()
        progressObservers = observers
        let id = observers.add(interval: max(1, instructions), observer)
        installProgressObservers()
        return id
    }

    /// Removes a progress observer; removing one that is already gone does nothing.
    public func removeProgressObserver(_ id: ProgressObserverID) {
        guard let observers = progressObservers, observers.remove(id) else { return }
        installProgressObservers()
    }

    /// The number of progress observers installed.
    public var progressObserverCount: Int { progressObservers?.entries.count ?? 0 }

    /// Calls `handler` every `instructions` virtual-machine instructions of a running
    /// statement; the statement is interrupted when the handler returns `true`. Pass nil (or
    /// 0 instructions) to remove the handler.
    ///
    /// This is one progress observer (see ``addProgressObserver(every:_:)``) that each call
    /// replaces; observers added otherwise stay.
    public func setProgressHandler(instructions: Int32, _ handler: (() -> Bool)?) {
        if let id = progressHandlerID {
            progressHandlerID = nil
            removeProgressObserver(id)
        }
        guard let handler, instructions > 0 else { return }
        progressHandlerID = addProgressObserver(every: instructions, handler)
    }

    /// Gives SQLite the handler that calls the observers, at the greatest common divisor of
    /// their intervals, or removes it when there is none.
    private func installProgressObservers() {
        guard let observers = progressObservers, !observers.entries.isEmpty else {
            sqlite3_progress_handler(handle, 0, nil, nil)
            return
        }
        sqlite3_progress_handler(handle, observers.tick, { context in
            Unmanaged<ProgressObservers>.fromOpaque(context.unsafelyUnwrapped).takeUnretainedValue().call() ? 1 : 0
        }, Unmanaged.passUnretained(observers).toOpaque())
    }
}

/// The progress observers of one connection and their countdowns.
final class ProgressObservers {
    final class Entry {
        let id: Int
        let interval: Int32
        let observer: () -> Bool
        /// SQLite handler calls (``ProgressObservers/tick`` instructions each) between two calls
        /// of this observer, and how many are left before the next one.
        var period: Int32 = 1
        var countdown: Int32 = 1

        init(id: Int, interval: Int32, observer: @escaping () -> Bool) {
            self.id = id
            self.interval = interval
            self.observer = observer
        }
    }

    private(set) var entries: [Entry] = []
    /// The interval SQLite calls the handler at: the GCD of the observers' intervals.
    private(set) var tick: Int32 = 1
    private var nextID = 0

    func add(interval: Int32, _ observer: @escaping () -> Bool) -> ProgressObserverID {
        nextID += 1
        let entry = Entry(id: nextID, interval: interval, observer: observer)
        entry.countdown = 0 // set by retune: a full interval
        entries.append(entry)
        retune()
        return ProgressObserverID(owner: ObjectIdentifier(self), value: nextID)
    }

    /// Removes an observer; false when there was none with that identifier.
    func remove(_ id: ProgressObserverID) -> Bool {
        guard id.owner == ObjectIdentifier(self),
              let index = entries.firstIndex(where: { $0.id == id.value }) else { return false }
        entries.remove(at: index)
        retune()
        return true
    }

    /// Recomputes the tick after a change, keeping each observer's remaining instructions.
    private func retune() {
        let old = tick
        tick = entries.reduce(0) { gcd($0, $1.interval) }
        if tick < 1 { tick = 1 }
        for entry in entries {
            entry.period = entry.interval / tick
            let remaining = entry.countdown == 0 ? entry.interval : Int32(clamping: Int64(entry.countdown) * Int64(old))
            entry.countdown = max(1, min(entry.period, remaining / tick))
        }
    }

    /// One call from SQLite: calls the observers that are due; true when one asks to stop.
    func call() -> Bool {
        let current = entries // no copy: observers that change the list get a new one
        var stop = false
        for entry in current {
            entry.countdown -= 1
            guard entry.countdown <= 0 else { continue }
            entry.countdown = entry.period
            if entry.observer() { stop = true }
        }
        return stop
    }

    private func gcd(_ a: Int32, _ b: Int32) -> Int32 {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }
}
