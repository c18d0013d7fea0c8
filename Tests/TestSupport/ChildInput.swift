import Foundation

/// Feeds a child process's standard input through a pipe, for tests that run a shell.
///
/// A child may exit before reading its input: a shell given SQL as an argument never reads
/// standard input, and `.exit` or `-bail` stop early. Writing to a pipe nobody reads raises
/// SIGPIPE, which kills the whole test process (all suites, "unexpected signal code 13"); here
/// the test process ignores SIGPIPE and the unread rest is dropped.
public enum ChildInput {
    /// Writes `data` to `pipe`'s write end, then closes it.
    public static func send(_ data: Data, to pipe: Pipe) {
        _ = brokenPipesIgnored
        let handle = pipe.fileHandleForWriting
        let fd = handle.fileDescriptor
        data.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            var offset = 0
            while offset < bytes.count {
                let n = write(fd, base + offset, bytes.count - offset)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return }  // EPIPE: the child is gone
                offset += n
            }
        }
        try? handle.close()
    }

    /// Set once per test process: a write to a closed pipe fails with EPIPE instead.
    private static let brokenPipesIgnored: Void = { _ = signal(SIGPIPE, SIG_IGN) }()
}
