#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLshCore

/// The line under a `pretty` result that does not show everything:
/// `100,000 rows (32 shown) · 15 columns (6 shown) · 0.21 s`, and the hidden columns' names.
enum ResultFooter {
    /// The footer's lines; `shownRows`/`shownColumns` equal to the totals are not mentioned.
    /// Lines wider than `width` break between their parts (after a hidden column's `,`, or at a
    /// ` · `), never inside a name.
    static func lines(rows: Int, shownRows: Int, columns: Int, shownColumns: Int, hidden: [String],
                      seconds: Double, cpu: String? = nil, hint: String, width: Int = .max) -> [String] {
        var summary: [Piece] = [("", "\(count(rows)) row\(rows == 1 ? "" : "s")" + (shownRows < rows ? " (\(count(shownRows)) shown)" : ""))]
        if shownColumns < columns {
            summary.append((" · ", "\(count(columns)) columns (\(count(shownColumns)) shown)"))
        }
        summary.append((" · ", duration(seconds)))
        if let cpu { summary.append((" · ", cpu)) }
        var logical = [summary]
        if let first = hidden.first {
            logical.append([("", "not shown: " + first)] + hidden.dropFirst().map { (", ", $0) })
        }
        if !hint.isEmpty { logical[logical.count - 1].append((" · ", hint)) }
        return logical.flatMap { fold($0, width: width) }
    }

    /// A part of a footer line and the separator written before it.
    typealias Piece = (separator: String, text: String)

    /// `pieces` on as few lines as fit in `width` columns, breaking only between pieces: at a
    /// break, a `, ` separator leaves its `,` at the end of the line, other separators go. A
    /// piece wider than `width` gets a line of its own.
    static func fold(_ pieces: [Piece], width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for (k, piece) in pieces.enumerated() {
            let pieceWidth = DisplayWidth.of(piece.text)
            // Room for the `,` this line keeps if the next piece has to go to the next line.
            let reserve = k + 1 < pieces.count && pieces[k + 1].separator.hasPrefix(",") ? 1 : 0
            let joined = lineWidth + DisplayWidth.of(piece.separator) + pieceWidth
            if k == 0 {
                line = piece.text
                lineWidth = pieceWidth
            } else if joined + reserve <= width {
                line += piece.separator + piece.text
                lineWidth = joined
            } else {
                lines.append(piece.separator.hasPrefix(",") ? line + "," : line)
                line = piece.text
                lineWidth = pieceWidth
            }
        }
        lines.append(line)
        return lines
    }

    /// Writes footer lines, dimmed when `colour` is on.
    static func write(_ lines: [String], colour: Bool, to out: OutputWriter) {
        for line in lines {
            if colour { out.write(Style.dim.start) }
            out.write(verbatim: line)
            if colour { out.write(Style.reset) }
            out.write(byte: 10)
        }
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
    static func now() -> Double { MonotonicClock.seconds() }
}
