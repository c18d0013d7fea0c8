#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLshCore
import SQLshLineEditor
import SQLshShell

/// Facts about the terminal the interactive shell runs on.
enum Terminal {
    /// Makes multibyte input work in libedit: the user's locale for character types, or
    /// C.UTF-8 when that is not UTF-8 (libedit silently drops non-ASCII input otherwise).
    /// Only LC_CTYPE: number formatting must not follow the locale.
    static func setUpLocale() {
        setlocale(LC_CTYPE, "")
        let codeset = String(cString: nl_langinfo(nl_item(CODESET)))
        if codeset != "UTF-8" && codeset != "utf8" {
            if setlocale(LC_CTYPE, "C.UTF-8") == nil { setlocale(LC_CTYPE, "en_US.UTF-8") }
        }
    }

    /// The width in columns of the terminal on `fd`, or nil when it is not a terminal.
    static func width(of fd: Int32 = 1) -> Int? { size(of: fd)?.columns }

    /// The height in rows of the terminal on `fd`, or nil when it is not a terminal.
    static func height(of fd: Int32 = 1) -> Int? { size(of: fd).flatMap { $0.rows > 0 ? $0.rows : nil } }

    /// The width and height of the terminal on `fd`, or nil when it is not a terminal.
    static func size(of fd: Int32 = 1) -> (columns: Int, rows: Int)? {
        var size = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    /// Bytes already typed (or pasted) and waiting to be read on `fd`.
    static func pendingInput(on fd: Int32 = 0) -> Int {
        var count: Int32 = 0
        guard ioctl(fd, UInt(FIONREAD), &count) == 0 else { return 0 }
        return Int(count)
    }

    /// Whether colour may be used: standard output and error are terminals, `NO_COLOR` is not
    /// set (to anything non-empty) and the terminal is not `dumb`.
    static var allowsColour: Bool {
        Palette.allowsColour(environment: environment, outputsAreTerminals: isatty(1) == 1 && isatty(2) == 1)
    }

    /// Whether the terminal rewraps its lines when its width changes (see ``TerminalTraits``).
    static var reflowsLines: Bool { TerminalTraits.reflowsLines(environment: environment) }

    /// A variable of the environment.
    static func environment(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }

    /// Writes text straight to a descriptor (for indicators drawn on standard error).
    static func write(_ text: String, to fd: Int32 = 2) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let n = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if n <= 0 { if n < 0 && errno == EINTR { continue }; return }
                offset += n
            }
        }
    }
}
