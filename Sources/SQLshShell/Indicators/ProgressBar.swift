import SQLshCore

/// A progress bar on standard error for long operations (`.import` of a large file), fed by
/// ``SQLshShell/Shell/progress``: shown after half a second, redrawn at most ten times a
/// second, erased when done.
public final class ProgressBar {
    private let write: (String) -> Void
    private let width: () -> Int?
    private var start = 0.0
    private var lastDrawn = 0.0
    private var visible = false
    private var running = false

    /// Whether an operation is reporting progress now.
    public var isRunning: Bool { running }

    /// A bar written with `write` (on standard error), fitted to `width` columns.
    public init(write: @escaping (String) -> Void, width: @escaping () -> Int?) {
        self.write = write
        self.width = width
    }

    /// Reports progress: `done` of `total` bytes (`total` 0: unknown).
    public func update(done: Int64, total: Int64) {
        let now = MonotonicClock.seconds()
        if !running { running = true; start = now; lastDrawn = 0 }
        if total > 0 && done >= total {
            if visible { write("\r" + ControlSequence.eraseToLineEnd) }
            visible = false
            running = false
            return
        }
        guard now - start >= 0.5, now - lastDrawn >= 0.1 else { return }
        lastDrawn = now
        let width = max(10, min(40, (width() ?? 80) - 30))
        if total > 0 {
            let filled = Int(Double(width) * Double(done) / Double(total))
            let percent = Int(100 * Double(done) / Double(total))
            let bar = String(repeating: "█", count: max(0, min(width, filled)))
                + String(repeating: "░", count: max(0, width - filled))
            write("\r\(bar) \(percent)% (\(Self.size(done)) of \(Self.size(total)))" + ControlSequence.eraseToLineEnd)
        } else {
            write("\r\(Self.size(done)) read" + ControlSequence.eraseToLineEnd)
        }
        visible = true
    }

    /// Something else is about to be written on the terminal: erase (drawn again at the next
    /// update).
    public func hide() {
        if visible { write("\r" + ControlSequence.eraseToLineEnd) }
        visible = false
    }

    /// Forgets a bar whose operation ended without reporting its end (an error).
    public func reset() {
        if visible { write("\r" + ControlSequence.eraseToLineEnd) }
        visible = false
        running = false
    }

    private static func size(_ bytes: Int64) -> String {
        if bytes < 1 << 20 { return "\(bytes / 1024) KiB" }
        let tenths = bytes * 10 / (1 << 20)
        return "\(tenths / 10).\(tenths % 10) MiB"
    }
}
