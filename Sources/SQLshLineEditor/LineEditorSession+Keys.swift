import SQLshShell

/// The editor functions of ``KeyBindings``: the buffer read from the backend, the key worked
/// out by ``LineEditor``, ``HistorySearch``, ``TabCompletion``..., the result applied.
extension LineEditorSession {
    /// Runs the editor function `name` (one of ``KeyBindings/functions``).
    public func perform(_ name: String) -> EditorResult {
        guard let backend else { return .error }
        switch name {
        case "sqlsh-complete": return complete()
        case "sqlsh-cancel": return cancelLine()
        case "sqlsh-search": return searchHistory()
        case "sqlsh-edit": return editStatement()
        case "sqlsh-enter": return enter()
        case "sqlsh-newline": return apply(.insert(["\n"]))
        case "sqlsh-up": return apply(editor.up(backend.buffer))
        case "sqlsh-down": return apply(editor.down(backend.buffer))
        case "sqlsh-right": return apply(editor.right(backend.buffer))
        case "sqlsh-end": return apply(editor.lineEnd(backend.buffer))
        case "sqlsh-home": return apply(editor.lineStart(backend.buffer))
        case "sqlsh-forward-word": return apply(editor.forwardWord(backend.buffer))
        case "sqlsh-paste": return paste()
        case "sqlsh-clear":
            // Ctrl-L: clear the screen, the line drawn again at the top.
            renderer.forget()
            write(ControlSequence.clearScreen)
            return .refresh
        default: return .error
        }
    }

    /// Applies an action to the backend's buffer.
    func apply(_ action: EditorAction) -> EditorResult {
        guard let backend else { return .error }
        switch action {
        case .moveCursor(let offset): backend.moveCursor(by: offset - backend.buffer.cursor)
        case .insert(let text): if !text.isEmpty { backend.insert(String(String.UnicodeScalarView(text))) }
        case .replace(let text): setLine(EditBuffer(text))
        case .beep: return .refreshBeep
        case .acceptLine: return .newline
        }
        return .refresh
    }

    /// Replaces the backend's buffer (nothing is drawn).
    func setLine(_ line: EditBuffer) {
        guard let backend else { return }
        let current = backend.buffer
        backend.moveCursor(by: current.text.count - current.cursor)
        backend.delete(current.text.count)
        backend.insert(line.string)
        if line.cursor < line.text.count { backend.moveCursor(by: line.cursor - line.text.count) }
    }

    /// Enter: runs a complete input, else starts a new line.
    func enter() -> EditorResult {
        guard let backend else { return .error }
        if acceptsNextEnter || cancelRequested {
            acceptsNextEnter = false
            return .newline
        }
        return apply(LineEditor.enter(backend.buffer, earlierLines: input.lines))
    }

    /// Bracketed paste: the text up to the end marker goes into the buffer, nothing runs.
    func paste() -> EditorResult {
        drawingSuspended = true
        defer { drawingSuspended = false }
        var pasted = PastedText()
        while let key = backend?.readKey(), !pasted.add(key) {}
        return apply(.insert(pasted.text))
    }

    /// Ctrl-C: end the line and have it discarded, showing `^C` after the typed text.
    func cancelLine() -> EditorResult {
        guard let backend else { return .error }
        cancelRequested = true
        let line = backend.buffer
        backend.moveCursor(by: line.text.count - line.cursor)
        backend.insert("^C")
        backend.push("\n")
        return .refresh
    }

    /// Ctrl-R (see ``HistorySearch``).
    func searchHistory() -> EditorResult {
        guard let backend else { return .error }
        var search = HistorySearch(entries: backend.historyEntries(), original: backend.buffer, lastSearch: lastSearch)
        let savedPrompt = prompt
        func show(_ shown: String) {
            eraseEditArea()
            prompt = shown
            setLine(search.line)
            redraw()
        }
        show(search.prompt)
        while true {
            guard case .leave(let then) = search.handle(backend.readKey()) else { show(search.prompt); continue }
            show(savedPrompt)
            lastSearch = search.lastSearch
            switch then {
            case .nothing: break
            case .interrupt: backend.push("\u{03}")
            case .enter:
                acceptsNextEnter = true
                backend.push("\n")
            case .key(let scalar): backend.push(String(Character(scalar)))
            case .escapeSequence:
                // Escape alone leaves the search; an escape sequence (an arrow key, Home, End)
                // is then handled as usual: read up to its final byte.
                var sequence = "\u{1B}"
                if let next = backend.readKey(within: 50) {
                    if next < 0x20 || next == 0x7F {
                        // A control key right after Escape (Ctrl-C, Ctrl-G, Enter) is a key of
                        // its own, not Meta and that key: Ctrl-C cancels the line left.
                        backend.push(String(Character(Unicode.Scalar(next) ?? "?")))
                        return .refresh
                    }
                    sequence.unicodeScalars.append(Unicode.Scalar(next) ?? "?")
                    if next == 0x5B || next == 0x4F {  // CSI or SS3
                        while let byte = backend.readKey(within: 50) {
                            sequence.unicodeScalars.append(Unicode.Scalar(byte) ?? "?")
                            if byte >= 0x40 && byte <= 0x7E { break }
                        }
                    }
                    backend.push(sequence)
                }
            }
            return .refresh
        }
    }

