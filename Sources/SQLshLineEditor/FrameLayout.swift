import SQLshShell

/// Lays the prompt and the buffer out as a ``ScreenFrame``: colours, the suggestion from
/// history, the matching bracket, continuation prompts on the lines of a multi-line buffer,
/// and, for a buffer taller than the screen, the rows around the cursor.
public struct FrameLayout: Sendable {
    /// The first row of the buffer's layout on the screen when it is taller than the screen.
    public private(set) var viewportTop = 0

    /// A layout from the top.
    public init() {}

    /// Starts afresh (a new prompt).
    public mutating func reset() {
        viewportTop = 0
    }

    /// The frame for `buffer` after `prompt` on a `width` x `height` screen. `final`: the
    /// line as it stays on the screen once entered (no suggestion, no bracket mark).
    public mutating func frame(_ buffer: EditBuffer, prompt: String, continuationPrompt: String,
                               palette: Palette, names: HighlightNames?, suggestion: [Unicode.Scalar]?,
                               width: Int, height: Int, final: Bool) -> ScreenFrame {
        var frame = ScreenFrame(width: width)
        let (text, cursor) = (buffer.text, buffer.cursor)
        func putPrompt(_ prompt: String) {
            guard palette.colour, !prompt.isEmpty else { frame.put(prompt, style: ""); return }
            frame.put(String(prompt.unicodeScalars.dropLast()), style: Style.prompt.parameters)
            frame.put(String(prompt.unicodeScalars.suffix(1)), style: "")
        }
        putPrompt(prompt)
        var styles = [String](repeating: "", count: text.count)
        var suggested: [Unicode.Scalar] = []
        if palette.highlights {
            let highlight = SQLHighlighter.highlight(text, names: names ?? HighlightNames())
            for span in highlight.spans {
                let style = Style.highlight(span.kind).parameters
                for i in max(0, span.start)..<min(span.end, text.count) { styles[i] = style }
            }
            if !final {
                if let partner = highlight.partner(near: cursor), partner < text.count {
                    styles[partner] = Style.matchingBracket.parameters
                }
                if cursor == text.count { suggested = suggestion ?? [] }
            }
        }
        for (i, scalar) in text.enumerated() {
            if i == cursor { frame.markCursor(beforeLineBreak: scalar == "\n") }
            if scalar == "\n" {
                frame.lineBreak()
                putPrompt(continuationPrompt)
                continue
            }
            frame.put(scalar, style: styles[i])
        }
        // Once entered, a line exactly as wide as the screen keeps the cursor on its last
        // column: the output that follows starts on the next row, with no blank row between.
        if cursor >= text.count { frame.markCursor(beforeLineBreak: final) }
        for scalar in suggested {
            if scalar == "\n" {
                frame.lineBreak()
                frame.put(continuationPrompt, style: Style.suggestion.parameters)
            } else {
                frame.put(scalar, style: Style.suggestion.parameters)
            }
        }
        // Taller than the screen: the rows around the cursor, the window moving only as far
        // as the cursor needs (at the end, the last rows, above what follows).
        if frame.rowCount > height {
            if final {
                viewportTop = frame.rowCount - height
            } else if frame.cursor.row < viewportTop {
                viewportTop = frame.cursor.row
            } else if frame.cursor.row >= viewportTop + height {
                viewportTop = frame.cursor.row - height + 1
            }
            viewportTop = min(viewportTop, frame.rowCount - height)
            frame.keepRows(from: viewportTop, height: height)
        } else {
            viewportTop = 0
        }
        return frame
    }

    /// The row (from 0) libedit's cursor is on after drawing `text` from the start of a row
    /// `width` columns wide (when libedit draws the line itself): it wraps at the margin and
    /// moves down at a newline.
    public static func row(after text: String, width: Int) -> Int {
        var row = 0, column = 0
        for scalar in text.unicodeScalars {
            if scalar == "\n" { row += 1; column = 0; continue }
            let w = DisplayWidth.of(scalar)
            if column + w > width { row += 1; column = 0 }
            column += w
            if column >= width { row += 1; column = 0 }
        }
        return row
    }
}
