#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CEditLine
@_spi(RawSQLite) import SQLshCore
import SQLshLineEditor
import SQLshShell

/// Lines typed at a terminal, read through libedit: the adapter between libedit and
/// SQLshLineEditor. libedit edits (emacs keys, or vi from `~/.editrc`) and draws into a pipe
/// nobody sees; sqlsh lays the buffer out (``FrameLayout``) and draws what changed
/// (``FrameRenderer``) each time libedit waits for a key. The keys sqlsh adds
/// (``KeyBindings``) are worked out by ``LineEditor`` and applied here (EditLineSource+Keys).
final class EditLineSource: LineSource {
    let isInteractive = true
    unowned let shell: Shell
    private(set) var editLine: OpaquePointer!
    let history: OpaquePointer
    private let historyPath: String?
    private let indicator: ElapsedIndicator
    private var progressBar: ProgressBar?
    /// The prompt libedit shows (kept alive while libedit may read it).
    var promptText: UnsafeMutablePointer<CChar>
    /// ``promptText`` as libedit draws it on a colour terminal (see ``Palette/libeditPrompt(_:)``).
    private var shownPrompt: (plain: String, shown: UnsafeMutablePointer<CChar>)?
    var input = StatementInput()
    var editor = LineEditor()
    var layout = FrameLayout()
    var renderer = FrameRenderer()
    var tab = TabCompletion()
    var cancelRequested = false
    /// Set by Ctrl-X Ctrl-E when the edited text replaces the statement's earlier lines.
    var editReplacesStatement = false
    /// The needle of the last history search.
    var lastSearch = ""
    /// Whether the key bindings are emacs's (else vi's, from `~/.editrc`).
    private(set) var isEmacs = true
    /// Whether reading the terminal failed (hung up): the input has ended.
    private var inputFailed = false
    /// The terminal width the prompt and line were last drawn for (0: unknown).
    private var drawnWidth = 0
    /// While set (a question under the line, a paste being read), nothing is drawn.
    var drawingSuspended = false
    /// Set before pushing a newline that must end the line whatever the buffer holds.
    var acceptsNextEnter = false
    /// The names the highlighter knows, read at each prompt.
    var highlightNames: HighlightNames?
    /// The read end of the pipe libedit draws into (-1: none, libedit draws on the terminal).
    var libeditOutput: Int32 = -1
    /// The descriptor the line is drawn on (standard output, or standard error when piped).
    let terminalFD: Int32
    /// libedit's output: the pipe, or if it cannot be made a stream of its own on `terminalFD`.
    let terminalStream: UnsafeMutablePointer<FILE>

    init(shell: Shell, terminalFD: Int32 = 1) {
        self.shell = shell
        self.terminalFD = terminalFD
        self.history = history_init()
        self.historyPath = HistoryLocation.standard()
        self.indicator = ElapsedIndicator(colour: shell.settings.colour, write: { Terminal.write($0) },
                                          isInterrupted: { interruptRequested != 0 },
                                          setVisible: { indicatorVisible = $0 ? 1 : 0 }, stillVisible: { indicatorVisible != 0 })
        self.promptText = strdup(shell.settings.prompt)
        var event = HistEvent()
        _ = sqlsh_history_setsize(history, &event, HistoryLocation.capacity)
        _ = sqlsh_history_setunique(history, &event, 1)
        if let historyPath { HistoryFile.load(historyPath, into: history) }
        var reader: Int32 = -1
        if let pipe = sqlsh_discard_stream(&reader) {
            self.terminalStream = pipe
            self.libeditOutput = reader
        } else {
            self.terminalStream = sqlsh_terminal_stream(terminalFD) ?? (terminalFD == 1 ? sqlsh_stdout() : sqlsh_stderr())
        }
        // The terminal's descriptors are given apart from the output stream: libedit checks
        // and sets up the terminal through them.
        editLine = el_init_fd("sqlsh", sqlsh_stdin(), terminalStream, sqlsh_stderr(), 0, terminalFD, 2)
        let el = editLine!
        _ = sqlsh_el_set_clientdata(el, Unmanaged.passUnretained(self).toOpaque())
        _ = sqlsh_el_set_prompt_esc(el, promptCallback, 1)
        _ = sqlsh_el_set_getcfn(el, readCharacterCallback)
        _ = sqlsh_el_set_editor(el, "emacs")
        // libedit handles SIGWINCH (resize) and SIGCONT (redraw after Ctrl-Z) while editing.
        _ = sqlsh_el_set_signal(el, 1)
        _ = sqlsh_el_set_hist(el, history)
        _ = el_source(el, nil)
        // Terminal signals off while editing: Ctrl-C and Ctrl-Z become editor keys.
        _ = sqlsh_el_setty(el, "-d", "-isig")
        isEmacs = (sqlsh_el_get_editor(el).map { String(cString: $0) } ?? "emacs") == "emacs"
        for function in KeyBindings.functions {
            if let callback = editorCallbacks[function.name] { _ = sqlsh_el_add_fn(el, function.name, function.help, callback) }
        }
        for binding in KeyBindings.bindings {
            switch binding.keymap {
            case .always: _ = sqlsh_el_bind(el, binding.sequence, binding.function)
            case .emacs: if isEmacs { _ = sqlsh_el_bind(el, binding.sequence, binding.function) }
            case .viCommand: _ = sqlsh_el_bind_vi(el, binding.sequence, binding.function)
            case .vi: if !isEmacs { _ = sqlsh_el_bind(el, binding.sequence, binding.function) }
            case .viCommandInVi: if !isEmacs { _ = sqlsh_el_bind_vi(el, binding.sequence, binding.function) }
            }
        }
        shell.interruptRequested = { interruptRequested != 0 }
        // Indicators are drawn on standard error, and only when it is a terminal.
        if isatty(2) == 1 {
            shell.willPrintRows = { [unowned self] in self.indicator.rowsArrived() }
            let bar = ProgressBar(write: { Terminal.write($0) }, width: { Terminal.width(of: 2) })
            shell.progress = { done, total in bar.update(done: done, total: total) }
            indicator.isSuppressed = { bar.isRunning }
            shell.reportsScanProgress = true
            indicator.scanFraction = { [unowned shell] in shell.scanFraction }
            self.progressBar = bar
            // Errors and messages written while they are shown start on a clean line.
            let indicator = self.indicator
            let erase = { indicator.hide(); bar.hide() }
            shell.err.willWriteOut = erase
            shell.standardOutput.willWriteOut = erase
        }
    }

