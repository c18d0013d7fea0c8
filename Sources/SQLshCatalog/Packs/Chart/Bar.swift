import SQLshCore

/// DuckDB's `bar(x, min, max[, width])`: a horizontal bar of Unicode block characters.
enum Bar {
    static let entry = CatalogFunction(
        arguments: "x, min, max[, width]",
        summary: "a horizontal bar of Unicode blocks as long as x is between min and max",
        details: """
            bar(x, min, max[, width]): a text of width characters (80 by default) whose bar of \
            full blocks and a last partial block (in eighths: ▏▎▍▌▋▊▉) fills the fraction \
            (x - min) / (max - min) of it; the rest is spaces. x below min gives no bar, x above \
            max a full one. NULL when any argument is NULL. x, min and max must be finite \
            numbers (integers, reals or numeric text) and min less than max; width an integer \
            of at least 1 whose bar fits SQLite's length limit, else "string or blob too big". \
            As in DuckDB.
            """,
        example: "select bar(5, 0, 20, 10), bar(1, 0, 8, 2);  -- '██▌       '|'▎ '",
        functions: {
            [SQLFunction("bar", argumentCount: 3, options: .pure, writingResult: drawBar),
             SQLFunction("bar", argumentCount: 4, options: .pure, writingResult: drawBar)]
        })
}

/// Bars of Unicode block characters, shared by `bar()` and the shell's `.chart`.
public enum BarDrawing {
    /// The full block.
    public static let full = "█"
    /// The blocks of one to seven eighths, from the left.
    public static let eighths = ["▏", "▎", "▍", "▌", "▋", "▊", "▉"]

    /// A bar filling `fraction` (clamped to 0...1) of `width` characters: full blocks, then a
    /// partial block for the eighths left (rounded down, as DuckDB does); padded with spaces to
    /// `width` when `padded`. Empty for a width below 1 or a fraction that is not a number.
    public static func bar(fraction: Double, width: Int, padded: Bool) -> String {
        guard width > 0 else { return "" }
        let f = fraction.isNaN ? 0 : min(max(fraction, 0), 1)
        let length = f * Double(width)
        let whole = min(Int(length), width)
        let partial = whole < width ? Int((length - Double(whole)) * 8) : 0
        var text = String(repeating: full, count: whole)
        var used = whole
        if partial > 0 && partial < 8 {
            text += eighths[partial - 1]
            used += 1
        }
        if padded && used < width { text += String(repeating: " ", count: width - used) }
        return text
    }
}

/// An error of `bar()`, reported as the statement's error message.
private struct BarError: Error, CustomStringConvertible {
    let description: String
}

/// A finite number from an integer, real or numeric text argument.
private func finiteNumber(_ value: Argument, _ name: String) throws -> Double {
    switch value.numericType {
    case .integer, .real:
        let d = value.double
        guard d.isFinite else { throw BarError(description: "bar(): \(name) must be a finite number") }
        return d
    default:
        throw BarError(description: "bar(): \(name) must be a number")
    }
}

private func drawBar(_ arguments: Arguments, _ result: ResultContext) throws {
    if anyNull(arguments) { return result.setNull() }
    let x = try finiteNumber(arguments[0], "x")
    let low = try finiteNumber(arguments[1], "min")
    let high = try finiteNumber(arguments[2], "max")
    guard low < high else { throw BarError(description: "bar(): min must be less than max") }
    var width = 80
    if arguments.count == 4 {
        let w = try integerArgument(arguments[3], "bar(): width must be an integer")
        guard w >= 1 else { throw BarError(description: "bar(): width must be at least 1") }
        // Each character takes at most 3 bytes of UTF-8.
        guard w <= Int64(result.lengthLimit / 3) else { return result.setTooBig() }
        width = Int(w)
    }
    // Halved, so that no difference overflows (min -1e308, max 1e308).
    let fraction = (x / 2 - low / 2) / (high / 2 - low / 2)
    let text = BarDrawing.bar(fraction: fraction.isFinite ? fraction : (x > low ? 1 : 0), width: width, padded: true)
    result.set(text)
}
