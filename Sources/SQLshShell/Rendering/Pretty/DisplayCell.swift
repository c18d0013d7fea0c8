import SQLshCatalog
import SQLshCore

/// A value as the `pretty` screen shows it (a time blob as an ISO timestamp): its lines (split at newlines, control characters
/// as `^X`, at most ``maxLines``), their display widths, and whether it is a number (right-
/// aligned, never cut) or NULL (dimmed in colour).
struct DisplayCell {
    var lines: [String]
    var widths: [Int]
    var isNumber = false
    var isNull = false
    /// Lines from this one on are a dim note (the readable size under a big number).
    var dimFrom: Int?

    /// Lines a value with newlines may take before it is cut with `…`.
    static let maxLines = 4

    /// The widest line.
    var width: Int { widths.max() ?? 0 }

    /// The cell of a captured value; NULL shows as `nullText`, numbers grouped by `numbers`
    /// (`.numformat`) when given.
    init(_ value: CapturedRow.Value, nullText: String, maxLines: Int = DisplayCell.maxLines,
         numbers: NumberFormat? = nil) {
        switch value {
        case .null:
            self.init(text: nullText, maxLines: maxLines)
            isNull = true
        case .integer, .real:
            let text = value.text ?? ""
            self.init(text: numbers?.apply(text) ?? text, maxLines: maxLines)
            isNumber = true
        case .blob(let bytes):
            // The time pack's blobs read as ISO timestamps at the prompt (their type `time`).
            self.init(text: TimeBlobText.iso(bytes) ?? Self.hex(bytes), maxLines: maxLines)
        case .text:
            self.init(text: value.text ?? "", maxLines: maxLines)
        }
    }

    /// A cell from text: split at newlines (at most ``maxLines``), control characters shown
    /// as `^X`.
    init(text: String, maxLines: Int = DisplayCell.maxLines) {
        guard ControlCharacters.occur(in: text) else {
            lines = [text]
            widths = [DisplayWidth.of(text)]
            return
        }
        // The one escaper of untrusted text (ControlCharacters), newlines kept to split at.
        var lines = ControlCharacters.caretNotation(text, keepingNewlines: true)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.count > maxLines {
            lines.removeSubrange(maxLines...)
            lines[maxLines - 1] += "…"
        }
        self.lines = lines
        widths = lines.map(DisplayWidth.of)
    }

    /// Blobs as `X'…'` hex, at most 256 bytes of them.
    static func hex(_ bytes: [UInt8]) -> String {
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

    /// `text` cut to at most `width` columns, ending in `…` when anything was cut; with its
    /// width.
    static func cut(_ text: String, _ textWidth: Int, to width: Int) -> (String, Int) {
        if textWidth <= width { return (text, textWidth) }
        guard width > 0 else { return ("", 0) }
        var result = ""
        var used = 0
        for character in text {
            let w = DisplayWidth.of(character)
            if used + w > width - 1 { break }
            result.append(character)
            used += w
        }
        return (result + "…", used + 1)
    }

    /// Words of `text` laid out on lines at most `width` columns wide, broken only at spaces;
    /// a word longer than the width is cut with `…`.
    static func wordWrap(_ text: String, width: Int) -> [(String, Int)] {
        var lines: [(String, Int)] = []
        var line = ""
        var lineWidth = 0
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            let w = DisplayWidth.of(String(word))
            if lineWidth > 0 && lineWidth + 1 + w <= width {
                line += " " + word
                lineWidth += 1 + w
            } else {
                if lineWidth > 0 { lines.append((line, lineWidth)) }
                (line, lineWidth) = cut(String(word), w, to: width)
            }
        }
        if lineWidth > 0 || lines.isEmpty { lines.append((line, lineWidth)) }
        return lines
    }

