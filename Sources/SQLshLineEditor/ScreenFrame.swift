import SQLshShell

/// What the prompt and the line being edited look like on the screen: rows of cells, laid
/// out for a terminal `width` columns wide as the terminal itself wraps text, and the cell the
/// cursor is on. Built afresh for each key; ``FrameRenderer`` draws the difference.
public struct ScreenFrame: Equatable, Sendable {
    /// One terminal column: its text (a character and any combining marks after it; empty for
    /// the right half of a wide character) and its SGR attributes (empty: none).
    public struct Cell: Equatable, Sendable {
        /// The character (and marks) shown; empty for a wide character's right half.
        public var text: String
        /// The SGR parameters (see ``Style``).
        public var style: String
        /// Columns taken: 1, 2 for a wide character, 0 for its right half.
        public var width: Int

        /// A cell.
        public init(text: String, style: String, width: Int) {
            self.text = text
            self.style = style
            self.width = width
        }
    }

    /// The terminal's width in columns (at least 4).
    public let width: Int
    /// The rows of cells, from the prompt's first row.
    public private(set) var rows: [[Cell]] = [[]]
    /// Where the cursor goes (row from the prompt's first row, column).
    public private(set) var cursor = (row: 0, column: 0)
    private var column = 0
    /// Whether a cell was placed since the last line break: a zero-width mark joins it.
    private var lastCellIndex: Int? = nil

    /// An empty frame for a terminal `width` columns wide.
    public init(width: Int) {
        self.width = max(width, 4)
    }

    public static func == (a: ScreenFrame, b: ScreenFrame) -> Bool {
        a.width == b.width && a.rows == b.rows && a.cursor == b.cursor
    }

    /// Adds a scalar: a control character as `^X` (a tab as spaces to the next multiple of 8),
    /// a combining mark on the cell before it, a wide character on the next row when it would
    /// cross the margin.
    public mutating func put(_ scalar: Unicode.Scalar, style: String) {
        let value = scalar.value
        if value == 9 {
            let spaces = 8 - column % 8
            for _ in 0..<spaces { put(" ", style: style) }
            return
        }
        if value < 0x20 || value == 0x7F {
            put("^", style: style)
            put(Unicode.Scalar(UInt8(value == 0x7F ? 0x3F : value + 0x40)), style: style)
            return
        }
        let w = DisplayWidth.of(scalar)
        if w == 0 {
            if let last = lastCellIndex, var row = rows.last, last < row.count {
                row[last].text.unicodeScalars.append(scalar)
                rows[rows.count - 1] = row
            }
            return
        }
        if column + w > width { wrap() }
        rows[rows.count - 1].append(Cell(text: String(Character(scalar)), style: style, width: w))
        lastCellIndex = rows[rows.count - 1].count - 1
        if w == 2 { rows[rows.count - 1].append(Cell(text: "", style: style, width: 0)) }
        column += w
    }

    /// The number of rows.
    public var rowCount: Int { rows.count }

    /// Keeps only `height` rows from `top` (a frame taller than the screen cannot be drawn
    /// with moves relative to the cursor: rows scrolled off the top are out of reach). The
    /// cursor must be among them.
    public mutating func keepRows(from top: Int, height: Int) {
        let start = max(0, min(top, rows.count - 1))
        let end = min(rows.count, start + max(1, height))
        rows = Array(rows[start..<end])
        cursor.row = min(max(0, cursor.row - start), rows.count - 1)
    }

    /// Adds text in one style.
    public mutating func put(_ text: String, style: String) {
        for scalar in text.unicodeScalars { put(scalar, style: style) }
    }

    /// Ends the row (a newline in the text).
    public mutating func lineBreak() {
        rows.append([])
        column = 0
        lastCellIndex = nil
    }

    private mutating func wrap() {
        rows.append([])
        column = 0
    }

    /// Puts the cursor where the next cell would go. After a full row that is the next row's
    /// start (where the next character would wrap to), unless a line break follows: then the
    /// row's last column.
    public mutating func markCursor(beforeLineBreak: Bool) {
        if column >= width {
            if beforeLineBreak {
                cursor = (rows.count - 1, width - 1)
                return
            }
            wrap()
        }
        cursor = (rows.count - 1, column)
    }
}
