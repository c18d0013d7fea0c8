#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Shows text through a pager program (`less -SRFX`): `.last`, and `.pager on` for results
/// taller than the terminal.
public enum Pager {
    /// The pager to use when none was chosen: `$PAGER` when set, else `less -SRFX` when
    /// `less` is on the `PATH`, else none (empty).
    public static func defaultCommand() -> String {
        if let pager = getenv("PAGER"), pager.pointee != 0 { return String(cString: pager) }
        return isOnPath("less") ? "less -SRFX" : ""
    }

    /// Whether an executable called `name` is in one of the `PATH` folders.
    static func isOnPath(_ name: String) -> Bool {
        guard let path = getenv("PATH") else { return false }
        for folder in String(cString: path).split(separator: ":") where !folder.isEmpty {
            if access("\(folder)/\(name)", X_OK) == 0 { return true }
        }
        return false
    }

    /// Runs `command` (through `/bin/sh`) and gives `write` a writer to its standard input;
    /// waits for it to end. Quitting the pager early is not an error (the rest of the output
    /// is dropped). Returns false when the command could not be run (nothing was shown).
    public static func show(command: String, write: (OutputWriter) -> Void) -> Bool {
        flushCStandardOutput()
        guard let pipe = command.withCString({ popen($0, "w") }) else { return false }
        let previous = signal(SIGPIPE, SIG_IGN)
        let writer = OutputWriter(fileDescriptor: fileno(pipe))
        write(writer)
        writer.flush()
        let status = pclose(pipe)
        signal(SIGPIPE, previous)
        // The shell's "command not found" (127) or "cannot execute" (126).
        let exited = status & 0x7F == 0
        let code = (status >> 8) & 0xFF
        return !(exited && (code == 127 || code == 126))
    }
}