    deinit {
        el_end(editLine)
        if terminalStream != sqlsh_stdout() && terminalStream != sqlsh_stderr() { fclose(terminalStream) }
        if libeditOutput >= 0 { close(libeditOutput) }
        history_end(history)
        free(promptText)
        if let shownPrompt { free(shownPrompt.shown) }
    }

    /// The prompt as libedit is to draw it: ``promptText``, coloured when colour is on.
    fileprivate func promptToDraw() -> UnsafeMutablePointer<CChar> {
        guard shell.settings.colour else { return promptText }
        let plain = String(cString: promptText)
        if let shownPrompt, shownPrompt.plain == plain { return shownPrompt.shown }
        if let shownPrompt { free(shownPrompt.shown) }
        let made = strdup(shell.settings.palette.libeditPrompt(plain)) ?? promptText
        shownPrompt = made == promptText ? nil : (plain, made)
        return made
    }

    static func from(_ el: OpaquePointer?) -> EditLineSource? {
        guard let el, let data = sqlsh_el_get_clientdata(el) else { return nil }
        return Unmanaged<EditLineSource>.fromOpaque(data).takeUnretainedValue()
    }

    // MARK: LineSource

    func readLine(prompt: String) -> [UInt8]? {
        if let line = input.nextQueued() { return line }
        shell.out.flush()
        shell.standardOutput.flush()
        if strcmp(promptText, prompt) != 0 {
            free(promptText)
            promptText = strdup(prompt)
        }
        interruptRequested = 0
        cancelRequested = false
        acceptsNextEnter = false
        tab.reset()
        drawnWidth = Terminal.width(of: terminalFD) ?? 0
        prepareForPrompt()
        var count: Int32 = 0
        let read = el_gets(editLine, &count)
        if read != nil && count > 0 {
            render(final: true)
            leaveFrame()
        } else {
            ringBells()
            renderer.forget()
        }
        if pastesBracketed { Terminal.write(ControlSequence.bracketedPasteOff, to: terminalFD) }
        guard let line = read, count > 0 else {
            if count < 0 && !inputFailed {
                // A read interrupted by a signal: treat like Ctrl-C.
                Terminal.write("\n", to: terminalFD)
                return input.cancel()
            }
            // Ctrl-D on an empty line, or the terminal went away (the shell ends the line).
            return nil
        }
        if cancelRequested { return input.cancel() }
        let bytes = Array(UnsafeRawBufferPointer(start: line, count: Int(count)))
        if editReplacesStatement {
            // The edited statement replaces the lines already given: drop them (as Ctrl-C
            // does), then give the new text line by line.
            editReplacesStatement = false
            return input.replaceStatement(with: bytes)
        }
        return input.take(bytes)
    }

    /// Whether the terminal is asked to mark pastes: emacs keys only (in vi's insert mode the
    /// marker's Escape would switch modes), and only where colour is allowed (`NO_COLOR` or
    /// TERM=dumb ask for plain output: no escape sequences at all).
    var pastesBracketed: Bool { libeditOutput >= 0 && isEmacs && shell.settings.colour }

