import SQLshCore

/// `pretty` mode, the interactive default: a box table with headers that fits the terminal.
///
/// - Column widths come from the first ``batchSize`` rows (then later rows stream with those
///   widths, so a huge result does not wait for its last row); display widths, so CJK and
///   emoji line up.
/// - When the natural widths do not fit ``ShellSettings/terminalWidth``, the widest columns
///   are narrowed; cells wider than their column wrap (at a space when there is one), at most
///   ``maxLinesPerCell`` lines, and anything cut is marked with `…`. Columns that do not fit at
///   all are left out and named under the table.
/// - Numbers are right-aligned; NULL shows as `NULL` (or `.nullvalue`), dimmed in colour;
///   headers are bold in colour; control characters show as `^X`; blobs as `X'…'`.
public final class InteractiveTableRenderer: ResultRenderer {
    private let settings: ShellSettings
    private let out: OutputWriter
    /// Rows read before the column widths are fixed.
    public static let batchSize = 500
    /// Lines a long cell may wrap onto before it is cut with `…`.
    public static let maxLinesPerCell = 4

    private struct Cell {
        var lines: [String]
        var widths: [Int]
        var isNumber = false
        var isNull = false
    }

    private var names: [Cell] = []
    private var rows: [[Cell]] = []
    private var widths: [Int]? = nil
    private var shownColumns = 0
    private var separateRows = false
    private var printedRows = 0

    public init(settings: ShellSettings, out: OutputWriter) {
        self.settings = settings
        self.out = out
    }

    public func begin(_ statement: Statement) {
        names = (0..<statement.columnCount).map { Self.cell(statement.columnName(at: $0)) }
    }

    public func row(_ statement: Statement) {
        var cells: [Cell] = []
        cells.reserveCapacity(names.count)
        for i in 0..<names.count {
            switch statement.columnType(at: i) {
            case .null:
                var cell = Self.cell(settings.nullValue.isEmpty ? "NULL" : settings.nullValue)
                cell.isNull = true
                cells.append(cell)
            case .integer, .real:
                var cell = Self.cell(String(decoding: statement.textBytes(at: i), as: UTF8.self))
                cell.isNumber = true
                cells.append(cell)
            case .blob:
                cells.append(Self.cell(Self.hex(statement.blobBytes(at: i))))
            default:
                cells.append(Self.cell(String(decoding: statement.textBytes(at: i), as: UTF8.self)))
            }
        }
        if widths == nil {
            rows.append(cells)
            if rows.count >= Self.batchSize { layOut(); flushRows() }
        } else {
            print(cells)
            printedRows += 1
        }
    }

    public func end(_ statement: Statement) {
        guard !names.isEmpty else { return }
        if widths == nil { layOut(); flushRows() }
        guard let widths else { return }
        border("└", "┴", "┘", widths)
        if shownColumns < names.count {
            let hidden = names[shownColumns...].map { $0.lines.joined(separator: " ") }
            out.write("(\(hidden.count) more column\(hidden.count == 1 ? "" : "s") not shown: \(hidden.joined(separator: ", ")); try .mode line)\n")
        }
        out.flush()
    }

    // MARK: Layout

