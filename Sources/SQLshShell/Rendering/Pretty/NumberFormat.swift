/// Numbers as a person reads them on the screen: digits in groups of three (`.numformat`, like
/// DuckDB's `.thousand_sep`), and a readable size beside a big number (`2.10 trillion`).
///
/// Only the screen's renderers use it: files, pipes and the other modes keep SQLite's digits.
public struct NumberFormat: Equatable, Sendable {
    /// What goes between groups of three digits: `,`, `_`, `.`, `'` or a space.
    public let separator: Character
    /// The decimal point: `,` when the separator is `.` (`1.234.567,5`), else `.`.
    public var decimalPoint: Character { separator == "." ? "," : "." }

    /// The separators `.numformat` accepts.
    public static let separators: [Character] = [",", "_", ".", "'", " "]

    /// The format for a `.numformat` argument: one of ``separators`` (`space` names the
    /// space); nil for anything else.
    public init?(argument: String) {
        let text = argument.lowercased() == "space" ? " " : argument
        guard text.count == 1, let character = text.first, Self.separators.contains(character) else { return nil }
        separator = character
    }

    /// How `.numformat` shows the setting: the separator, `space` for a space.
    public var name: String { separator == " " ? "space" : String(separator) }

    /// `text`, a number as the screen shows it (`-1234567`, `1234567.125`, `1.0e+20`), with
    /// its whole part grouped in threes and, after a `.` separator, a `,` decimal point.
    /// Numbers in exponent form and anything that is not a plain decimal are left as they are.
    public func apply(_ text: String) -> String {
        let utf8 = text.utf8
        var start = utf8.startIndex
        if start < utf8.endIndex, utf8[start] == UInt8(ascii: "-") || utf8[start] == UInt8(ascii: "+") {
            start = utf8.index(after: start)
        }
        var end = start
        while end < utf8.endIndex, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(utf8[end]) {
            end = utf8.index(after: end)
        }
        let digits = utf8.distance(from: start, to: end)
        guard digits > 0 else { return text }
        let rest = text[end...]
        // A fraction only: no exponent, nothing else.
        if let first = rest.utf8.first {
            guard first == UInt8(ascii: "."),
                  rest.utf8.dropFirst().allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
            else { return text }
        }
        var result = String(text[..<start])
        result.reserveCapacity(text.utf8.count + digits / 3)
        var k = 0
        for digit in text[start..<end] {
            if k > 0 && (digits - k) % 3 == 0 { result.append(separator) }
            result.append(digit)
            k += 1
        }
        if !rest.isEmpty {
            result.append(decimalPoint)
            result += rest.dropFirst()
        }
        return result
    }

    /// Names of powers of a thousand, from a million up.
    private static let scaleNames = ["million", "billion", "trillion", "quadrillion", "quintillion"]

    /// A readable size of a number of a million or more: three significant digits and the
    /// name of its power of a thousand (`2.10 trillion`, `-1.50 million`, `150 million`); nil
    /// below a million, from 10^21 on, for infinities and NaN.
    public static func readable(_ value: Double) -> String? {
        guard value.isFinite else { return nil }
        let magnitude = abs(value)
        // Past a thousand quintillions SQLite shows the exponent form, which reads well.
        guard magnitude >= 1e6, magnitude < 1e21 else { return nil }
        var scale = 0
        var scaled = magnitude / 1e6
        while scaled >= 1000 && scale + 1 < scaleNames.count {
            scaled /= 1000
            scale += 1
        }
        // Three significant digits; rounding may carry into a longer whole part (9.996 million
        // is 10.0 million) or the next power (999.6 million is 1.00 billion).
        var text = ""
        for decimals in [2, 1, 0] {
            let limit = decimals == 2 ? 10.0 : decimals == 1 ? 100.0 : 1000.0
            let factor = decimals == 2 ? 100.0 : decimals == 1 ? 10.0 : 1.0
            let rounded = (scaled * factor).rounded() / factor
            if rounded < limit {
                text = fixed(scaled, decimals: decimals)
                break
            }
        }
        if text.isEmpty {
            if scale + 1 < scaleNames.count {
                scale += 1
                text = fixed(scaled / 1000, decimals: 2)
            } else {
                text = fixed(scaled, decimals: 0)
            }
        }
        return (value < 0 ? "-" : "") + text + " " + scaleNames[scale]
    }

    /// A readable size of an integer (see ``readable(_:)-(Double)``).
    public static func readable(_ value: Int64) -> String? {
        readable(Double(value))
    }

    /// `value` rounded to `decimals` places, in plain digits (`value` below 10^15).
    private static func fixed(_ value: Double, decimals: Int) -> String {
        var factor = 1.0
        for _ in 0..<decimals { factor *= 10 }
        let units = Int64((value * factor).rounded())
        let whole = units / Int64(factor)
        guard decimals > 0 else { return String(whole) }
        var fraction = String(units % Int64(factor))
        while fraction.count < decimals { fraction = "0" + fraction }
        return "\(whole).\(fraction)"
    }
}
