import SQLshCore

/// Shows `⏱ 3.2 s` on standard error while a statement runs for more than a second, driven
/// by the connection's progress handler; erased when rows arrive or the statement ends. A full
/// scan of one table adds how much of it is read: `⏱ 3.2 s · ~42%` (see ``ScanProgress``).
public final class ElapsedIndicator {
    private static let delay = 1.0
    private static let interval = 0.1
    private let colour: Bool
    private let write: (String) -> Void
    private let isInterrupted: () -> Bool
    private let setVisible: (Bool) -> Void
    private let stillVisible: () -> Bool
    private var connection: Connection?
    private var observer: ProgressObserverID?
    private var start = 0.0
    private var lastDrawn = 0.0
    private var visible = false
    private var finished = false
    /// Whether something else shows progress now (the `.import` bar): then draw nothing.
    public var isSuppressed: () -> Bool = { false }
    /// The fraction of its table the running statement has read, when SQLite can tell.
    public var scanFraction: () -> Double? = { nil }

    /// An indicator written with `write` (on standard error); `isInterrupted`: whether
    /// SIGINT arrived (then nothing more is drawn and the statement is stopped);
    /// `setVisible` and `stillVisible`: the flag shared with the SIGINT handler, which erases
    /// the indicator itself.
    public init(colour: Bool, write: @escaping (String) -> Void, isInterrupted: @escaping () -> Bool,
                setVisible: @escaping (Bool) -> Void, stillVisible: @escaping () -> Bool) {
        self.stillVisible = stillVisible
        self.colour = colour
        self.write = write
        self.isInterrupted = isInterrupted
        self.setVisible = setVisible
    }

    /// Starts timing a statement on `connection`.
    public func start(on connection: Connection) {
        self.connection = connection
        start = MonotonicClock.seconds()
        lastDrawn = 0
        finished = false
        if let observer { connection.removeProgressObserver(observer) }
        observer = connection.addProgressObserver(every: 100_000) { [unowned self] in
            self.tick()
            return self.isInterrupted()
        }
    }

    private func tick() {
        guard !finished, !isSuppressed() else { return }
        let now = MonotonicClock.seconds()
        let elapsed = now - start
        guard elapsed >= Self.delay, now - lastDrawn >= Self.interval else { return }
        lastDrawn = now
        let tenths = Int(elapsed * 10)
        var text = "⏱ \(tenths / 10).\(tenths % 10) s"
        if let fraction = scanFraction() { text += " · ~\(Int(fraction * 100))%" }
        guard !isInterrupted() else { return }
        write("\r" + Palette(colour: colour).paint(text, .dim) + ControlSequence.eraseToLineEnd)
        visible = true
        setVisible(true)
    }

    /// Rows are about to be printed: erase, and draw no more for this statement.
    public func rowsArrived() {
        finished = true
        erase()
    }

    /// Something else is about to be written on the terminal: erase (drawn again at the next
    /// tick while the statement still runs).
    public func hide() {
        erase()
    }

    /// The input finished: erase and remove the progress observer (`.open` may have replaced
    /// the connection meanwhile: the old one drops it with itself).
    public func stop() {
        finished = true
        erase()
        if let connection, let observer { connection.removeProgressObserver(observer) }
        observer = nil
        connection = nil
    }

    private func erase() {
        // The SIGINT handler may have erased it already.
        if visible && stillVisible() {
            write("\r" + ControlSequence.eraseToLineEnd)
        }
        visible = false
        setVisible(false)
    }
}
