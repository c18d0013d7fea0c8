#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CEditLine
@_spi(RawSQLite) import SQLshCore
import SQLshLineEditor
import SQLshShell

/// Lines typed at a terminal, read through libedit, the editing done by a
/// ``LineEditorSession`` (SQLshLineEditor): libedit edits and draws into a pipe nobody sees
/// but for its bells; the session draws the line. Also the indicators and the history file.
final class EditLineSource: LineSource {
    let isInteractive = true
    unowned let shell: Shell
    let session: LineEditorSession
    private(set) var editLine: OpaquePointer!
    let history: OpaquePointer
    private let historyPath: String?
    private let indicators: RunIndicators
    /// The prompt as libedit draws it (kept alive while libedit may read it), and its text.
    private var shownPrompt: (plain: String, shown: UnsafeMutablePointer<CChar>)?
    private(set) var isEmacs = true
    /// Whether reading the terminal failed (hung up): the input has ended.
    private var inputFailed = false
    /// The read end of the pipe libedit draws into (-1: none, libedit draws on the terminal).
    private var libeditOutput: Int32 = -1
    /// The descriptor the line is drawn on (standard output, or standard error when piped).
    let terminalFD: Int32
    /// libedit's output: the pipe, or if it cannot be made a stream of its own on `terminalFD`.
    let terminalStream: UnsafeMutablePointer<FILE>

    init(shell: Shell, terminalFD: Int32 = 1) {
        self.shell = shell
        self.terminalFD = terminalFD
        self.session = LineEditorSession(shell: shell)
        self.history = history_init()
        self.historyPath = HistoryLocation.standard()
        self.indicators = RunIndicators(shell: shell, enabled: isatty(2) == 1, write: { Terminal.write($0) },
                                        width: { Terminal.width(of: 2) }, isInterrupted: { interruptRequested != 0 },
                                        setVisible: { indicatorVisible = $0 ? 1 : 0 }, stillVisible: { indicatorVisible != 0 })
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
        session.backend = self
        shell.interruptRequested = { interruptRequested != 0 }
    }

    deinit {
        shell.typeAheadEcho.release()
        el_end(editLine)
        if terminalStream != sqlsh_stdout() && terminalStream != sqlsh_stderr() { fclose(terminalStream) }
        if libeditOutput >= 0 { close(libeditOutput) }
        history_end(history)
        if let shownPrompt { free(shownPrompt.shown) }
    }

    /// The prompt as libedit is to draw it: the session's, coloured when colour is on.
    fileprivate func promptToDraw() -> UnsafeMutablePointer<CChar>? {
        let plain = session.prompt
        if let shownPrompt, shownPrompt.plain == plain { return shownPrompt.shown }
        guard let made = strdup(shell.settings.colour ? shell.settings.palette.libeditPrompt(plain) : plain) else {
            return shownPrompt?.shown
        }
        if let shownPrompt { free(shownPrompt.shown) }
        shownPrompt = (plain, made)
        return made
    }

    fileprivate static func from(_ el: OpaquePointer?) -> EditLineSource? {
        guard let el, let data = sqlsh_el_get_clientdata(el) else { return nil }
        return Unmanaged<EditLineSource>.fromOpaque(data).takeUnretainedValue()
    }

    func readLine(prompt: String) -> [UInt8]? {
        if let line = session.nextQueuedLine() { return line }
        shell.out.flush()
        shell.standardOutput.flush()
        interruptRequested = 0
        return session.readLine(prompt: prompt) {
            var count: Int32 = 0
            guard let read = el_gets(editLine, &count), count > 0 else { return (nil, count >= 0 || inputFailed) }
            return (Array(UnsafeRawBufferPointer(start: read, count: Int(count))), false)
        }
    }

    func insertInput(_ text: String) -> Bool {
        let shown = session.insertInput(text)  // shown as if typed, then read line by line
        shell.out.flush()
        shell.standardOutput.flush()
        write(shown)
        return true
    }

    func takeCancellation() -> Bool { session.takeCancellation() }

    func inputCompleted(_ entry: [UInt8]) {
        session.inputCompleted()
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
        // interruptRequested is not cleared: a Ctrl-C right after Enter must stop this input.
        interruptTarget = shell.connection.handle
        shell.typeAheadEcho.hold()  // keys typed ahead are drawn once, at the next prompt
        indicators.willRun()
    }

    func didRun() {
        interruptTarget = nil
        shell.typeAheadEcho.release()
        indicators.didRun()
        shell.out.flush()
        if interruptRequested != 0 { interruptRequested = 0 }
    }

    /// libedit's character reader (`EL_GETCFN`): one character from standard input (the line
    /// drawn first, and drawn afresh after a resize while waiting). 1, 0 at the end, -1 on error.
    func readCharacter(_ character: UnsafeMutablePointer<wchar_t>) -> Int32 {
        session.willReadKey()
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
                // SIGINT from outside (kill -INT; Ctrl-C itself is a key): cancel the line.
                if interruptRequested != 0 { return -1 }
                if el_line(editLine) != nil { session.redrawIfResized() }
                continue
            }
            if let key = decoder.add(byte) {
                character.pointee = wchar_t(bitPattern: key)
                return 1
            }
        }
    }
}

