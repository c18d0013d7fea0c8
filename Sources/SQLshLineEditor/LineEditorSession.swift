import SQLshShell

/// The line editor at the prompt, over an ``EditorBackend`` (libedit in the executable):
/// the lines given to the shell, the prompt, and drawing. libedit edits and draws into a pipe
/// nobody sees; this lays the buffer out (``FrameLayout``) and draws what changed
/// (``FrameRenderer``) each time libedit waits for a key. The keys sqlsh adds are in
/// LineEditorSession+Keys.swift.
public final class LineEditorSession {
    unowned let shell: Shell
    /// libedit and the terminal (held weakly: the adapter owns this session).
    public weak var backend: EditorBackend?
    /// The prompt shown now (the search's while searching).
    public internal(set) var prompt = ""
    var input = StatementInput()
    var editor = LineEditor()
    var layout = FrameLayout()
    var renderer = FrameRenderer()
    var tab = TabCompletion()
    /// Set by Ctrl-C: the line ends and is discarded.
    public internal(set) var cancelRequested = false
    /// Set by Ctrl-X Ctrl-E when the edited text replaces the statement's earlier lines.
    var editReplacesStatement = false
    /// The needle of the last history search.
    public internal(set) var lastSearch = ""
    /// Set before pushing a newline that must end the line whatever the buffer holds.
    var acceptsNextEnter = false
    /// While set (a question under the line, a paste being read), nothing is drawn.
    var drawingSuspended = false
    /// The names the highlighter knows, read at each prompt.
    var highlightNames: HighlightNames?
    /// The terminal width the line was last drawn for (0: unknown).
    private var drawnWidth = 0

    /// A session for `shell`; ``backend`` is set by the adapter.
    public init(shell: Shell) {
        self.shell = shell
        self.prompt = shell.settings.prompt
    }

    /// Whether the terminal is asked to mark pastes: emacs keys only (in vi's insert mode the
    /// marker's Escape would switch modes), and only where colour is allowed (`NO_COLOR` or
    /// TERM=dumb ask for plain output: no escape sequences at all).
    public var pastesBracketed: Bool {
        guard let backend else { return false }
        return !backend.drawsLineItself && backend.isEmacs && shell.settings.colour
    }

    /// The next line of a multi-line buffer or an edited statement still to give, or nil.
    public func nextQueuedLine() -> [UInt8]? { input.nextQueued() }

    /// Reads a line: the next queued line, else `gets` (libedit's `el_gets`: the bytes read,
    /// or nil and whether the input ended, Ctrl-D or a hang-up, rather than a signal
    /// interrupting the read) after setting up the prompt. Returns the line for the shell
    /// (empty after Ctrl-C), nil at the end.
    public func readLine(prompt: String, gets: () -> (line: [UInt8]?, ended: Bool)) -> [UInt8]? {
        if let line = input.nextQueued() { return line }
        guard let backend else { return nil }
        self.prompt = prompt
        cancelRequested = false
        acceptsNextEnter = false
        tab.reset()
        drawnWidth = backend.terminalWidth() ?? 0
        renderer.forget()
        layout.reset()
        editor.history.reset(entries: [])
        if !backend.drawsLineItself {
            editor.suggests = shell.settings.palette.highlights
            highlightNames = editor.suggests ? HighlightNames.from(ShellCompletionData(shell: shell)) : nil
            if pastesBracketed { backend.write(ControlSequence.bracketedPasteOn) }
            editor.history.reset(entries: backend.historyEntries().map { Array($0.unicodeScalars) })
        }
        let (read, ended) = gets()
        if read != nil {
            render(final: true)
            leaveFrame()
        } else {
            backend.ringBells()
            renderer.forget()
        }
        if pastesBracketed { backend.write(ControlSequence.bracketedPasteOff) }
        guard let bytes = read else {
            if !ended {
                // A read interrupted by a signal: treat like Ctrl-C.
                backend.write("\n")
                return input.cancel()
            }
            // Ctrl-D on an empty line, or the terminal went away (the shell ends the line).
            return nil
        }
        if cancelRequested { return input.cancel() }
        if editReplacesStatement {
            // The edited statement replaces the lines already given.
            editReplacesStatement = false
            return input.replaceStatement(with: bytes)
        }
        return input.take(bytes)
    }