    /// `text` broken into pieces at most `width` columns wide, preferably after a space in the
    /// second half of a piece; the space a line breaks at is dropped.
    static func wrap(_ text: String, _ textWidth: Int, width: Int) -> [(String, Int)] {
        guard textWidth > width, width > 1 else { return [(text, textWidth)] }
        var pieces: [(String, Int)] = []
        var current: [Character] = []
        var currentWidth = 0
        var lastSpace: Int? = nil
        for character in text {
            let w = DisplayWidth.of(character)
            if currentWidth + w > width && !current.isEmpty {
                if let space = lastSpace, space * 2 >= current.count {
                    let head = String(current[..<space])
                    let tail = Array(current[(space + 1)...])
                    pieces.append((head, DisplayWidth.of(head)))
                    current = tail
                    currentWidth = DisplayWidth.of(String(tail))
                } else {
                    pieces.append((String(current), currentWidth))
                    current = []
                    currentWidth = 0
                }
                lastSpace = nil
                if character == " " && current.isEmpty { continue }
            }
            if character == " " { lastSpace = current.count }
            current.append(character)
            currentWidth += w
        }
        pieces.append((String(current), currentWidth))
        return pieces
    }

    /// The width of the longest space-separated word of `text`.
    static func longestWord(_ text: String) -> Int {
        text.split(separator: " ").map { DisplayWidth.of(String($0)) }.max() ?? 0
    }
}

/// Decimal points lined up in a `pretty` column: each number gets spaces after it up to the
/// longest fraction of its column (`15309.17` over `10957.7 `, an integer's last digit under
/// the units), so right-aligned numbers read by place value. Numbers in exponent form
/// (`1.0e+20`) are left as they are.
struct DecimalAlignment {
    /// Per column, the widest fraction (with its `.`) of its numbers.
    private(set) var fractions: [Int]
    /// Per column, the widest whole part (sign and digit groups included) of the numbers
    /// counted by ``add(number:width:column:)``.
    private var wholes: [Int] = []
    /// The decimal point: `,` under `.numformat .`.
    let point: UInt8

    init(columns: Int, numbers: NumberFormat? = nil) {
        fractions = [Int](repeating: 0, count: columns)
        point = numbers?.decimalPoint == "," ? UInt8(ascii: ",") : UInt8(ascii: ".")
    }

    /// The width of `cell`'s fraction, `.` included (0 for an integer); nil for what is not
    /// aligned (text, NULL, exponent form).
    func fractionWidth(_ cell: DisplayCell) -> Int? {
        guard cell.isNumber, let text = cell.lines.first else { return nil }
        return fractionWidth(number: text)
    }

    /// The width of the fraction of `text`, a number as shown, `.` included (0 for an
    /// integer); nil for exponent form.
    func fractionWidth(number text: String) -> Int? {
        var width = 0
        for byte in text.utf8.reversed() {
            switch byte {
            case point: return width + 1
            case UInt8(ascii: "0")...UInt8(ascii: "9"): width += 1
            case UInt8(ascii: "e"), UInt8(ascii: "E"): return nil
            default: break
            }
        }
        return 0
    }

    mutating func add(_ row: [DisplayCell]) {
        for (c, cell) in row.enumerated() where c < fractions.count {
            if let width = fractionWidth(cell) { fractions[c] = max(fractions[c], width) }
        }
    }

    /// Counts one number of column `c`, `text` as shown, `width` columns wide; keeps the
    /// widest whole part so that ``alignedWidth(column:)`` can tell the column's width once
    /// its numbers are padded (for a table measured without keeping its rows).
    mutating func add(number text: String, width: Int, column c: Int) {
        guard c < fractions.count, let fraction = fractionWidth(number: text) else { return }
        if wholes.count < fractions.count { wholes = [Int](repeating: 0, count: fractions.count) }
        fractions[c] = max(fractions[c], fraction)
        wholes[c] = max(wholes[c], width - fraction)
    }

    /// The width of column `c`'s widest number once padded, counting what
    /// ``add(number:width:column:)`` saw; 0 when none.
    func alignedWidth(column c: Int) -> Int {
        c < wholes.count && fractions[c] > 0 ? wholes[c] + fractions[c] : 0
    }

    /// `row` with its numbers padded to their columns' fractions.
    func apply(_ row: [DisplayCell]) -> [DisplayCell] {
        var row = row
        for c in row.indices where c < fractions.count && fractions[c] > 0 {
            guard let width = fractionWidth(row[c]), width < fractions[c], !row[c].widths.isEmpty else { continue }
            let pad = fractions[c] - width
            row[c].lines[0] += String(repeating: " ", count: pad)
            row[c].widths[0] += pad
        }
        return row
    }
}
