import SQLshShell

/// A progress bar on standard error for long operations (`.import` of a large file), fed by
/// ``SQLshShell/Shell/progress``: shown after half a second, redrawn at most ten times a
/// second, erased when done.
final class ProgressBar {
    private var start = 0.0
    private var lastDrawn = 0.0
    private var visible = false
    private var running = false

    /// Whether an operation is reporting progress now.
    var isRunning: Bool { running }

    func update(done: Int64, total: Int64) {
        let now = Terminal.now()
        if !running { running = true; start = now; lastDrawn = 0 }
        if total > 0 && done >= total {
            if visible { Terminal.write("\r" + ControlSequence.eraseToLineEnd) }
            visible = false
            running = false
            return
        }
        guard now - start >= 0.5, now - lastDrawn >= 0.1 else { return }
        lastDrawn = now
        let width = max(10, min(40, (Terminal.width(of: 2) ?? 80) - 30))
        if total > 0 {
            let filled = Int(Double(width) * Double(done) / Double(total))
            let percent = Int(100 * Double(done) / Double(total))
            let bar = String(repeating: "█", count: max(0, min(width, filled)))
                + String(repeating: "░", count: max(0, width - filled))
            Terminal.write("\r\(bar) \(percent)% (\(Self.size(done)) of \(Self.size(total)))" + ControlSequence.eraseToLineEnd)
        } else {
            Terminal.write("\r\(Self.size(done)) read" + ControlSequence.eraseToLineEnd)
        }
        visible = true
    }

    /// Something else is about to be written on the terminal: erase (drawn again at the next
    /// update).
    func hide() {
        if visible { Terminal.write("\r" + ControlSequence.eraseToLineEnd) }
        visible = false
    }

    /// Forgets a bar whose operation ended without reporting its end (an error).
    func reset() {
        if visible { Terminal.write("\r" + ControlSequence.eraseToLineEnd) }
        visible = false
        running = false
    }

    private static func size(_ bytes: Int64) -> String {
        if bytes < 1 << 20 { return "\(bytes / 1024) KiB" }
        let tenths = bytes * 10 / (1 << 20)
        return "\(tenths / 10).\(tenths % 10) MiB"
    }
}