    /// `.edit`'s result: returns it as shown as if typed at the prompt; it is then read line
    /// by line.
    public func insertInput(_ text: String) -> String {
        input.insert(text, prompt: shell.settings.prompt, continuationPrompt: shell.settings.continuationPrompt)
    }

    /// Whether the input was cancelled since the last call.
    public func takeCancellation() -> Bool { input.takeCancellation() }

    /// The statement ended.
    public func inputCompleted() { input.completed() }

    // MARK: Drawing

    /// Before libedit reads a key: the line is drawn when every key typed so far was handled
    /// (and always at first, for the prompt), so a paste or fast typing is drawn once.
    public func willReadKey() {
        guard let backend, !backend.drawsLineItself else { return }
        if renderer.shown == nil || backend.pendingInput() == 0 { render() } else { backend.ringBells() }
    }

    /// While waiting for a key: after a change of the terminal's width, the line is drawn
    /// afresh from the prompt's first row (worked out with the old width).
    public func redrawIfResized() {
        guard let backend, let width = backend.terminalWidth(), width != drawnWidth else { return }
        let old = drawnWidth
        drawnWidth = width
        guard old > 0 else { return }
        backend.resize()
        if !backend.drawsLineItself {
            backend.write(renderer.eraseShown(reflowedTo: backend.reflowsLines ? width : nil))
            render()
            return
        }
        eraseEditArea(width: old)
        backend.refreshLibedit()
    }

    /// Draws the line as it is now (unless drawing is held back).
    func render(final: Bool = false) {
        guard let backend, !backend.drawsLineItself else { return }
        backend.ringBells()
        guard !drawingSuspended else { return }
        let line = backend.buffer
        let frame = layout.frame(line, prompt: prompt, continuationPrompt: shell.settings.continuationPrompt,
                                 palette: shell.settings.palette, names: highlightNames,
                                 suggestion: final ? nil : editor.suggestion(for: line),
                                 width: backend.terminalWidth() ?? 80, height: backend.terminalHeight() ?? 24,
                                 final: final)
        write(renderer.draw(frame))
    }

    /// Moves below the line on the screen (before writing under it) and forgets it.
    public func leaveFrame() {
        write(renderer.leaveShown())
    }

    /// Moves below the whole line (drawn here, or by libedit); `extraRow`: and onto a row of
    /// its own after libedit's drawing.
    func moveBelowLine(extraRow: Bool) {
        guard let backend else { return }
        if !backend.drawsLineItself {
            render()
            leaveFrame()
            return
        }
        let line = backend.buffer, width = backend.terminalWidth() ?? 80
        let down = FrameLayout.row(after: prompt + line.string, width: width)
            - FrameLayout.row(after: prompt + line.beforeCursor, width: width) + (extraRow ? 1 : 0)
        backend.flushLibedit()
        if down > 0 { write(String(repeating: "\n", count: down)) }
    }

    /// When libedit draws the line itself: back to the prompt's first row as drawn for
    /// `width` columns, cleared below, for a full redraw (``redraw()``).
    func eraseEditArea(width: Int? = nil) {
        guard let backend, backend.drawsLineItself else { return }
        let row = FrameLayout.row(after: prompt + backend.buffer.beforeCursor, width: width ?? backend.terminalWidth() ?? 80)
        backend.flushLibedit()
        write("\r" + (row > 0 ? ControlSequence.up(row) : "") + ControlSequence.eraseBelow)
    }

    /// Draws the prompt and the line afresh where the prompt started.
    func redraw() {
        guard let backend else { return }
        if !backend.drawsLineItself { render(); return }
        backend.refreshLibedit()
    }

    func write(_ text: String) {
        if !text.isEmpty { backend?.write(text) }
    }
}
