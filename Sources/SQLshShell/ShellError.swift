/// An error a dot-command or the shell reports to the user. Its message is printed to
/// standard error as is (the shell adds no prefix), followed by a newline.
public struct ShellError: Error, CustomStringConvertible, Equatable {
    /// The full text to print, for example `Error: cannot open "x.db"`.
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