    /// Ctrl-X Ctrl-E: the statement (its earlier lines included) in `$VISUAL` or `$EDITOR`
    /// (see ``ExternalEditor``); saved changed, it is shown and run at once; unchanged, it
    /// comes back on the line; emptied, the input is discarded; an editor that fails leaves
    /// the line as it was, with its message.
    func editStatement() -> EditorResult {
        guard let backend else { return .error }
        let text = input.context(before: backend.buffer.string)
        // The editor gets the terminal in its usual mode, below the line being edited.
        moveBelowLine(extraRow: true)
        backend.prepareTerminal(forEditing: false)
        let outcome = ExternalEditor.edit(text)
        backend.prepareTerminal(forEditing: true)
        switch outcome {
        case .edited(let edited):
            editReplacesStatement = !input.lines.isEmpty
            // Shown as a statement of its own, under the main prompt.
            if editReplacesStatement { prompt = shell.settings.prompt }
            setLine(EditBuffer(edited))
            acceptsNextEnter = true
            backend.push("\n")
        case .unchanged: break
        case .emptied:
            setLine(EditBuffer())
            // The earlier lines are gone too: the input is discarded, as with Ctrl-C.
            if !input.lines.isEmpty {
                cancelRequested = true
                backend.push("\n")
            }
        case .failed(let message): write("Error: \(message)\n")
        }
        // Drawn again from where the cursor is now, on a row of its own.
        return .redisplay
    }

    /// Tab (see ``TabCompletion``). A pasted tab (more input already waiting) is text.
    func complete() -> EditorResult {
        guard let backend else { return .error }
        if backend.pendingInput() > 0 { return apply(.insert(["\t"])) }
        let line = backend.buffer
        let context = input.context(before: line.beforeCursor)
        let completion = CompletionEngine(data: ShellCompletionData(shell: shell)).complete(context, after: line.afterCursor)
        switch tab.outcome(completion, before: line.beforeCursor, after: line.afterCursor, context: context) {
        case .beep: return .refreshBeep
        case .replace(let count, let text):
            backend.delete(count)
            backend.insert(text)
            return .refresh
        case .list(let candidates):
            // In an expression the statement's columns come first (then functions, keywords,
            // tables): the list is cut to what fits the screen rather than asked about.
            let kinds = Set(completion.candidates.map(\.kind))
            return list(candidates, fitting: completion.candidates.first?.kind == .column && kinds.count > 1)
        }
    }

    /// Prints the candidates in columns under the line; with more than 100, or more than fit
    /// on the screen, asks first (`Display all 312 possibilities? (y or n)`), as readline does.
    /// `fitting`: candidates ranked by relevance, of which only the first that fit the screen
    /// are shown, with a line saying how many more there are.
    private func list(_ candidates: [String], fitting: Bool = false) -> EditorResult {
        guard let backend else { return .error }
        let width = backend.terminalWidth() ?? 80, height = backend.terminalHeight() ?? 24
        var columns = CandidateColumns(candidates, width: width)
        var more = ""
        let long = CandidateColumns.asksFirst(count: candidates.count, rows: columns.rows, height: height)
        let fitted = fitting && long
        if fitted {
            let fit = CandidateColumns.fitting(candidates, width: width, rows: max(1, height - 4))
            columns = fit.columns
            if fit.shown < candidates.count {
                more = "… \(candidates.count - fit.shown) more: type a letter or two to narrow the list\n"
            }
        }
        let drawn = !backend.drawsLineItself
        // Under a statement of several lines, the list goes below it and the cursor back into
        // it (drawing the statement again under the list would leave a copy on the screen at
        // each Tab).
        if drawn, backend.buffer.text.contains("\n"), !long || fitted {
            render()
            let rows = columns.rows + (more.isEmpty ? 0 : 1)
            if let shown = renderer.shown, shown.rowCount + rows + 1 < height {
                write(renderer.writeBelow(columns.text + more, rows: rows))
                return .refresh
            }
        }
        moveBelowLine(extraRow: false)
        var asked = false
        if long && !fitted {
            asked = true
            write((drawn ? "" : "\n") + "Display all \(candidates.count) possibilities? (y or n)")
            drawingSuspended = true
            defer { drawingSuspended = false }
            var answer = false
            while let key = backend.readKey() {
                if [0x79, 0x59, 0x20].contains(key) { answer = true; break }
                if [0x6E, 0x4E, 0x03, 0x07, 0x1B, 0x7F].contains(key) { break }
            }
            guard answer else {
                write("\n")
                return .redisplay
            }
        }
        write((drawn && !asked ? "" : "\n") + columns.text + more)
        return .redisplay
    }
}
