/// Where the shell reads its input from, one line at a time.
public protocol LineSource: AnyObject {
    /// The next line's bytes without the `\n` terminator, or nil at end of input. Bytes, not a
    /// String, so that input reaches SQLite unchanged, invalid UTF-8 included. `prompt` is shown
    /// by interactive sources and ignored by others.
    func readLine(prompt: String) -> [UInt8]?
    /// Whether a person is typing (prompts, banner and history apply).
    var isInteractive: Bool { get }
}
