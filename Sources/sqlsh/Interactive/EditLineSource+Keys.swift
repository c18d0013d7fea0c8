#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CEditLine
import SQLshLineEditor
import SQLshShell

/// The editor functions of ``KeyBindings``: libedit's buffer read into an ``EditBuffer``, the
/// key worked out by SQLshLineEditor, the result applied to libedit's buffer; and drawing.
extension EditLineSource {
    /// libedit's buffer and cursor.
    var buffer: EditBuffer {
        guard let info = el_wline(editLine), let start = info.pointee.buffer, let end = info.pointee.lastchar,
              let cursor = info.pointee.cursor else { return EditBuffer() }
        let text = (0..<max(0, end - start)).map { Unicode.Scalar(UInt32(bitPattern: start[$0])) ?? "\u{FFFD}" }
        return EditBuffer(text, cursor: cursor - start)
    }

    /// Applies an action to libedit's buffer; returns what libedit is to do next.
    func apply(_ action: EditorAction) -> UInt8 {
        switch action {
        case .moveCursor(let offset): _ = el_cursor(editLine, Int32(clamping: offset - buffer.cursor))
        case .insert(let text): if !text.isEmpty { _ = el_insertstr(editLine, String(String.UnicodeScalarView(text))) }
        case .replace(let text): setLine(EditBuffer(text))
        case .beep: return UInt8(CC_REFRESH_BEEP)
        case .acceptLine: return UInt8(CC_NEWLINE)
        }
        return UInt8(CC_REFRESH)
    }

    /// Replaces libedit's buffer (nothing is drawn).
    func setLine(_ line: EditBuffer) {
        let current = buffer
        _ = el_cursor(editLine, Int32(clamping: current.text.count - current.cursor))
        el_deletestr(editLine, Int32(clamping: current.text.count))
        _ = el_insertstr(editLine, line.string)
        if line.cursor < line.text.count { _ = el_cursor(editLine, Int32(clamping: line.cursor - line.text.count)) }
    }

    func enter() -> UInt8 {
        if acceptsNextEnter || cancelRequested {
            acceptsNextEnter = false
            return UInt8(CC_NEWLINE)
        }
        return apply(LineEditor.enter(buffer, earlierLines: input.lines))
    }

    /// Bracketed paste: the text up to the end marker goes into the buffer, nothing runs.
    func paste() -> UInt8 {
        drawingSuspended = true
        defer { drawingSuspended = false }
        var pasted = PastedText()
        while let key = readKey(), !pasted.add(key) {}
        return apply(.insert(pasted.text))
    }

    /// Ctrl-L: clear the screen, the line drawn again at the top.
    func clearScreen() -> UInt8 {
        renderer.forget()
        write(ControlSequence.clearScreen)
        return UInt8(CC_REFRESH)
    }

    /// Ctrl-C: end the line and have it discarded, showing `^C` after the typed text.
    func cancelLine() -> UInt8 {
        cancelRequested = true
        let line = buffer
        _ = el_cursor(editLine, Int32(line.text.count - line.cursor))
        _ = el_insertstr(editLine, "^C")
        el_push(editLine, "\n")
        return UInt8(CC_REFRESH)
    }

    /// Ctrl-R (see ``HistorySearch``).
    func searchHistory() -> UInt8 {
        var search = HistorySearch(entries: HistoryFile.entries(of: history), original: buffer, lastSearch: lastSearch)
        let savedPrompt = promptText
        func show(_ prompt: UnsafeMutablePointer<CChar>?) {
            eraseEditArea()
            if promptText != savedPrompt { free(promptText) }
            promptText = prompt ?? savedPrompt
            setLine(search.line)
            redraw()
        }
        show(strdup(search.prompt))
        while true {
            guard case .leave(let then) = search.handle(readKey()) else { show(strdup(search.prompt)); continue }
            show(nil)
            lastSearch = search.lastSearch
            switch then {
            case .nothing: break
            case .interrupt: el_push(editLine, "\u{03}")
            case .enter: acceptsNextEnter = true; el_push(editLine, "\n")
            case .key(let scalar): el_push(editLine, String(Character(scalar)))
            case .escapeSequence:
                // Escape alone leaves the search; an escape sequence (an arrow key) is then
                // handled as usual: read up to its final byte.
                var sequence = "\u{1B}"
                if let next = readKey(within: 50) {
                    sequence.unicodeScalars.append(Unicode.Scalar(next) ?? "?")
                    if next == 0x5B || next == 0x4F {
                        while let byte = readKey(within: 50) {
                            sequence.unicodeScalars.append(Unicode.Scalar(byte) ?? "?")
                            if byte >= 0x40 && byte <= 0x7E { break }
                        }
                    }
                    el_push(editLine, sequence)
                }
            }
            return UInt8(CC_REFRESH)
        }
    }

