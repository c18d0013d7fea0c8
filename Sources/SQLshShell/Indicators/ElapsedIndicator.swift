import SQLshCore
import SQLshShell

/// Shows `⏱ 3.2 s` on standard error while a statement runs for more than a second, driven
/// by the connection's progress handler; erased when rows arrive or the statement ends. A full
/// scan of one table adds how much of it is read: `⏱ 3.2 s · ~42%` (see ``ScanProgress``).
final class ElapsedIndicator {
    private static let delay = 1.0
    private static let interval = 0.1
    private let colour: Bool
    private var connection: Connection?
    private var observer: ProgressObserverID?
    private var start = 0.0
    private var lastDrawn = 0.0
    private var visible = false
    private var finished = false
    /// Whether something else shows progress now (the `.import` bar): then draw nothing.
    var isSuppressed: () -> Bool = { false }
    /// The fraction of its table the running statement has read, when SQLite can tell.
    var scanFraction: () -> Double? = { nil }

    init(colour: Bool) {
        self.colour = colour
    }

    /// Starts timing a statement on `connection`.
    func start(on connection: Connection) {
        self.connection = connection
        start = Terminal.now()
        lastDrawn = 0
        finished = false
        if let observer { connection.removeProgressObserver(observer) }
        observer = connection.addProgressObserver(every: 100_000) { [unowned self] in
            self.tick()
            return interruptRequested != 0
        }
    }

    private func tick() {
        guard !finished, !isSuppressed() else { return }
        let now = Terminal.now()
        let elapsed = now - start
        guard elapsed >= Self.delay, now - lastDrawn >= Self.interval else { return }
        lastDrawn = now
        let tenths = Int(elapsed * 10)
        var text = "⏱ \(tenths / 10).\(tenths % 10) s"
        if let fraction = scanFraction() { text += " · ~\(Int(fraction * 100))%" }
        guard interruptRequested == 0 else { return }
        Terminal.write("\r" + Palette(colour: colour).paint(text, .dim) + ControlSequence.eraseToLineEnd)
        visible = true
        indicatorVisible = 1
    }

    /// Rows are about to be printed: erase, and draw no more for this statement.
    func rowsArrived() {
        finished = true
        erase()
    }

    /// Something else is about to be written on the terminal: erase (drawn again at the next
    /// tick while the statement still runs).
    func hide() {
        erase()
    }

    /// The input finished: erase and remove the progress observer (`.open` may have replaced
    /// the connection meanwhile: the old one drops it with itself).
    func stop() {
        finished = true
        erase()
        if let connection, let observer { connection.removeProgressObserver(observer) }
        observer = nil
        connection = nil
    }

    private func erase() {
        if visible && indicatorVisible != 0 {
            Terminal.write("\r" + ControlSequence.eraseToLineEnd)
        }
        visible = false
        indicatorVisible = 0
    }
}
