#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Shell {
    /// Runs `body` (a dot-command writing to ``out``) so that, at the prompt, output taller
    /// than the screen goes through the pager (``ShellSettings/pagerCommand``), as a tall
    /// result does with `.last`: `.help`, `.functions`. Shorter output, scripts, a redirected
    /// output, safe mode and no pager: written as it is.
    func pagedWhenLong(_ body: () throws -> CommandOutcome) rethrows -> CommandOutcome {
        let height = settings.terminalHeight
        let pager = settings.pagerCommand
        guard isTypedByPerson, out === standardOutput, height > 2, !pager.isEmpty, !isSafeModeActive else {
            return try body()
        }
        // The output is kept in an unlinked temporary file until its height is known.
        var template = Array((Self.temporaryDirectory() + "/sqlsh-page-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return try body() }
        defer { closeDescriptor(fd) }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        let writer = OutputWriter(fileDescriptor: fd)
        let screen = out
        out = writer
        outIsForScreen = true
        defer { outIsForScreen = false }
        let outcome: CommandOutcome
        do {
            outcome = try body()
        } catch {
            writer.flush()
            out = screen
            screen.write(Self.contents(of: fd))
            throw error
        }
        writer.flush()
        if out === writer { out = screen }
        let text = Self.contents(of: fd)
        let lines = text.reduce(0) { $1 == 10 ? $0 + 1 : $0 }
        if lines < height - 1 || !Pager.show(command: pager, write: { $0.write(text) }) {
            screen.write(text)
        }
        return outcome
    }

    /// `$TMPDIR`, else `/tmp`.
    private static func temporaryDirectory() -> String {
        if let directory = getenv("TMPDIR"), directory.pointee != 0 { return String(cString: directory) }
        return "/tmp"
    }

    /// Everything written to `fd` from its start.
    private static func contents(of fd: Int32) -> [UInt8] {
        guard lseek(fd, 0, SEEK_SET) == 0 else { return [] }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            bytes += buffer[0..<n]
        }
        return bytes
    }
}

/// `close(2)` (the name is taken inside ``Shell``).
private func closeDescriptor(_ fd: Int32) {
    _ = close(fd)
}