    /// Ctrl-X Ctrl-E: the statement (its earlier lines included) in `$VISUAL` or `$EDITOR`
    /// (see ``ExternalEditor``); saved changed, shown and run at once; unchanged, back on the
    /// line; emptied, the input is discarded; a failing editor leaves the line, with its message.
    func editStatement() -> UInt8 {
        let text = input.context(before: buffer.string)
        moveBelowLine(extraRow: true)
        _ = sqlsh_el_prep_term(editLine, 0)
        let outcome = ExternalEditor.edit(text)
        _ = sqlsh_el_prep_term(editLine, 1)
        switch outcome {
        case .edited(let edited):
            editReplacesStatement = !input.lines.isEmpty
            // Shown as a statement of its own, under the main prompt.
            if editReplacesStatement, let main = strdup(shell.settings.prompt) {
                free(promptText)
                promptText = main
            }
            setLine(EditBuffer(edited))
            acceptsNextEnter = true
            el_push(editLine, "\n")
        case .unchanged: break
        case .emptied:
            setLine(EditBuffer())
            // The earlier lines are gone too: the input is discarded, as with Ctrl-C.
            if !input.lines.isEmpty { cancelRequested = true; el_push(editLine, "\n") }
        case .failed(let message): write("Error: \(message)\n")
        }
        return UInt8(CC_REDISPLAY)
    }

    /// Tab (see ``TabCompletion``). A pasted tab (more input waiting) is text.
    func complete() -> UInt8 {
        if Terminal.pendingInput() > 0 { return apply(.insert(["\t"])) }
        let line = buffer
        let before = String(String.UnicodeScalarView(line.text[..<line.cursor]))
        let after = String(String.UnicodeScalarView(line.text[line.cursor...]))
        let context = input.context(before: before)
        let completion = CompletionEngine(data: ShellCompletionData(shell: shell)).complete(context, after: after)
        switch tab.outcome(completion, before: before, after: after, context: context) {
        case .beep: return UInt8(CC_REFRESH_BEEP)
        case .replace(let count, let text):
            el_deletestr(editLine, Int32(count))
            _ = el_insertstr(editLine, text)
            return UInt8(CC_REFRESH)
        case .list(let candidates): return list(candidates)
        }
    }

    /// The candidates in columns under the line; asks first when there are many.
    private func list(_ candidates: [String]) -> UInt8 {
        let columns = CandidateColumns(candidates, width: Terminal.width(of: terminalFD) ?? 80)
        let drawn = libeditOutput >= 0
        moveBelowLine(extraRow: false)
        var asked = false
        if CandidateColumns.asksFirst(count: candidates.count, rows: columns.rows, height: Terminal.height(of: terminalFD) ?? 24) {
            asked = true
            write((drawn ? "" : "\n") + "Display all \(candidates.count) possibilities? (y or n)")
            drawingSuspended = true
            defer { drawingSuspended = false }
            var answer = false
            while let key = readKey() {
                if [0x79, 0x59, 0x20].contains(key) { answer = true; break }
                if [0x6E, 0x4E, 0x03, 0x07, 0x1B, 0x7F].contains(key) { break }
            }
            guard answer else { write("\n"); return UInt8(CC_REDISPLAY) }
        }
        write((drawn && !asked ? "" : "\n") + columns.text)
        return UInt8(CC_REDISPLAY)
    }

    // MARK: Drawing

    /// Draws the line as it is now (unless drawing is held back).
    func render(final: Bool = false) {
        // Without the pipe (it could not be made) libedit draws the line itself.
        guard libeditOutput >= 0 else { return }
        ringBells()
        guard !drawingSuspended, editLine != nil else { return }
        let line = buffer
        let frame = layout.frame(line, prompt: String(cString: promptText), continuationPrompt: shell.settings.continuationPrompt,
                                 palette: shell.settings.palette, names: highlightNames,
                                 suggestion: final ? nil : editor.suggestion(for: line),
                                 width: Terminal.width(of: terminalFD) ?? 80, height: Terminal.height(of: terminalFD) ?? 24,
                                 final: final)
        write(renderer.draw(frame))
    }

    /// Moves below the line on the screen (before writing under it) and forgets it.
    func leaveFrame() {
        write(renderer.leaveShown())
    }