    private func layOut() {
        let n = names.count
        var natural = (0..<n).map { c in names[c].widths.max() ?? 0 }
        for row in rows {
            for c in 0..<n { natural[c] = max(natural[c], row[c].widths.max() ?? 0) }
            if row.contains(where: { $0.lines.count > 1 }) { separateRows = true }
        }
        natural = natural.map { max($0, 1) }
        let available = settings.terminalWidth > 0 ? settings.terminalWidth : Int.max
        // Leave out columns that cannot get even a narrow width.
        let narrow = 6
        var count = n
        while count > 1 && (0..<count).reduce(0, { $0 + min(natural[$1], narrow) }) + 3 * count + 1 > available {
            count -= 1
        }
        shownColumns = count
        var result = Array(natural[0..<count])
        let budget = available == Int.max ? Int.max : available - 3 * count - 1
        if result.reduce(0, +) > budget {
            // The largest cap that fits: narrow only the widest columns.
            var low = 1, high = result.max() ?? 1
            while low < high {
                let mid = (low + high + 1) / 2
                if result.reduce(0, { $0 + min($1, mid) }) <= budget { low = mid } else { high = mid - 1 }
            }
            result = result.map { min($0, max(low, 1)) }
            // Spread what is left over to the narrowed columns, left to right.
            var left = budget - result.reduce(0, +)
            for c in 0..<count where left > 0 && result[c] < natural[c] {
                let extra = min(left, natural[c] - result[c])
                result[c] += extra
                left -= extra
            }
            if rows.contains(where: { row in (0..<count).contains { c in (row[c].widths.max() ?? 0) > result[c] } }) {
                separateRows = true
            }
        }
        widths = result
        border("┌", "┬", "┐", result)
        printHeader(result)
        border("├", "┼", "┤", result)
    }

    private func flushRows() {
        for (k, row) in rows.enumerated() {
            if k > 0 && separateRows, let widths { border("├", "┼", "┤", widths) }
            print(row)
        }
        printedRows += rows.count
        rows.removeAll()
    }

    // MARK: Printing

    private func border(_ left: String, _ middle: String, _ right: String, _ widths: [Int]) {
        out.write(left)
        for (c, width) in widths.enumerated() {
            if c > 0 { out.write(middle) }
            for _ in 0..<(width + 2) { out.write("─") }
        }
        out.write(right)
        out.write(byte: 10)
    }

    private func printHeader(_ widths: [Int]) {
        let cells = Array(names[0..<widths.count])
        let lines = cells.enumerated().map { c, cell in fit(cell, widths[c]) }
        let height = lines.map(\.count).max() ?? 1
        for k in 0..<height {
            out.write("│")
            for (c, width) in widths.enumerated() {
                let (text, w) = k < lines[c].count ? lines[c][k] : ("", 0)
                let space = width - w
                pad(1 + space / 2)
                if settings.colour { out.write("\u{1B}[1m") }
                out.write(text)
                if settings.colour { out.write("\u{1B}[0m") }
                pad(space - space / 2 + 1)
                out.write("│")
            }
            out.write(byte: 10)
        }
    }

    private func print(_ row: [Cell]) {
        guard let widths else { return }
        if printedRows > 0 && separateRows && rows.isEmpty { border("├", "┼", "┤", widths) }
        var simple = true
        for c in widths.indices where row[c].lines.count != 1 || row[c].widths[0] > widths[c] {
            simple = false
            break
        }
        if simple {
            // One line per cell, every cell fits: no wrapping work.
            out.write("│")
            for (c, width) in widths.enumerated() {
                write(row[c], row[c].lines[0], row[c].widths[0], width)
            }
            out.write(byte: 10)
            return
        }
        let lines = widths.indices.map { c in fit(row[c], widths[c]) }
        let height = lines.map(\.count).max() ?? 1
        for k in 0..<height {
            out.write("│")
            for (c, width) in widths.enumerated() {
                let (text, w) = k < lines[c].count ? lines[c][k] : ("", 0)
                write(row[c], text, w, width)
            }
            out.write(byte: 10)
        }
    }

    /// One cell's line `text` (`w` columns wide) in a column `width` wide, and the border after.
    @inline(__always)
    private func write(_ cell: Cell, _ text: String, _ w: Int, _ width: Int) {
        out.write(byte: 32)
        if cell.isNumber { pad(width - w) }
        if cell.isNull && settings.colour && !text.isEmpty {
            out.write("\u{1B}[2m"); out.write(text); out.write("\u{1B}[0m")
        } else {
            out.write(text)
        }
        if !cell.isNumber { pad(width - w) }
        out.write(" │")
    }

    private static let spaces = [UInt8](repeating: 32, count: 128)

