#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CEditLine
import SQLshShell

/// sqlsh draws the prompt and the line itself (libedit's own drawing goes to a pipe, see
/// ``EditLineSource``): whenever libedit asks for a key with none waiting, the buffer it has
/// (`el_wline`: text and cursor) is laid out as a ``ScreenFrame`` (colours, the suggestion from
/// history, the matching bracket, continuation prompts on the lines of a multi-line buffer)
/// and ``LineRenderer`` writes what changed.
extension EditLineSource {
    /// Whether the line is coloured: colour allowed (a terminal, no `NO_COLOR`) and
    /// `.highlight on`.
    var highlights: Bool { shell.settings.palette.highlights }

    /// libedit's buffer as Unicode scalars, and the cursor's offset in it.
    var buffer: (text: [Unicode.Scalar], cursor: Int) {
        guard let info = el_wline(editLine), let start = info.pointee.buffer, let end = info.pointee.lastchar,
              let cursor = info.pointee.cursor else { return ([], 0) }
        let count = max(0, end - start)
        var text: [Unicode.Scalar] = []
        text.reserveCapacity(count)
        for i in 0..<count {
            text.append(Unicode.Scalar(UInt32(bitPattern: start[i])) ?? "\u{FFFD}")
        }
        return (text, min(max(0, cursor - start), count))
    }

    /// Moves libedit's cursor to `offset` (Unicode scalars from the buffer's start).
    func moveCursor(to offset: Int, from current: Int) {
        _ = el_cursor(editLine, Int32(clamping: offset - current))
    }

    /// The frame for the current buffer. `final`: the line as it stays on the screen once
    /// entered (no suggestion, no bracket mark).
    func makeFrame(final: Bool) -> ScreenFrame {
        var frame = ScreenFrame(width: Terminal.width(of: terminalFD) ?? 80)
        let (text, cursor) = buffer
        let colour = shell.settings.colour
        func putPrompt(_ prompt: String) {
            guard colour, !prompt.isEmpty else { frame.put(prompt, style: ""); return }
            frame.put(String(prompt.unicodeScalars.dropLast()), style: Style.prompt.parameters)
            frame.put(String(prompt.unicodeScalars.suffix(1)), style: "")
        }
        putPrompt(String(cString: promptText))
        var styles = [String](repeating: "", count: text.count)
        var suggestion: [Unicode.Scalar] = []
        if highlights {
            let highlight = SQLHighlighter.highlight(text, names: highlightNames ?? HighlightNames())
            for span in highlight.spans {
                let style = Style.highlight(span.kind).parameters
                for i in max(0, span.start)..<min(span.end, text.count) { styles[i] = style }
            }
            if !final {
                if let partner = highlight.partner(near: cursor), partner < text.count {
                    styles[partner] = Style.matchingBracket.parameters
                }
                if cursor == text.count { suggestion = self.suggestion(for: text) ?? [] }
            }
        }
        let continuation = shell.settings.continuationPrompt
        for (i, scalar) in text.enumerated() {
            if i == cursor { frame.markCursor(beforeLineBreak: scalar == "\n") }
            if scalar == "\n" {
                frame.lineBreak()
                putPrompt(continuation)
                continue
            }
            frame.put(scalar, style: styles[i])
        }
        if cursor >= text.count { frame.markCursor(beforeLineBreak: false) }
        for scalar in suggestion {
            if scalar == "\n" {
                frame.lineBreak()
                frame.put(continuation, style: Style.suggestion.parameters)
            } else {
                frame.put(scalar, style: Style.suggestion.parameters)
            }
        }
        // Taller than the screen: the rows around the cursor, the window moving only as far
        // as the cursor needs (at the end, the last rows, above what follows).
        let height = Terminal.height(of: terminalFD) ?? 24
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

    /// Draws the line as it is now (unless drawing is held back, or libedit has no line).
    func render(final: Bool = false) {
        // Without the pipe (it could not be made) libedit draws the line itself.
        guard libeditOutput >= 0 else { return }
        ringBells()
        guard !drawingSuspended, editLine != nil else { return }
        let out = renderer.draw(makeFrame(final: final))
        if !out.isEmpty { Terminal.write(out, to: terminalFD) }
    }

    /// Forgets the frame on the screen: the next one is drawn from the cursor's row.
    func forgetFrame() {
        renderer.forget()
    }

    /// Moves below the line on the screen (before writing under it) and forgets it.
    func leaveFrame() {
        let out = renderer.leaveShown()
        if !out.isEmpty { Terminal.write(out, to: terminalFD) }
    }

    /// Takes the line off the screen (back to where the prompt started, cleared below).
    /// `resizedTo`: the terminal's new width, after a resize (a terminal that rewraps its
    /// lines has moved the prompt's first row further up when it narrowed).
    func eraseFrame(resizedTo width: Int? = nil) {
        let out = renderer.eraseShown(reflowedTo: Terminal.reflowsLines ? width : nil)
        if !out.isEmpty { Terminal.write(out, to: terminalFD) }
    }

    /// Reads what libedit drew into its pipe and rings the terminal's bell once for each bell
    /// in it (libedit's way of refusing a key).
    func ringBells() {
        guard libeditOutput >= 0 else { return }
        fflush(terminalStream)
        sqlsh_clearerr(terminalStream)
        var bells = 0
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(libeditOutput, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            for k in 0..<n where chunk[k] == 7 { bells += 1 }
        }
        if bells > 0 { Terminal.write(String(repeating: "\u{07}", count: bells), to: terminalFD) }
    }
}