    /// Moves below the whole line (drawn by sqlsh, or by libedit); `extraRow`: and onto a
    /// row of its own after libedit's drawing.
    private func moveBelowLine(extraRow: Bool) {
        if libeditOutput >= 0 {
            render()
            leaveFrame()
            return
        }
        let line = buffer, prompt = String(cString: promptText), width = Terminal.width(of: terminalFD) ?? 80
        let down = FrameLayout.row(after: prompt + line.string, width: width)
            - FrameLayout.row(after: prompt + String(String.UnicodeScalarView(line.text[..<line.cursor])), width: width)
        fflush(terminalStream)
        if down + (extraRow ? 1 : 0) > 0 { write(String(repeating: "\n", count: down + (extraRow ? 1 : 0))) }
    }

    /// Rings the terminal's bell once for each bell libedit drew into its pipe (its way of
    /// refusing a key), emptying the pipe.
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
        if bells > 0 { write(String(repeating: "\u{07}", count: bells)) }
    }

    /// When libedit draws the line itself: back to the prompt's first row as drawn for
    /// `width` columns, cleared below, for a full redraw (``redraw()``).
    func eraseEditArea(width: Int? = nil) {
        guard libeditOutput < 0 else { return }
        let line = buffer
        let text = String(cString: promptText) + String(String.UnicodeScalarView(line.text[..<line.cursor]))
        let row = FrameLayout.row(after: text, width: width ?? Terminal.width(of: terminalFD) ?? 80)
        fflush(terminalStream)
        write("\r" + (row > 0 ? ControlSequence.up(row) : "") + ControlSequence.eraseBelow)
    }

    /// Draws the prompt and the line afresh where the prompt started.
    func redraw() {
        if libeditOutput >= 0 { render(); return }
        _ = sqlsh_el_refresh(editLine)
        fflush(terminalStream)
    }

    /// Writes on the terminal the line is drawn on.
    func write(_ text: String) {
        if !text.isEmpty { Terminal.write(text, to: terminalFD) }
    }
}

typealias EditorCallback = @convention(c) (OpaquePointer?, Int32) -> UInt8

/// The C function behind each of ``KeyBindings/functions`` (no captures: the source comes
/// through EL_CLIENTDATA).
let editorCallbacks: [String: EditorCallback] = [
    "sqlsh-complete": { el, _ in EditLineSource.from(el)?.complete() ?? UInt8(CC_ERROR) },
    "sqlsh-cancel": { el, _ in EditLineSource.from(el)?.cancelLine() ?? UInt8(CC_ERROR) },
    "sqlsh-search": { el, _ in EditLineSource.from(el)?.searchHistory() ?? UInt8(CC_ERROR) },
    "sqlsh-edit": { el, _ in EditLineSource.from(el)?.editStatement() ?? UInt8(CC_ERROR) },
    "sqlsh-enter": { el, _ in EditLineSource.from(el)?.enter() ?? UInt8(CC_ERROR) },
    "sqlsh-newline": { el, _ in EditLineSource.from(el)?.apply(.insert(["\n"])) ?? UInt8(CC_ERROR) },
    "sqlsh-up": { el, _ in EditLineSource.from(el).map { $0.apply($0.editor.up($0.buffer)) } ?? UInt8(CC_ERROR) },
    "sqlsh-down": { el, _ in EditLineSource.from(el).map { $0.apply($0.editor.down($0.buffer)) } ?? UInt8(CC_ERROR) },
    "sqlsh-right": { el, _ in EditLineSource.from(el).map { $0.apply($0.editor.right($0.buffer)) } ?? UInt8(CC_ERROR) },
    "sqlsh-end": { el, _ in EditLineSource.from(el).map { $0.apply($0.editor.lineEnd($0.buffer)) } ?? UInt8(CC_ERROR) },
    "sqlsh-home": { el, _ in EditLineSource.from(el).map { $0.apply($0.editor.lineStart($0.buffer)) } ?? UInt8(CC_ERROR) },
    "sqlsh-forward-word": { el, _ in EditLineSource.from(el).map { $0.apply($0.editor.forwardWord($0.buffer)) } ?? UInt8(CC_ERROR) },
    "sqlsh-paste": { el, _ in EditLineSource.from(el)?.paste() ?? UInt8(CC_ERROR) },
    "sqlsh-clear": { el, _ in EditLineSource.from(el)?.clearScreen() ?? UInt8(CC_ERROR) },
    // Ctrl-Z (terminal signals are off while editing): stop as the terminal would, the job
    // shell's message under the line; libedit's SIGCONT handler redraws after `fg`.
    "sqlsh-suspend": { el, _ in
        EditLineSource.from(el)?.leaveFrame()
        kill(0, SIGTSTP)
        return UInt8(CC_REDISPLAY)
    },
]
