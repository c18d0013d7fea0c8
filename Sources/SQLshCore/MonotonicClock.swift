#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Seconds on the system's monotonic clock, for durations: the shell's timers, the footer of a
/// result, how often a file table looks at its file.
///
/// Not `ContinuousClock`: the release shell is built without Swift's concurrency module.
package enum MonotonicClock {
    /// Seconds since an arbitrary start; only differences mean something.
    package static func seconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
