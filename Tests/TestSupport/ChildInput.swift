import Foundation

/// Feeds a child process's standard input through a pipe, for tests that run a shell.
///
/// A child may exit before reading its input: a shell given SQL as an argument never reads
/// standard input, and `.exit` or `-bail` stop early. Writing to a pipe nobody reads raises
/// SIGPIPE, which would kill the whole test process (all suites, "unexpected signal code 13").
/// The signal is blocked on the writing thread for the length of the write, and one it raised
/// is taken before the thread's mask is restored, so the unread rest is simply dropped.
///
/// The process-wide disposition is left alone on purpose: a SIGPIPE ignored with `signal`
/// would be inherited by every shell the tests start afterwards (`posix_spawn` keeps ignored
/// signals ignored), and a shell under test must meet a closed pipe as it would for a user.
public enum ChildInput {
    /// Writes `data` to `pipe`'s write end, then closes it.
    public static func send(_ data: Data, to pipe: Pipe) {
        var sigpipe = sigset_t()
        sigemptyset(&sigpipe)
        sigaddset(&sigpipe, SIGPIPE)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &sigpipe, &previous)
        defer {
            // A write to a closed pipe left SIGPIPE pending on this thread: take it, then unblock.
            var pending = sigset_t()
            if sigpending(&pending) == 0 && sigismember(&pending, SIGPIPE) == 1 {
                var now = timespec(tv_sec: 0, tv_nsec: 0)
                _ = sigtimedwait(&sigpipe, nil, &now)
            }
            pthread_sigmask(SIG_SETMASK, &previous, nil)
        }
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
}
