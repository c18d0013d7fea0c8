#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLshCore

/// `.timer on`: wall-clock and CPU time of one SQL input, printed as sqlite3 prints it:
/// `Run Time: real 0.001 user 0.000123 sys 0.000045`.
struct RunTimer {
    private let startUsage: rusage
    private let startTime: Int64

    init() {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        startUsage = usage
        startTime = RunTimer.timeOfDay()
    }

    /// Milliseconds since the Julian epoch, from the default VFS's clock (as sqlite3 reads it).
    static func timeOfDay() -> Int64 {
        SQLiteLibrary.currentTimeMilliseconds()
    }

    private static func difference(_ a: timeval, _ b: timeval) -> Double {
        Double(b.tv_usec - a.tv_usec) * 0.000001 + Double(b.tv_sec - a.tv_sec)
    }

    /// Prints the times to `stdout` (sqlite3 uses `printf`, so standard output even when
    /// `.output` redirects results), after flushing `out` so the order is kept.
    func report(to stdout: OutputWriter, flushing out: OutputWriter) {
        let end = RunTimer.timeOfDay()
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let real = format("%.3f", Double(end - startTime) * 0.001)
        let user = format("%f", RunTimer.difference(startUsage.ru_utime, usage.ru_utime))
        let sys = format("%f", RunTimer.difference(startUsage.ru_stime, usage.ru_stime))
        stdout.write("Run Time: real \(real) user \(user) sys \(sys)\n")
    }

    /// The CPU time used since the timer started, as the screen's footer shows it:
    /// `user 0.041 s, sys 0.003 s`.
    func cpuTimes() -> String {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let user = RunTimer.difference(startUsage.ru_utime, usage.ru_utime)
        let sys = RunTimer.difference(startUsage.ru_stime, usage.ru_stime)
        return "user " + format("%.3f", max(user, 0)) + " s, sys " + format("%.3f", max(sys, 0)) + " s"
    }

    private func format(_ pattern: String, _ value: Double) -> String {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer in
            _ = withVaList([value]) { vsnprintf(buffer.baseAddress, 64, pattern, $0) }
            return String(cString: buffer.baseAddress!)
        }
    }
}
