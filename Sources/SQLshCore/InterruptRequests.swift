import Synchronization

/// The interrupts requested in this process by Ctrl-C (through
/// `SQLiteLibrary.interruptFromSignalHandler`), for work
/// that runs long inside one call from SQLite, such as a virtual table reading a large file:
/// SQLite 3.40 checks its interrupt flag only between the steps of its own programs, and has
/// no `sqlite3_is_interrupted()`.
///
/// ```swift
/// let check = InterruptCheck()  // Ctrl-C
/// while try stream.fill() {
///     if check.isRequested { throw SQLiteError(code: .interrupt, message: "interrupted") }
/// }
/// ```
public struct InterruptCheck: Sendable {
    private let source: InterruptSource
    private let start: Int

    /// Starts watching `source` (Ctrl-C by default): interrupts requested from now on count.
    public init(_ source: InterruptSource = .ctrlC) {
        self.source = source
        start = source.count.load(ordering: .relaxed)
    }

    /// Whether an interrupt was requested since ``init(_:)``.
    public var isRequested: Bool {
        source.count.load(ordering: .relaxed) != start
    }
}

/// Where interrupts are requested. ``ctrlC`` counts the interrupts of
/// `SQLiteLibrary.interruptFromSignalHandler` (the shell's Ctrl-C); a reader made with
/// another source (a test's) answers only to that one.
public final class InterruptSource: Sendable {
    let count = Atomic<Int>(0)

    public init() {}

    /// Requests an interrupt of every check watching this source. Lock-free.
    public func request() {
        count.add(1, ordering: .relaxed)
    }

    /// The process's Ctrl-C: made before any connection opens, so that a signal handler never
    /// runs its lazy initialisation.
    public static let ctrlC = InterruptSource()
}
