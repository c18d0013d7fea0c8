import Glibc

/// The line under a `pretty` result that does not show everything:
/// `100,000 rows (32 shown) · 15 columns (6 shown) · 0.21 s`, and the hidden columns' names.
enum ResultFooter {
    /// The footer's lines; `shownRows`/`shownColumns` equal to the totals are not mentioned.
    static func lines(rows: Int, shownRows: Int, columns: Int, shownColumns: Int, hidden: [String],
                      seconds: Double, hint: String) -> [String] {
        var parts = ["\(count(rows)) row\(rows == 1 ? "" : "s")" + (shownRows < rows ? " (\(count(shownRows)) shown)" : "")]
        if shownColumns < columns {
            parts.append("\(count(columns)) columns (\(count(shownColumns)) shown)")
        }
        parts.append(duration(seconds))
        var lines = [parts.joined(separator: " · ")]
        if !hidden.isEmpty {
            lines.append("not shown: " + hidden.joined(separator: ", "))
        }
        if !hint.isEmpty { lines[lines.count - 1] += " · " + hint }
        return lines
    }

    /// A count with thousands separators: `1,000,000`.
    static func count(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var result = ""
        for (i, digit) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return (n < 0 ? "-" : "") + result
    }

    /// Seconds with two decimals: `0.21 s`; whole seconds past a minute: `75 s`.
    static func duration(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds >= 0 else { return "0.00 s" }
        if seconds >= 60 { return "\(Int(seconds.rounded())) s" }
        let hundredths = Int((seconds * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction) s"
    }

    /// Seconds on a monotonic clock.
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
