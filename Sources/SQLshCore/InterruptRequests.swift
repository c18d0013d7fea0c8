import Synchronization

/// The interrupts requested in this process (Ctrl-C through
/// `SQLiteLibrary.interruptFromSignalHandler`, ``InterruptHandle/interrupt()``), for work
/// that runs long inside one call from SQLite, such as a virtual table reading a large file:
/// SQLite 3.40 checks its interrupt flag only between the steps of its own programs, and has
/// no `sqlite3_is_interrupted()`.
///
/// ```swift
/// let check = InterruptCheck()
/// while try stream.fill() {
///     if check.isRequested { throw SQLiteError(code: .interrupt, message: "interrupted") }
/// }
/// ```
public struct InterruptCheck: Sendable {
    private let start: Int

    /// Starts watching: interrupts requested from now on count.
    public init() {
        start = InterruptRequests.count.load(ordering: .relaxed)
    }

    /// Whether an interrupt was requested since ``init()``.
    public var isRequested: Bool {
        InterruptRequests.count.load(ordering: .relaxed) != start
    }
}

/// How many interrupts were requested. Lock-free, and made before any connection opens (so
/// that a signal handler never runs its lazy initialisation).
enum InterruptRequests {
    static let count = Atomic<Int>(0)

    static func note() {
        count.add(1, ordering: .relaxed)
    }
}