    private func pad(_ n: Int) {
        var left = n
        while left > 0 {
            let k = min(left, Self.spaces.count)
            Self.spaces.withUnsafeBufferPointer { out.write(UnsafeBufferPointer(rebasing: $0[0..<k])) }
            left -= k
        }
    }

    /// The lines (with their widths) a cell takes in a column `width` wide: wrapped, at most
    /// ``maxLinesPerCell``, the last one ending in `…` when anything was cut.
    private func fit(_ cell: Cell, _ width: Int) -> [(String, Int)] {
        if cell.widths.allSatisfy({ $0 <= width }) && cell.lines.count <= Self.maxLinesPerCell {
            return zip(cell.lines, cell.widths).map { ($0, $1) }
        }
        var result: [(String, Int)] = []
        var cut = false
        outer: for line in cell.lines {
            for piece in Self.wrap(line, width: width, wrap: !cell.isNumber) {
                if result.count == Self.maxLinesPerCell { cut = true; break outer }
                result.append(piece)
            }
            if cell.isNumber && DisplayWidth.of(line) > width { cut = true }
        }
        if cut {
            if var last = result.popLast() {
                while last.1 + 1 > width, let dropped = last.0.popLast() { last.1 -= DisplayWidth.of(dropped) }
                result.append((last.0 + "…", last.1 + 1))
            }
        }
        return result
    }

    /// Splits a line into pieces at most `width` columns wide, breaking after a space when one
    /// is in the second half of the piece. Without `wrap`, only the first piece.
    static func wrap(_ line: String, width: Int, wrap: Bool = true) -> [(String, Int)] {
        var pieces: [(String, Int)] = []
        var current = ""
        var currentWidth = 0
        var lastSpace: (String.Index, Int)? = nil
        for character in line {
            let w = DisplayWidth.of(character)
            if currentWidth + w > width && !current.isEmpty {
                if !wrap { pieces.append((current, currentWidth)); return pieces }
                if let (index, spaceWidth) = lastSpace, spaceWidth * 2 >= width {
                    let head = String(current[..<index])
                    let tail = String(current[current.index(after: index)...])
                    pieces.append((head, spaceWidth))
                    current = tail
                    currentWidth = DisplayWidth.of(tail)
                } else {
                    pieces.append((current, currentWidth))
                    current = ""
                    currentWidth = 0
                }
                lastSpace = nil
            }
            if character == " " { lastSpace = (current.endIndex, currentWidth) }
            current.append(character)
            currentWidth += w
        }
        pieces.append((current, currentWidth))
        return pieces
    }

    // MARK: Cells

    /// A cell from text: split at newlines, control characters shown as `^X`.
    private static func cell(_ text: String) -> Cell {
        var printableASCII = true
        var plain = true
        for byte in text.utf8 where byte < 0x20 || byte >= 0x7F {
            printableASCII = false
            if byte < 0x20 || byte == 0x7F { plain = false; break }
        }
        if printableASCII { return Cell(lines: [text], widths: [text.utf8.count]) }
        var lines: [String] = []
        if plain {
            lines = [text]
        } else {
            var line = ""
            for scalar in text.unicodeScalars {
                switch scalar.value {
                case 10:
                    lines.append(line); line = ""
                case 0..<0x20:
                    line.append("^"); line.unicodeScalars.append(Unicode.Scalar(UInt8(scalar.value + 64)))
                case 0x7F:
                    line += "^?"
                default:
                    line.unicodeScalars.append(scalar)
                }
            }
            lines.append(line)
        }
        return Cell(lines: lines, widths: lines.map(DisplayWidth.of))
    }

    private static func hex(_ bytes: UnsafeRawBufferPointer) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        var text: [UInt8] = [UInt8(ascii: "X"), UInt8(ascii: "'")]
        for byte in bytes.prefix(256) {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 15)])
        }
        if bytes.count > 256 { text += Array("…".utf8) }
        text.append(UInt8(ascii: "'"))
        return String(decoding: text, as: UTF8.self)
    }
}
