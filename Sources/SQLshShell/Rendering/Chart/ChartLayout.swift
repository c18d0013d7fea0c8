import SQLshCatalog

/// The text of `.chart`'s pictures: a horizontal bar chart of labelled values, and the bins of
/// a histogram, fitted to a width. Pure functions of their input, so they are tested without
/// a terminal.
///
/// ```
/// region │███████████████████████████████▌ 1234.5
/// north  │███████████████▏ 600
/// south  │▍ 12
///        └────────────────────────────────
///         0                         1234.5
/// ```
enum ChartLayout {
    /// One bar: its label and value.
    struct Bar: Equatable {
        var label: String
        var value: Double
    }

    /// Bars narrower than this are not drawn narrower (the terminal may then wrap the lines).
    static let minimumBarWidth = 10
    /// Labels take at most this share of the width.
    static let maximumLabelShare = 3

    /// The lines of a bar chart of `bars` at most `width` columns wide (`Int.max`: bars 60
    /// wide). Bars start at 0 when every value is at least 0, else at the smallest value;
    /// each line ends with its value, and an axis with the two ends' values closes the chart.
    static func barChart(_ bars: [Bar], width: Int, format: (Double) -> String) -> [String] {
        guard !bars.isEmpty else { return [] }
        let low = min(0, bars.map(\.value).min() ?? 0)
        var high = bars.map(\.value).max() ?? 0
        if high <= low { high = low + 1 }
        let texts = bars.map { format($0.value) }
        let valueWidth = texts.map(DisplayWidth.of).max() ?? 0
        let labelCap = width == Int.max ? 40 : max(4, width / maximumLabelShare)
        let labelWidth = min(bars.map { DisplayWidth.of($0.label) }.max() ?? 0, labelCap)
        // label, " │", bar, " ", value, a spare column
        let available = width == Int.max ? 60 : width - labelWidth - 2 - 1 - valueWidth - 1
        let barWidth = max(available, minimumBarWidth)
        var lines: [String] = []
        for (bar, text) in zip(bars, texts) {
            let (label, shown) = DisplayCell.cut(bar.label, DisplayWidth.of(bar.label), to: labelWidth)
            let drawn = BarDrawing.bar(fraction: (bar.value - low) / (high - low), width: barWidth, padded: false)
            lines.append(label + String(repeating: " ", count: labelWidth - shown) + " │" + drawn + " " + text)
        }
        lines += axis(indent: labelWidth, width: barWidth, low: format(low), high: format(high))
        return lines
    }

    /// The axis under the bars: a rule, and the values at its two ends.
    static func axis(indent: Int, width: Int, low: String, high: String) -> [String] {
        let pad = String(repeating: " ", count: indent)
        let rule = pad + " └" + String(repeating: "─", count: width)
        let gap = max(1, width + 1 - DisplayWidth.of(low) - DisplayWidth.of(high))
        return [rule, pad + "  " + low + String(repeating: " ", count: gap) + high]
    }

    /// A histogram's bins: their labels and counts.
    struct Bin: Equatable {
        var label: String
        var count: Int
    }

    /// `values` (finite numbers) in `count` bins of equal width from the smallest to the
    /// largest value, the last bin closed (`[lo, hi]`), the others half-open (`[lo, hi)`).
    /// Integers get whole-number bins (`1–10`, or `7` for a bin of one value). nil for no
    /// values; one bin when they are all equal.
    static func histogram(_ values: [Double], bins requested: Int, format: (Double) -> String) -> [Bin]? {
        guard let low = values.min(), let high = values.max(), requested >= 1 else { return nil }
        if low == high { return [Bin(label: format(low), count: values.count)] }
        let integral = values.allSatisfy { $0 == $0.rounded() } && high - low < 1e15
        if integral {
            let span = high - low + 1
            let step = max(1, (span / Double(requested)).rounded(.up))
            let binCount = Int((span / step).rounded(.up))
            var counts = [Int](repeating: 0, count: binCount)
            for v in values { counts[min(Int((v - low) / step), binCount - 1)] += 1 }
            return counts.indices.map { k in
                let first = low + Double(k) * step
                let last = min(first + step - 1, high)
                return Bin(label: first == last ? format(first) : format(first) + "–" + format(last), count: counts[k])
            }
        }
        let binCount = requested
        // Halved, so that the span cannot overflow.
        let step = (high / 2 - low / 2) / Double(binCount) * 2
        var counts = [Int](repeating: 0, count: binCount)
        for v in values {
            let position = step > 0 ? ((v / 2 - low / 2) / (step / 2)).rounded(.down) : 0
            let k = position.isFinite ? Int(min(max(position, 0), Double(binCount - 1))) : binCount - 1
            counts[k] += 1
        }
        return counts.indices.map { k in
            let first = low + Double(k) * step
            let last = k == binCount - 1 ? high : low + Double(k + 1) * step
            return Bin(label: "[" + edge(first, step: step) + ", " + edge(last, step: step) + (k == binCount - 1 ? "]" : ")"),
                       count: counts[k])
        }
    }

    /// The default number of bins for `n` values: Sturges' rule (1 + log2 n), at most 20.
    static func defaultBins(_ n: Int) -> Int {
        guard n > 1 else { return 1 }
        var bins = 1, m = n
        while m > 1 { m /= 2; bins += 1 }
        return min(bins + 1, 20)
    }

    /// A bin edge with as many decimals as its bins' width needs (two significant digits of
    /// the width), without trailing zeros.
    static func edge(_ value: Double, step: Double) -> String {
        guard value.isFinite, abs(value) < 1e15 else { return CapturedRow.Value.shortestExact(value) }
        var decimals = 0
        var unit = 1.0
        while unit > step / 10 && decimals < 8 { unit /= 10; decimals += 1 }
        var factor = 1.0
        for _ in 0..<decimals { factor *= 10 }
        let scaled = (value * factor).rounded()
        guard abs(scaled) < 9e18 else { return CapturedRow.Value.shortestExact(value) }
        let units = Int64(scaled)
        let negative = units < 0
        var digits = String(units.magnitude)
        if decimals > 0 {
            while digits.count <= decimals { digits = "0" + digits }
            let cut = digits.index(digits.endIndex, offsetBy: -decimals)
            var fraction = String(digits[cut...])
            while fraction.hasSuffix("0") { fraction.removeLast() }
            digits = String(digits[..<cut]) + (fraction.isEmpty ? "" : "." + fraction)
        }
        return (negative && digits != "0" ? "-" : "") + digits
    }
}