extension EditLineSource: EditorBackend {
    var buffer: EditBuffer {
        guard let info = el_wline(editLine), let start = info.pointee.buffer, let end = info.pointee.lastchar,
              let cursor = info.pointee.cursor else { return EditBuffer() }
        let text = (0..<max(0, end - start)).map { Unicode.Scalar(UInt32(bitPattern: start[$0])) ?? "\u{FFFD}" }
        return EditBuffer(text, cursor: cursor - start)
    }
    func insert(_ text: String) { _ = el_insertstr(editLine, text) }
    func delete(_ count: Int) { el_deletestr(editLine, Int32(clamping: count)) }
    func moveCursor(by offset: Int) { _ = el_cursor(editLine, Int32(clamping: offset)) }
    func push(_ keys: String) { el_push(editLine, keys) }
    func readKey() -> UInt32? {
        var character: wchar_t = 0
        guard readCharacter(&character) == 1 else { return nil }
        return UInt32(bitPattern: character)
    }
    func readKey(within milliseconds: Int32) -> UInt32? {
        var poller = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, milliseconds) > 0 else { return nil }
        return readKey()
    }
    func write(_ text: String) { Terminal.write(text, to: terminalFD) }
    func terminalWidth() -> Int? { Terminal.width(of: terminalFD) }
    func terminalHeight() -> Int? { Terminal.height(of: terminalFD) }
    func pendingInput() -> Int { Terminal.pendingInput() }
    var drawsLineItself: Bool { libeditOutput < 0 }
    func refreshLibedit() {
        _ = sqlsh_el_refresh(editLine)
        fflush(terminalStream)
    }
    func flushLibedit() { fflush(terminalStream) }
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
    func prepareTerminal(forEditing: Bool) { _ = sqlsh_el_prep_term(editLine, forEditing ? 1 : 0) }
    func historyEntries() -> [String] { HistoryFile.entries(of: history) }
    var reflowsLines: Bool { Terminal.reflowsLines }
    func resize() { el_resize(editLine) }
}

// C callbacks: no captures; the source comes through EL_CLIENTDATA.

private let promptCallback: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>? = { el in
    EditLineSource.from(el)?.promptToDraw()
}

private let readCharacterCallback: @convention(c) (OpaquePointer?, UnsafeMutablePointer<wchar_t>?) -> Int32 = { el, character in
    guard let source = EditLineSource.from(el), let character else { return -1 }
    return source.readCharacter(character)
}

/// Runs the session's editor function `name`, giving libedit its `CC_` code.
private func perform(_ el: OpaquePointer?, _ name: String) -> UInt8 {
    switch EditLineSource.from(el)?.session.perform(name) ?? .error {
    case .refresh: return UInt8(CC_REFRESH)
    case .refreshBeep: return UInt8(CC_REFRESH_BEEP)
    case .newline: return UInt8(CC_NEWLINE)
    case .redisplay: return UInt8(CC_REDISPLAY)
    case .error: return UInt8(CC_ERROR)
    }
}

/// A C function for each of ``KeyBindings/functions``.
private let editorCallbacks: [String: @convention(c) (OpaquePointer?, Int32) -> UInt8] = [
    "sqlsh-complete": { el, _ in perform(el, "sqlsh-complete") },
    "sqlsh-cancel": { el, _ in perform(el, "sqlsh-cancel") },
    "sqlsh-suspend": suspendCallback,
    "sqlsh-search": { el, _ in perform(el, "sqlsh-search") },
    "sqlsh-edit": { el, _ in perform(el, "sqlsh-edit") },
    "sqlsh-enter": { el, _ in perform(el, "sqlsh-enter") },
    "sqlsh-newline": { el, _ in perform(el, "sqlsh-newline") },
    "sqlsh-up": { el, _ in perform(el, "sqlsh-up") },
    "sqlsh-down": { el, _ in perform(el, "sqlsh-down") },
    "sqlsh-right": { el, _ in perform(el, "sqlsh-right") },
    "sqlsh-end": { el, _ in perform(el, "sqlsh-end") },
    "sqlsh-home": { el, _ in perform(el, "sqlsh-home") },
    "sqlsh-forward-word": { el, _ in perform(el, "sqlsh-forward-word") },
    "sqlsh-paste": { el, _ in perform(el, "sqlsh-paste") },
    "sqlsh-clear": { el, _ in perform(el, "sqlsh-clear") },
]

/// Ctrl-Z (terminal signals are off while editing): stop as the terminal would, the job
/// shell's message under the line; libedit's SIGCONT handler redraws after `fg`.
private let suspendCallback: @convention(c) (OpaquePointer?, Int32) -> UInt8 = { el, _ in
    EditLineSource.from(el)?.session.leaveFrame()
    kill(0, SIGTSTP)
    return UInt8(CC_REDISPLAY)
}
