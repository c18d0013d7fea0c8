import SQLshShell

/// Draws ``ScreenFrame``s on the terminal: the first frame from where the cursor is, each
/// later one by rewriting only from the first cell that changed, so that typing at the end
/// of a long statement writes a few bytes. Tracks where the terminal's cursor is in the frame.
public struct FrameRenderer: Sendable {
    /// The frame on the screen, or nil when nothing is (the next frame is drawn from the
    /// cursor's position, which must be at the start of a row).
    public private(set) var shown: ScreenFrame? = nil
    /// Where the terminal's cursor is, in `shown`'s rows.
    private var position = (row: 0, column: 0)
    /// Whether text was written under the shown frame (``writeBelow(_:rows:)``): rows the
    /// frame grows into are cleared to their end.
    private var textBelow = false

    /// A renderer with nothing on the screen.
    public init() {}

    /// Forgets the frame on the screen (something else was written after it, or the line ended).
    public mutating func forget() {
        shown = nil
        position = (0, 0)
        textBelow = false
    }

    /// The bytes that write `text` (`rows` lines, each ending in a newline) under the shown
    /// frame, with what was below cleared first, and bring the cursor back into the frame,
    /// which stays shown: a list of completions under a statement of several lines, without
    /// drawing the statement again under it. The caller makes sure that the frame and the
    /// text fit on the screen (rows scrolled off the top are out of reach).
    public mutating func writeBelow(_ text: String, rows: Int) -> String {
        guard let frame = shown else { return text }
        let last = frame.rows.count - 1
        var out = last > position.row ? ControlSequence.down(last - position.row) : ""
        out += "\r\n" + ControlSequence.eraseBelow
        out += text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n")
        // The cursor is on the row after the text's last line.
        out += ControlSequence.up(last + 1 + rows - frame.cursor.row) + "\r"
        if frame.cursor.column > 0 { out += ControlSequence.right(frame.cursor.column) }
        position = frame.cursor
        textBelow = true
        return out
    }

    /// The bytes that move the cursor back to where the shown frame starts and clear the
    /// screen below (then the frame is forgotten): for a redraw from scratch.
    ///
    /// `reflowedTo`: the terminal rewraps its lines when its width changes (tmux, VTE and
    /// most terminals but xterm do) and is now that many columns wide, so each row of the
    /// frame above the cursor now takes as many rows as its cells need at the new width.
    public mutating func eraseShown(reflowedTo width: Int? = nil) -> String {
        guard let frame = shown else { return "" }
        var up = position.row
        if let width, width > 0, width < frame.width {
            up = 0
            for r in 0..<min(position.row, frame.rows.count) {
                up += max(1, (frame.rows[r].count + width - 1) / width)
            }
            up += position.column / width
        }
        let out = "\r" + (up > 0 ? ControlSequence.up(up) : "") + ControlSequence.eraseBelow
        forget()
        return out
    }

    /// The bytes that move the cursor to the row below the shown frame's last (for output
    /// that follows the line: Enter, a list of completions), then forgets the frame.
    public mutating func leaveShown() -> String {
        guard let frame = shown else { return "" }
        let last = frame.rows.count - 1
        var out = last > position.row ? ControlSequence.down(last - position.row) : ""
        out += "\r\n"
        forget()
        return out
    }

    /// The bytes that change the screen from the shown frame to `frame`.
    public mutating func draw(_ frame: ScreenFrame) -> String {
        var out = ""
        var from = (row: 0, column: 0)
        if let old = shown, old.width == frame.width {
            if old == frame { return "" }
            guard let first = Self.firstDifference(old, frame) else {
                out += move(to: frame.cursor)
                shown = frame
                return out
            }
            from = first
            out += move(to: from)
        } else if shown != nil {
            out += eraseShown()
        }
        let old = shown
        var style = ""
        for r in from.row..<frame.rows.count {
            if r > from.row {
                if !style.isEmpty { out += Style.reset; style = "" }
                out += "\r\n"
            }
            let row = frame.rows[r]
            let start = r == from.row ? from.column : 0
            for cell in row[min(start, row.count)...] where cell.width > 0 {
                if cell.style != style {
                    if !style.isEmpty { out += Style.reset }
                    if !cell.style.isEmpty { out += Style(cell.style).start }
                    style = cell.style
                }
                out += cell.text
            }
            if !style.isEmpty { out += Style.reset; style = "" }
            if let old, r < old.rows.count, old.rows[r].count > row.count { out += ControlSequence.eraseToLineEnd }
            if textBelow, r >= (old?.rows.count ?? 0) { out += ControlSequence.eraseToLineEnd }
        }
        let lastRow = frame.rows.count - 1
        // The terminal's cursor: after the last cell (on the last column of a full row).
        position = (lastRow, min(frame.rows[lastRow].count, frame.width - 1))
        if let old, old.rows.count > frame.rows.count {
            out += "\r\n" + ControlSequence.eraseBelow
            position = (lastRow + 1, 0)
        }
        shown = frame
        out += move(to: frame.cursor)
        return out
    }

    /// Moves the terminal's cursor to `target` (rows of the shown frame).
    private mutating func move(to target: (row: Int, column: Int)) -> String {
        var out = ""
        if target.row < position.row { out += ControlSequence.up(position.row - target.row) }
        if target.row > position.row { out += ControlSequence.down(target.row - position.row) }
        if target.row != position.row || target.column != position.column {
            out += "\r"
            if target.column > 0 { out += ControlSequence.right(target.column) }
        }
        position = target
        return out
    }

    /// The first cell (row, column) where two frames of one width differ, stepped back to
    /// the start of a wide character; nil when only the cursor moved.
    public static func firstDifference(_ a: ScreenFrame, _ b: ScreenFrame) -> (row: Int, column: Int)? {
        let rows = max(a.rows.count, b.rows.count)
        for r in 0..<rows {
            let x = r < a.rows.count ? a.rows[r] : []
            let y = r < b.rows.count ? b.rows[r] : []
            if x == y { continue }
            var c = 0
            while c < x.count && c < y.count && x[c] == y[c] { c += 1 }
            while c > 0 && c < y.count && y[c].width == 0 { c -= 1 }
            while c > 0 && c < x.count && x[c].width == 0 { c -= 1 }
            if r >= b.rows.count {
                // Only rows below the new frame's last differ: rewrite from its last row's end.
                let last = b.rows.count - 1
                return (last, b.rows[last].count)
            }
            return (r, c)
        }
        return nil
    }
}
