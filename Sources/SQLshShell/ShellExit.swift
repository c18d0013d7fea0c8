/// Thrown when the shell must end with an exit status, where sqlite3 calls `exit()`: `.exit N`
/// with N other than 0, a refusal of safe mode, a wrong `.nonce`, a database that cannot be
/// opened. The shell library never ends the process: the program running it catches this,
/// flushes with ``Shell/finalStatus(_:)`` and exits with the status.
public struct ShellExit: Error, Equatable, Sendable {
    /// The exit status.
    public let status: Int32

    public init(status: Int32) {
        self.status = status
    }
}
