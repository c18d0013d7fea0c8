#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLshCore

/// `-memtrace`: every allocation, release and resize SQLite makes is reported on standard
/// error as the stock shell's memtrace extension does (`MEMTRACE: allocate 40 bytes`,
/// `MEMTRACE: free 40 bytes`, `MEMTRACE: resize 40 -> 80 bytes`), sizes as SQLite's allocator
/// rounds them (the core's ``AllocationTrace``).
public enum MemoryTrace {
    /// Wraps SQLite's allocator. Must run before SQLite initializes (before any connection
    /// opens); returns false when SQLite refuses (it is already initialized).
    @discardableResult
    public static func activate() -> Bool {
        AllocationTrace.activate { event in
            switch event {
            case .allocate(let size): report("allocate \(size) bytes")
            case .free(let size): report("free \(size) bytes")
            case .resize(let from, let to): report("resize \(from) -> \(to) bytes")
            }
        }
    }

    /// Writes `MEMTRACE: TEXT` and a newline to standard error in one write, with no allocation
    /// through SQLite.
    private static func report(_ text: String) {
        var line = "MEMTRACE: " + text + "\n"
        line.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
    }
}