    /// Before each prompt: the names to highlight and the history to suggest from, read
    /// afresh; bracketed paste on.
    private func prepareForPrompt() {
        renderer.forget()
        layout.reset()
        editor.history.reset(entries: [])
        guard libeditOutput >= 0 else { return }
        editor.suggests = shell.settings.palette.highlights
        highlightNames = editor.suggests ? HighlightNames.from(ShellCompletionData(shell: shell)) : nil
        if pastesBracketed { Terminal.write(ControlSequence.bracketedPasteOn, to: terminalFD) }
        editor.history.reset(entries: HistoryFile.entries(of: history).map { Array($0.unicodeScalars) })
    }

    /// `.edit`'s result: shown as if typed at the prompt, then read line by line.
    func insertInput(_ text: String) -> Bool {
        let shown = input.insert(text, prompt: shell.settings.prompt, continuationPrompt: shell.settings.continuationPrompt)
        shell.out.flush()
        shell.standardOutput.flush()
        Terminal.write(shown, to: terminalFD)
        return true
    }

    func takeCancellation() -> Bool { input.takeCancellation() }

    func inputCompleted(_ entry: [UInt8]) {
        input.completed()
        let entry = String(decoding: entry, as: UTF8.self)
        guard !entry.isEmpty else { return }
        var event = HistEvent()
        _ = sqlsh_history_enter(history, &event, entry)
        if let historyPath { HistoryFile.append(entry, to: historyPath) }
    }

    func willRun() {
        if let (width, height) = Terminal.size(of: 1) {
            shell.settings.terminalWidth = width
            shell.settings.terminalHeight = height
        }
        // interruptRequested is not cleared here: a Ctrl-C pressed right after Enter must stop
        // this input (the progress handler sees the flag at its first call).
        interruptTarget = shell.connection.handle
        if !shell.progressCommandActive && isatty(2) == 1 { indicator.start(on: shell.connection) }
    }

    func didRun() {
        interruptTarget = nil
        indicator.stop()
        progressBar?.reset()
        shell.out.flush()
        if interruptRequested != 0 { interruptRequested = 0 }
    }

    // MARK: Reading keys

    /// libedit's character reader (`EL_GETCFN`): one character from standard input, the line
    /// drawn first when no key is waiting, and drawn afresh after a change of width. Returns
    /// 1, 0 at end of input, -1 on error.
    func readCharacter(_ character: UnsafeMutablePointer<wchar_t>) -> Int32 {
        // Drawn when libedit has handled every key typed so far (and always at first, for the
        // prompt): a paste or fast typing is drawn once, not per key.
        if libeditOutput >= 0 {
            if renderer.shown == nil || Terminal.pendingInput() == 0 { render() } else { ringBells() }
        }
        var decoder = UTF8KeyDecoder()
        while true {
            var poller = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
            // Woken by a key, by a signal (libedit's SIGWINCH handler), or every quarter of a
            // second, to notice a resize whose signal went elsewhere.
            let ready = poll(&poller, 1, 250)
            var byte: UInt8 = 0
            let n = ready > 0 ? read(0, &byte, 1) : -1
            if n == 0 { inputFailed = true; return 0 }
            if n < 0 {
                if ready < 0 && errno != EINTR || ready > 0 && errno != EINTR && errno != EAGAIN {
                    inputFailed = true
                    return -1
                }
                // SIGINT from outside (kill -INT): cancel the line as Ctrl-C does.
                if interruptRequested != 0 { return -1 }
                redrawIfResized()
                continue
            }
            if let key = decoder.add(byte) {
                character.pointee = wchar_t(bitPattern: key)
                return 1
            }
        }
    }

    /// After a change of the terminal's width: the line drawn afresh from the prompt's row.
    private func redrawIfResized() {
        guard let width = Terminal.width(of: terminalFD), width != drawnWidth else { return }
        let old = drawnWidth
        drawnWidth = width
        guard old > 0, el_line(editLine) != nil else { return }
        el_resize(editLine)
        if libeditOutput >= 0 {
            write(renderer.eraseShown(reflowedTo: Terminal.reflowsLines ? width : nil))
            render()
            return
        }
        eraseEditArea(width: old)
        _ = sqlsh_el_refresh(editLine)
    }

    /// The next key within `milliseconds` (an escape sequence's next byte), or nil.
    func readKey(within milliseconds: Int32) -> UInt32? {
        var poller = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, milliseconds) > 0 else { return nil }
        return readKey()
    }

    /// The next key (a Unicode scalar), or nil at the end of input.
    func readKey() -> UInt32? {
        var character: wchar_t = 0
        guard readCharacter(&character) == 1 else { return nil }
        return UInt32(bitPattern: character)
    }
}

// C callbacks: no captures; the source comes through EL_CLIENTDATA.

private let promptCallback: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>? = { el in
    EditLineSource.from(el)?.promptToDraw()
}

private let readCharacterCallback: @convention(c) (OpaquePointer?, UnsafeMutablePointer<wchar_t>?) -> Int32 = { el, character in
    guard let source = EditLineSource.from(el), let character else { return -1 }
    return source.readCharacter(character)
}
