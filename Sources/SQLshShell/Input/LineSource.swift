/// Where the shell reads its input from, one line at a time.
public protocol LineSource: AnyObject {
    /// The next line's bytes without the `\n` terminator, or nil at end of input. Bytes, not a
    /// String, so that input reaches SQLite unchanged, invalid UTF-8 included. `prompt` is shown
    /// by interactive sources and ignored by others.
    func readLine(prompt: String) -> [UInt8]?
    /// Reads the next line into `line` (replacing its contents, reusing its storage); returns
    /// false at end of input. Sources that can avoid allocating a new array per line implement
    /// this; the default calls ``readLine(prompt:)``.
    func readLine(prompt: String, into line: inout [UInt8]) -> Bool
    /// Whether a person is typing (prompts, banner and history apply).
    var isInteractive: Bool { get }

    // Hooks for the interactive front end; the defaults do nothing.

    /// Whether the person abandoned what they were typing (Ctrl-C at the prompt) during the
    /// last ``readLine(prompt:)``: the shell then discards the statement being accumulated.
    /// Reading it clears it.
    func takeCancellation() -> Bool
    /// Called with each whole input once it is read: a complete SQL statement (all its lines,
    /// joined by `\n`) or a dot-command line. Interactive sources add it to history.
    func inputCompleted(_ input: [UInt8])
    /// Called just before the shell runs an input (SQL or a dot-command)...
    func willRun()
    /// ...and just after it finished (output flushed or not).
    func didRun()
    /// Takes text to be read next as if typed (`.edit`'s result): an interactive source shows
    /// it and returns its lines before reading more. Returns false when the source does not
    /// take input this way (the caller then runs the text itself).
    func insertInput(_ text: String) -> Bool
}

extension LineSource {
    public func takeCancellation() -> Bool { false }
    public func inputCompleted(_ input: [UInt8]) {}
    public func willRun() {}
    public func didRun() {}
    public func insertInput(_ text: String) -> Bool { false }
}

extension LineSource {
    public func readLine(prompt: String, into line: inout [UInt8]) -> Bool {
        guard let next = readLine(prompt: prompt) else { return false }
        line = next
        return true
    }
}
