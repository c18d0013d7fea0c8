#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CEditLine
@_spi(RawSQLite) import SQLshCore
import SQLshShell

/// Lines typed at a terminal, read through libedit: prompts, emacs keys (or vi from
/// `~/.editrc`), history with one entry per statement, Tab completion, Ctrl-C that discards
/// the typed input, Ctrl-Z, and Ctrl-D on an empty line to leave.
///
/// libedit edits; sqlsh draws (see EditLineSource+Drawing.swift): libedit's own output goes
/// to a pipe, and the buffer is drawn with colours, a suggestion from history and the
/// matching bracket each time libedit waits for a key. A statement of several lines is one
/// buffer (EditLineSource+Keys.swift): Enter runs it when complete, else adds a line.
final class EditLineSource: LineSource {
    let isInteractive = true
    unowned let shell: Shell
    private(set) var editLine: OpaquePointer!
    let history: OpaquePointer
    private let historyFile: HistoryFile?
    private let indicator: ElapsedIndicator
    private var progressBar: ProgressBar?
    /// The prompt libedit shows (kept alive while libedit may read it).
    var promptText: UnsafeMutablePointer<CChar>
    /// What libedit draws for ``promptText`` on a colour terminal: the text in bold green (but
    /// its last character), the
    /// escape sequences between `\u{1}` markers (EL_PROMPT_ESC), so libedit does not count them
    /// as columns. ``promptText`` stays plain: the redraw arithmetic measures it.
    private var shownPrompt: (plain: String, shown: UnsafeMutablePointer<CChar>)?
    /// Lines of a multi-line entry recalled from history, returned one by one.
    private var queued: [[UInt8]] = []
    /// Lines of the statement being typed, for completion context.
    var statementLines: [String] = []
    var cancelRequested = false
    /// Set by Ctrl-X Ctrl-E when the edited text replaces a statement of several lines whose
    /// earlier lines the shell already has: those are discarded and the new text read instead.
    var editReplacesStatement = false
    /// The needle of the last history search (Ctrl-R twice searches for it again).
    var lastSearch = ""
    private var cancelled = false
    /// The line and cursor of the last Tab that could not complete further: a second Tab
    /// there lists the candidates.
    fileprivate var lastTab: [UInt8]? = nil
    /// Whether the key bindings are emacs's (else vi's, from `~/.editrc`).
    private(set) var isEmacs = true
    /// Whether reading the terminal failed (hung up): the input has ended.
    private var inputFailed = false
    /// The terminal width the prompt and line were last drawn for (0: unknown).
    private var drawnWidth = 0
    /// What is on the screen of the line being edited.
    var renderer = LineRenderer()
    /// The first row of the buffer's layout on the screen when it is taller than the screen.
    var viewportTop = 0
    /// While set (a question under the line, a paste being read), nothing is drawn.
    var drawingSuspended = false
    /// Set before pushing a newline that must end the line whatever the buffer holds (a
    /// history search's Enter, an edited statement).
    var acceptsNextEnter = false
    /// The names the highlighter knows, read at each prompt.
    var highlightNames: HighlightNames?
    /// History entries as Unicode scalars, newest first, read at each prompt.
    var historyScalars: [[Unicode.Scalar]] = []
    /// The history entry Up and Down have put in the buffer (0: newest), nil for the line
    /// being typed, kept meanwhile in ``savedLine``.
    var historyIndex: Int?
    var savedLine: [Unicode.Scalar] = []
    /// The read end of the pipe libedit draws into (-1: none, libedit draws on the terminal).
    var libeditOutput: Int32 = -1

    /// The descriptor libedit draws on (standard output, or standard error when standard
    /// output is piped).
    let terminalFD: Int32
    /// libedit's output: a pipe nobody sees but for its bells (sqlsh draws the line itself);
    /// if the pipe cannot be made, a buffered stream of its own on `terminalFD`.
    let terminalStream: UnsafeMutablePointer<FILE>

