#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminal's echo held off while an input runs, so that keys typed ahead (or the rest
/// of a paste without brackets) are not echoed by the terminal and then drawn again by the
/// editor at the next prompt: the editor draws them, once. Only echo changes: Ctrl-C still
/// signals, output is processed as usual, and everything else is the terminal's own mode.
public struct TypeAheadEcho {
    /// The settings before ``hold(on:)``, given back by ``release()``.
    private var saved: termios?
    private var fd: Int32 = -1

    /// Nothing held.
    public init() {}

    /// Whether echo is held off now.
    public var isHeld: Bool { saved != nil }

    /// Turns the echo of the terminal on `fd` off (nothing when `fd` is no terminal).
    public mutating func hold(on fd: Int32 = 0) {
        guard saved == nil, isatty(fd) == 1 else { return }
        var settings = termios()
        guard tcgetattr(fd, &settings) == 0 else { return }
        let original = settings
        settings.c_lflag &= ~tcflag_t(ECHO | ECHONL)
        guard tcsetattr(fd, TCSANOW, &settings) == 0 else { return }
        saved = original
        self.fd = fd
    }

    /// Gives the terminal its echo back, as it was before ``hold(on:)``.
    public mutating func release() {
        guard var settings = saved else { return }
        saved = nil
        _ = tcsetattr(fd, TCSANOW, &settings)
    }

    /// Runs `body` (a program that may read the terminal: `.system`, `.edit`) with the echo
    /// given back, held off again after it.
    public mutating func whileReleased<T>(_ body: () throws -> T) rethrows -> T {
        guard isHeld else { return try body() }
        let heldFD = fd
        release()
        defer { hold(on: heldFD) }
        return try body()
    }
}