    init(shell: Shell, terminalFD: Int32 = 1) {
        self.shell = shell
        self.terminalFD = terminalFD
        self.history = history_init()
        self.historyFile = HistoryFile.standard()
        self.indicator = ElapsedIndicator(colour: shell.settings.colour)
        self.promptText = strdup(shell.settings.prompt)

        var event = HistEvent()
        _ = sqlsh_history_setsize(history, &event, HistoryFile.capacity)
        _ = sqlsh_history_setunique(history, &event, 1)
        historyFile?.load(into: history)

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
        _ = sqlsh_el_add_fn(el, "sqlsh-complete", "Complete SQL, names and dot-commands", completeCallback)
        _ = sqlsh_el_add_fn(el, "sqlsh-cancel", "Discard the input being typed", cancelCallback)
        _ = sqlsh_el_add_fn(el, "sqlsh-suspend", "Suspend the shell", suspendCallback)
        _ = sqlsh_el_bind(el, "^I", "sqlsh-complete")
        _ = sqlsh_el_bind(el, "^C", "sqlsh-cancel")
        _ = sqlsh_el_bind(el, "^Z", "sqlsh-suspend")
        _ = sqlsh_el_add_fn(el, "sqlsh-search", "Search history backwards as you type", searchCallback)
        _ = sqlsh_el_add_fn(el, "sqlsh-edit", "Edit the statement in $VISUAL or $EDITOR, then run it", editCallback)
        _ = sqlsh_el_bind(el, "^R", "sqlsh-search")
        _ = sqlsh_el_bind(el, "^X^E", "sqlsh-edit")
        // Home, End and Delete as terminals other than xterm send them (xterm's own forms
        // come from the terminal description). Emacs keys only: in vi's insert mode Escape
        // must stay the way to command mode.
        let editor = sqlsh_el_get_editor(el).map { String(cString: $0) } ?? "emacs"
        isEmacs = editor == "emacs"
        for (name, help, function) in [
            ("sqlsh-enter", "Run a complete input, else start a new line", enterCallback),
            ("sqlsh-newline", "Start a new line in the input", newlineCallback),
            ("sqlsh-up", "Move to the line above, else to the previous history entry", upCallback),
            ("sqlsh-down", "Move to the line below, else to the next history entry", downCallback),
            ("sqlsh-right", "Take the suggestion, else move right", rightCallback),
            ("sqlsh-end", "Take the suggestion, else move to the end of the line", endCallback),
            ("sqlsh-home", "Move to the start of the line", homeCallback),
            ("sqlsh-forward-word", "Take a word of the suggestion, else move past the next word", forwardWordCallback),
            ("sqlsh-paste", "Insert pasted text without running it", pasteCallback),
            ("sqlsh-clear", "Clear the screen", clearCallback),
        ] as [(String, String, @convention(c) (OpaquePointer?, Int32) -> UInt8)] {
            _ = sqlsh_el_add_fn(el, name, help, function)
        }
        _ = sqlsh_el_bind(el, "^M", "sqlsh-enter")
        _ = sqlsh_el_bind(el, "^J", "sqlsh-enter")
        _ = sqlsh_el_bind(el, "^L", "sqlsh-clear")
        // Keys that start with Escape: emacs only, as in vi's insert mode Escape must stay the
        // way to command mode (libedit would wait for the rest of a sequence).
        for (key, function) in !isEmacs ? [] : [
            ("\\e[1~", "sqlsh-home"), ("\\e[7~", "sqlsh-home"), ("\\e[H", "sqlsh-home"), ("\\eOH", "sqlsh-home"), ("^A", "sqlsh-home"),
            ("\\e[4~", "sqlsh-end"), ("\\e[8~", "sqlsh-end"), ("\\e[F", "sqlsh-end"), ("\\eOF", "sqlsh-end"), ("^E", "sqlsh-end"),
            ("\\e[3~", "ed-delete-next-char"),
            ("\\e[A", "sqlsh-up"), ("\\eOA", "sqlsh-up"), ("^P", "sqlsh-up"),
            ("\\e[B", "sqlsh-down"), ("\\eOB", "sqlsh-down"), ("^N", "sqlsh-down"),
            ("\\e[C", "sqlsh-right"), ("\\eOC", "sqlsh-right"), ("^F", "sqlsh-right"),
            ("\\ef", "sqlsh-forward-word"), ("\\eF", "sqlsh-forward-word"),
            ("\\e[1;5C", "sqlsh-forward-word"), ("\\e[1;3C", "sqlsh-forward-word"),
            ("\\e[1;5D", "ed-prev-word"), ("\\e[1;3D", "ed-prev-word"),
            ("\\e^M", "sqlsh-newline"), ("\\e^J", "sqlsh-newline"),
            ("\\e[200~", "sqlsh-paste"),
        ] {
            _ = sqlsh_el_bind(el, key, function)
        }
        _ = sqlsh_el_bind_vi(el, "^C", "sqlsh-cancel")
        _ = sqlsh_el_bind_vi(el, "^Z", "sqlsh-suspend")
        // vi's command mode: Enter as in insert mode, k and j through the buffer's lines first;
        // in insert mode Ctrl-F takes the suggestion (Right starts with Escape there).
        if !isEmacs {
            _ = sqlsh_el_bind(el, "^F", "sqlsh-right")
            _ = sqlsh_el_bind_vi(el, "^M", "sqlsh-enter")
            _ = sqlsh_el_bind_vi(el, "^J", "sqlsh-enter")
            _ = sqlsh_el_bind_vi(el, "k", "sqlsh-up")
            _ = sqlsh_el_bind_vi(el, "j", "sqlsh-down")
            _ = sqlsh_el_bind_vi(el, "^L", "sqlsh-clear")
        }

        shell.interruptRequested = { interruptRequested != 0 }
        // Indicators are drawn on standard error, and only when it is a terminal.
        if isatty(2) == 1 {
            shell.willPrintRows = { [unowned self] in self.indicator.rowsArrived() }
            let bar = ProgressBar()
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

    fileprivate static func from(_ el: OpaquePointer?) -> EditLineSource? {
        guard let el, let data = sqlsh_el_get_clientdata(el) else { return nil }
        return Unmanaged<EditLineSource>.fromOpaque(data).takeUnretainedValue()
    }

    // MARK: LineSource

    func readLine(prompt: String) -> [UInt8]? {
        if !queued.isEmpty { return remember(queued.removeFirst()) }
        shell.out.flush()
        shell.standardOutput.flush()
        if strcmp(promptText, prompt) != 0 {
            free(promptText)
            promptText = strdup(prompt)
        }
        interruptRequested = 0
        cancelRequested = false
        acceptsNextEnter = false
        lastTab = nil
        drawnWidth = Terminal.width(of: terminalFD) ?? 0
        prepareForPrompt()
        var count: Int32 = 0
        let read = el_gets(editLine, &count)
        if read != nil && count > 0 {
            render(final: true)
            leaveFrame()
        } else {
            ringBells()
            forgetFrame()
        }
        if pastesBracketed { Terminal.write(ControlSequence.bracketedPasteOff, to: terminalFD) }
        guard let line = read, count > 0 else {
            if count < 0 && !inputFailed {
                // A read interrupted by a signal: treat like Ctrl-C.
                Terminal.write("\n", to: terminalFD)
                return cancel()
            }
            // Ctrl-D on an empty line, or the terminal went away (the shell ends the line).
            return nil
        }
        if cancelRequested { return cancel() }
        var bytes = Array(UnsafeRawBufferPointer(start: line, count: Int(count)))
        if bytes.last == 10 { bytes.removeLast() }
        var lines = bytes.split(separator: 10, omittingEmptySubsequences: false).map(Array.init)
        if editReplacesStatement {
            // The edited statement replaces the lines already given: drop them (as Ctrl-C
            // does), then give the new text line by line.
            editReplacesStatement = false
            _ = cancel()
            queued = lines
            return []
        }
        let first = lines.removeFirst()
        queued = lines
        return remember(first)
    }

    /// Whether the terminal is asked to mark pastes: emacs keys only (in vi's insert mode the
    /// marker's Escape would switch modes), and only where colour is allowed (`NO_COLOR` or
    /// TERM=dumb ask for plain output: no escape sequences at all).
    var pastesBracketed: Bool { libeditOutput >= 0 && isEmacs && shell.settings.colour }

    /// Before each prompt: the names to highlight and the history to suggest from, read
    /// afresh; bracketed paste on.
    private func prepareForPrompt() {
        forgetFrame()
        viewportTop = 0
        historyIndex = nil
        savedLine = []
        guard libeditOutput >= 0 else { return }
        highlightNames = highlights ? HighlightNames.from(ShellCompletionData(shell: shell)) : nil
        if pastesBracketed { Terminal.write(ControlSequence.bracketedPasteOn, to: terminalFD) }
        // History for Up and Down, and for suggestions (shown with highlighting only: without
        // colour they could not be told from typed text).
        var entries: [[Unicode.Scalar]] = []
        var event = HistEvent()
        var status = sqlsh_history_first(history, &event)
        while status != -1, let text = event.str {
            entries.append(Array(String(cString: text).unicodeScalars))
            status = sqlsh_history_next(history, &event)
        }
        historyScalars = entries
    }

    private func remember(_ line: [UInt8]) -> [UInt8] {
        let blank = line.allSatisfy { $0 == 32 || $0 == 9 }
        if !statementLines.isEmpty || !(blank || line.first == UInt8(ascii: "#")) {
            statementLines.append(String(decoding: line, as: UTF8.self))
        }
        return line
    }

    private func cancel() -> [UInt8] {
        cancelled = true
        queued.removeAll()
        statementLines.removeAll()
        return []
    }

    /// `.edit`'s result: shown as if typed at the prompt, then read line by line.
    func insertInput(_ text: String) -> Bool {
        var lines = Array(text.utf8).split(separator: 10, omittingEmptySubsequences: false).map(Array.init)
        while lines.count > 1, lines.last?.isEmpty == true { lines.removeLast() }
        var shown = ""
        for (number, line) in lines.enumerated() {
            shown += (number == 0 ? shell.settings.prompt : shell.settings.continuationPrompt)
            shown += String(decoding: line, as: UTF8.self) + "\n"
        }
        shell.out.flush()
        shell.standardOutput.flush()
        Terminal.write(shown, to: terminalFD)
        queued += lines
        return true
    }

    func takeCancellation() -> Bool {
        defer { cancelled = false }
        return cancelled
    }

    func inputCompleted(_ input: [UInt8]) {
        statementLines.removeAll()
        let entry = String(decoding: input, as: UTF8.self)
        guard !entry.isEmpty else { return }
        var event = HistEvent()
        _ = sqlsh_history_enter(history, &event, entry)
        historyFile?.append(entry)
    }

    func willRun() {
        if let (width, height) = Terminal.size(of: 1) {
            shell.settings.terminalWidth = width
            shell.settings.terminalHeight = height
        }
        // interruptRequested is not cleared here: a Ctrl-C pressed right after Enter (terminal
        // signals are back on once the line is read) must stop this input; the progress
        // handler sees the flag at its first call. It is cleared at each prompt.
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

    /// libedit's character reader (`EL_GETCFN`): one character of UTF-8 from standard input,
    /// as libedit's own reader gives it, and a full redraw of the prompt and the line when the
    /// terminal's width changed meanwhile. (libedit itself only resizes its buffers, and a
    /// line spanning several rows was left garbled on the screen until Enter.) Returns 1, 0 at
    /// end of input, -1 on error.
    func readCharacter(_ character: UnsafeMutablePointer<wchar_t>) -> Int32 {
        var value: UInt32 = 0
        var needed = 0
        var minimum: UInt32 = 0
        // Drawn when libedit has handled every key typed so far (and always at first, for the
        // prompt): a paste or fast typing is drawn once, not per key.
        // (libedit's pipe is emptied at each key either way, so that it never fills.)
        if libeditOutput >= 0 {
            if renderer.shown == nil || Terminal.pendingInput() == 0 { render() } else { ringBells() }
        }
        while true {
            var poller = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
            // Woken by a key, by a signal (libedit's SIGWINCH handler), or every quarter of a
            // second, to notice a resize whose signal went elsewhere.
            let ready = poll(&poller, 1, 250)
            if ready <= 0 {
                if ready < 0 && errno != EINTR { inputFailed = true; return -1 }
                // SIGINT from outside (kill -INT; Ctrl-C itself is a key here): cancel the line
                // as Ctrl-C does rather than leave the flag set for the next statement.
                if interruptRequested != 0 { return -1 }
                redrawIfResized()
                continue
            }
            var byte: UInt8 = 0
            let n = read(0, &byte, 1)
            if n == 0 { inputFailed = true; return 0 }
            if n < 0 {
                if errno == EINTR || errno == EAGAIN {
                    if interruptRequested != 0 { return -1 }
                    redrawIfResized()
                    continue
                }
                inputFailed = true
                return -1
            }
            if needed > 0 && byte & 0xC0 == 0x80 {
                value = value << 6 | UInt32(byte & 0x3F)
                needed -= 1
                if needed == 0 {
                    // Overlong forms, surrogates and values past U+10FFFF are not UTF-8: dropped.
                    guard value >= minimum, value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value) else { continue }
                    character.pointee = wchar_t(bitPattern: value)
                    return 1
                }
                continue
            }
            // A lead byte (an unfinished sequence before it is dropped, as invalid).
            switch byte {
            case 0..<0x80:
                character.pointee = wchar_t(byte)
                return 1
            case 0xC2..<0xE0: value = UInt32(byte & 0x1F); needed = 1; minimum = 0x80
            case 0xE0..<0xF0: value = UInt32(byte & 0x0F); needed = 2; minimum = 0x800
            case 0xF0..<0xF5: value = UInt32(byte & 0x07); needed = 3; minimum = 0x10000
            default: needed = 0  // not UTF-8: dropped
            }
        }
    }

    /// After a change of the terminal's width: moves to the prompt's first row (worked out
    /// with the old width), clears below, and has libedit draw the prompt and line afresh.
    private func redrawIfResized() {
        guard let width = Terminal.width(of: terminalFD), width != drawnWidth else { return }
        let old = drawnWidth
        drawnWidth = width
        guard old > 0, el_line(editLine) != nil else { return }
        el_resize(editLine)
        if libeditOutput >= 0 {
            eraseFrame(resizedTo: width)
            render()
            return
        }
        eraseEditArea(width: old)
        _ = sqlsh_el_refresh(editLine)
    }

    // MARK: The line being edited

    /// The text of the line being edited, and the part before the cursor.
    var lineText: (all: String, beforeCursor: String, afterCursor: String) {
        guard let info = el_line(editLine), let start = UnsafeRawPointer(info.pointee.buffer),
              let cursor = UnsafeRawPointer(info.pointee.cursor), let end = UnsafeRawPointer(info.pointee.lastchar)
        else { return ("", "", "") }
        let before = String(decoding: UnsafeRawBufferPointer(start: start, count: cursor - start), as: UTF8.self)
        let after = String(decoding: UnsafeRawBufferPointer(start: cursor, count: end - cursor), as: UTF8.self)
        return (before + after, before, after)
    }

    /// Replaces the line being edited with `text`, the cursor after `cursor` characters
    /// (Unicode scalars) of it (at the end when nil). Nothing is drawn.
    func setLine(_ text: String, cursor: Int? = nil) {
        let current = lineText
        _ = el_cursor(editLine, Int32(clamping: current.afterCursor.unicodeScalars.count))
        el_deletestr(editLine, Int32(clamping: current.all.unicodeScalars.count))
        _ = el_insertstr(editLine, text)
        let length = text.unicodeScalars.count
        if let cursor, cursor < length { _ = el_cursor(editLine, Int32(clamping: cursor - length)) }
    }

    /// Moves to the first row of the prompt as libedit drew it for `width` columns and clears
    /// the screen below, so that a full redraw (``sqlsh_el_refresh``, which starts from a blank
    /// display) leaves nothing stale behind.
    func eraseEditArea(width: Int? = nil) {
        // sqlsh draws the line: the next frame is drawn over what changed.
        guard libeditOutput < 0 else { return }
        let columns = width ?? Terminal.width(of: terminalFD) ?? 80
        let row = Self.row(after: String(cString: promptText) + lineText.beforeCursor, width: columns)
        fflush(terminalStream)
        Terminal.write("\r" + (row > 0 ? ControlSequence.up(row) : "") + ControlSequence.eraseBelow, to: terminalFD)
    }

    /// The row (from 0) libedit's cursor is on after drawing `text` from the start of a row
    /// `width` columns wide: it wraps at the margin and moves down at a newline.
    static func row(after text: String, width: Int) -> Int {
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

    /// Draws the prompt and the line afresh where the prompt started.
    func redraw() {
        if libeditOutput >= 0 { render(); return }
        _ = sqlsh_el_refresh(editLine)
        fflush(terminalStream)
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

    // MARK: Editor functions

    /// Tab: complete the word before the cursor, taking the text after it into account.
    fileprivate func complete() -> UInt8 {
        // A pasted tab (more input already waiting) is text, not a completion request.
        if Terminal.pendingInput() > 0 {
            _ = el_insertstr(editLine, "\t")
            return UInt8(CC_REFRESH)
        }
        let line = lineText
        var context = statementLines.joined(separator: "\n")
        if !context.isEmpty { context += "\n" }
        context += line.beforeCursor
        let completion = CompletionEngine(data: ShellCompletionData(shell: shell)).complete(context, after: line.afterCursor)
        guard !completion.candidates.isEmpty else { return UInt8(CC_REFRESH_BEEP) }
        if completion.candidates.count == 1 {
            replace(completion.fragment, with: Completion.insertion(for: completion.candidates[0], after: line.afterCursor))
            lastTab = nil
            return UInt8(CC_REFRESH)
        }
        let prefix = completion.commonPrefix
        if prefix.unicodeScalars.count > completion.fragment.unicodeScalars.count {
            replace(completion.fragment, with: prefix)
            lastTab = nil
            return UInt8(CC_REFRESH)
        }
        let state = Array(line.beforeCursor.utf8) + [0] + Array(context.utf8) + [0] + Array(line.afterCursor.utf8)
        if lastTab == state {
            return list(completion.candidates.map(\.text)) ? UInt8(CC_REDISPLAY) : UInt8(CC_REFRESH)
        }
        lastTab = state
        return UInt8(CC_REFRESH_BEEP)
    }

    private func replace(_ fragment: String, with text: String) {
        el_deletestr(editLine, Int32(fragment.unicodeScalars.count))
        _ = el_insertstr(editLine, text)
    }

    /// Prints candidates in columns under the line being edited; when there are more than
    /// 100 or they would not fit on the screen, asks first (`Display all 312 possibilities?
    /// (y or n)`), as readline does.
    /// Returns whether the line has to be drawn again below (false: answered no, and the
    /// question was taken off the screen).
    private func list(_ candidates: [String]) -> Bool {
        let width = Terminal.width(of: terminalFD) ?? 80
        let height = Terminal.height(of: terminalFD) ?? 24
        let cellWidth = (candidates.map(DisplayWidth.of).max() ?? 1) + 2
        let perLine = max(1, width / cellWidth)
        let rows = (candidates.count + perLine - 1) / perLine
        // Below the whole line, not in the middle of it.
        let drawn = libeditOutput >= 0
        if drawn {
            render()
            leaveFrame()
        } else {
            let line = lineText
            let prompt = String(cString: promptText)
            let down = Self.row(after: prompt + line.all, width: width) - Self.row(after: prompt + line.beforeCursor, width: width)
            fflush(terminalStream)
            if down > 0 { Terminal.write(String(repeating: "\n", count: down), to: terminalFD) }
        }
        var asked = false
        if candidates.count > 100 || rows > height - 2 {
            asked = true
            Terminal.write((drawn ? "" : "\n") + "Display all \(candidates.count) possibilities? (y or n)", to: terminalFD)
            var answer = false
            drawingSuspended = true
            defer { drawingSuspended = false }
            while let key = readKey() {
                if key == 0x79 || key == 0x59 || key == 0x20 { answer = true; break }
                if key == 0x6E || key == 0x4E || key == 0x03 || key == 0x07 || key == 0x1B || key == 0x7F { break }
            }
            guard answer else {
                Terminal.write("\n", to: terminalFD)
                return true
            }
        }
        var text = drawn && !asked ? "" : "\n"
        for r in 0..<rows {
            var c = r
            while c < candidates.count {
                let name = candidates[c]
                text += name
                if c + rows < candidates.count {
                    text += String(repeating: " ", count: cellWidth - DisplayWidth.of(name))
                }
                c += rows
            }
            text += "\n"
        }
        Terminal.write(text, to: terminalFD)
        return true
    }

    /// Ctrl-C: end the line and have it discarded, showing `^C` after the typed text.
    fileprivate func cancelLine() -> UInt8 {
        cancelRequested = true
        if let info = el_line(editLine) {
            let after = String(decoding: UnsafeRawBufferPointer(start: info.pointee.cursor,
                                                                count: info.pointee.lastchar - info.pointee.cursor),
                               as: UTF8.self)
            _ = el_cursor(editLine, Int32(after.unicodeScalars.count))
        }
        _ = el_insertstr(editLine, "^C")
        el_push(editLine, "\n")
        return UInt8(CC_REFRESH)
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

private let completeCallback: @convention(c) (OpaquePointer?, Int32) -> UInt8 = { el, _ in
    EditLineSource.from(el)?.complete() ?? UInt8(CC_ERROR)
}

private let searchCallback: @convention(c) (OpaquePointer?, Int32) -> UInt8 = { el, _ in
    EditLineSource.from(el)?.searchHistory() ?? UInt8(CC_ERROR)
}

private let editCallback: @convention(c) (OpaquePointer?, Int32) -> UInt8 = { el, _ in
    EditLineSource.from(el)?.editStatement() ?? UInt8(CC_ERROR)
}

private let enterCallback: @convention(c) (OpaquePointer?, Int32) -> UInt8 = { el, _ in
    EditLineSource.from(el)?.enter() ?? UInt8(CC_ERROR)
}

private let newlineCallback: @convention(c) (OpaquePointer?, Int32) -> UInt8 = { el, _ in
    EditLineSource.from(el)?.insertLineBreak() ?? UInt8(CC_ERROR)
}

private let upCallback: @convention(c) (OpaquePointer?, Int32) -> UInt8 = { el, _ in
    EditLineSource.from(el)?.moveUp() ?? UInt8(CC_ERROR)
}

private let downCallback: @convention(c) (OpaquePointer?, Int32) -> UInt8 = { el, _ in
    EditLineSource.from(el)?.moveDown() ?? UInt8(CC_ERROR)
}

private let rightCallback: @convention(c) (OpaquePointer?, Int32) -> UInt8 = { el, _ in
    EditLineSource.from(el)?.moveRight() ?? UInt8(CC_ERROR)
}

private let endCallback: @convention(c) (OpaquePointer?, Int32) -> UInt8 = { el, _ in
    EditLineSource.from(el)?.moveToLineEnd() ?? UInt8(CC_ERROR)
}

private let homeCallback: @convention(c) (OpaquePointer?, Int32) -> UInt8 = { el, _ in
    EditLineSource.from(el)?.moveToLineStart() ?? UInt8(CC_ERROR)
}

private let forwardWordCallback: @convention(c) (OpaquePointer?, Int32) -> UInt8 = { el, _ in
    EditLineSource.from(el)?.forwardWord() ?? UInt8(CC_ERROR)
}

private let pasteCallback: @convention(c) (OpaquePointer?, Int32) -> UInt8 = { el, _ in
    EditLineSource.from(el)?.paste() ?? UInt8(CC_ERROR)
}

private let clearCallback: @convention(c) (OpaquePointer?, Int32) -> UInt8 = { el, _ in
    EditLineSource.from(el)?.clearScreen() ?? UInt8(CC_ERROR)
}

private let cancelCallback: @convention(c) (OpaquePointer?, Int32) -> UInt8 = { el, _ in
    EditLineSource.from(el)?.cancelLine() ?? UInt8(CC_ERROR)
}

/// Ctrl-Z at the prompt (terminal signals are off while editing): stop the process as the
/// terminal would. libedit's own SIGTSTP/SIGCONT handlers restore the terminal and redraw.
private let suspendCallback: @convention(c) (OpaquePointer?, Int32) -> UInt8 = { el, _ in
    // The job shell's message goes under the line; the line is drawn afresh after `fg`.
    EditLineSource.from(el)?.leaveFrame()
    kill(0, SIGTSTP)
    // Continued (`fg`): the job shell has printed on the terminal meanwhile; draw the prompt
    // and the line again on a line of their own.
    return UInt8(CC_REDISPLAY)
}
