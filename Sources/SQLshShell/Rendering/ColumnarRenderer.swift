import CSQLite
import SQLshCore

/// What the columnar modes (`column`, `table`, `markdown`, `box`) share: they collect the
/// whole result first, as sqlite3's `exec_prepared_stmt_columnar` does, to know each column's
/// width, then print it in their own frame.
///
/// Cells are stored compactly: the display text of every cell appended to one byte buffer,
/// with the end offset of each cell. Row 0 holds the column names. A value with several lines
/// (a newline or other control character, or wider than the wrap width) takes several
/// physical rows, each continuation row holding the next line of such cells and empty text
/// for the others.
class ColumnarRenderer: ResultRenderer {
    let out: OutputWriter
    let shell: Shell
    let headers: Bool
    /// The null value's bytes (allocated: cells point into it while a row is collected).
    private let nullValue: UnsafeMutableBufferPointer<UInt8>
    let wrapWidth: Int
    let wordWrap: Bool
    let quote: Bool
    /// The `.width` of each column (0: automatic; negative: right-aligned).
    var columnWidths: [Int] = []
    /// The width of each column: the largest of `.width` and every cell, in characters.
    var actualWidths: [Int] = []
    var columns = 0
    /// The display text of every cell, row after row.
    private var data: [UInt8] = []
    /// The end offset in `data` of each cell.
    private var ends: [Int] = []
    /// For each physical data row: whether it is the last line of its value row.
    var rowEnds: [Bool] = []
    /// Whether any value took more than one line.
    var hasMultiLineRows = false
    /// Scratch space for `--quote`.
    private let scratch = OutputWriter.memory(capacity: 1 << 20)
    private var tails: [UnsafeBufferPointer<UInt8>?] = []

    init(shell: Shell) {
        self.shell = shell
        out = shell.out
        headers = shell.settings.headers
        let null = CellText.bytes(shell.settings.nullValue)
        nullValue = .allocate(capacity: null.count)
        _ = nullValue.initialize(from: null)
        wrapWidth = shell.settings.wrapWidth
        wordWrap = shell.settings.wordWrap
        quote = shell.settings.quoteValues
    }

    deinit {
        nullValue.deallocate()
        for copy in quotedCopies { copy.deallocate() }
    }

    func begin(_ statement: Statement) {
        columns = statement.columnCount
        // sqlite3 grows its width table to the column count (.show then lists the zeros).
        if shell.settings.columnWidths.count < columns {
            shell.settings.columnWidths += Array(repeating: 0, count: columns - shell.settings.columnWidths.count)
        }
        columnWidths = shell.settings.columnWidths.map { Int(Int32(truncatingIfNeeded: $0)) }
        actualWidths = (0..<columns).map { abs(columnWidths[$0]) }
        tails = Array(repeating: nil, count: columns)
        data.reserveCapacity(1 << 16)
        for i in 0..<columns {
            _ = append(CellText.name(statement.handle, Int32(i)), column: i)
        }
    }

    /// The wrap width of column `i`: its `.width` when set, else `--wrap`.
    @inline(__always)
    private func wrap(_ i: Int) -> Int {
        let w = columnWidths[i] != 0 ? columnWidths[i] : wrapWidth
        return abs(w)
    }

    func row(_ statement: Statement) {
        let handle = statement.handle
        var useTails = false
        repeat {
            var more = false
            rowEnds.append(true)
            for i in 0..<columns {
                let text: UnsafeBufferPointer<UInt8>
                if useTails {
                    text = tails[i] ?? CellText.empty
                } else if quote {
                    text = quoted(handle, Int32(i))
                } else if let value = CellText.text(handle, Int32(i)) {
                    text = value
                } else {
                    text = UnsafeBufferPointer(nullValue)
                }
                let tail = append(text, column: i)
                tails[i] = tail
                if tail != nil {
                    more = true
                    rowEnds[rowEnds.count - 1] = false
                    hasMultiLineRows = true
                }
            }
            useTails = more
        } while useTails
    }

    /// sqlite3's `quoted_column`, into the scratch writer (valid until the next call for the
    /// same column: continuation lines point into it, so each column gets its own copy).
    private var quotedCopies: [UnsafeMutableBufferPointer<UInt8>] = []
    private func quoted(_ handle: OpaquePointer, _ i: Int32) -> UnsafeBufferPointer<UInt8> {
        switch sqlite3_column_type(handle, i) {
        case SQLITE_NULL: scratch.write("NULL")
        case SQLITE_INTEGER, SQLITE_FLOAT: scratch.write(CellText.text(handle, i) ?? CellText.empty)
        case SQLITE_TEXT: CellEscapes.writeSQLQuoted(CellText.text(handle, i) ?? CellText.empty, to: scratch)
        default:
            let p = sqlite3_column_blob(handle, i)
            CellEscapes.writeHexBlob(UnsafeRawBufferPointer(start: p, count: p == nil ? 0 : Int(sqlite3_column_bytes(handle, i))),
                                     upperX: false, to: scratch)
        }
        if quotedCopies.isEmpty {
            quotedCopies = (0..<columns).map { _ in UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 0) }
        }
        let bytes = scratch.takeBytes()
        quotedCopies[Int(i)].deallocate()
        let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        _ = copy.initialize(from: bytes)
        quotedCopies[Int(i)] = copy
        return UnsafeBufferPointer(copy)
    }

    /// Appends the first display line of `z` (sqlite3's `translateForDisplayAndDup`) as the
    /// next cell of column `column`, and returns the rest of the text, if any.
    @inline(__always)
    private func append(_ z: UnsafeBufferPointer<UInt8>, column: Int) -> UnsafeBufferPointer<UInt8>? {
        var mx = wrap(column)
        if mx == 0 { mx = 1_000_000 }
        // The common case: one line of printable characters, narrower than the wrap width.
        var chars = 0
        var simple = true
        for b in z {
            if b < 0x20 { simple = false; break }
            if b & 0xC0 != 0x80 { chars += 1 }
        }
        if simple, let first = z.first, first & 0xC0 == 0x80 { chars += 1 }
        if simple && chars < mx {
            data.append(contentsOf: z)
            ends.append(data.count)
            if chars > actualWidths[column] { actualWidths[column] = chars }
            return nil
        }
        return appendTranslated(z, mx: mx, column: column)
    }

    private func appendTranslated(_ z: UnsafeBufferPointer<UInt8>, mx: Int, column: Int) -> UnsafeBufferPointer<UInt8>? {
        let count = z.count
        @inline(__always) func at(_ k: Int) -> UInt8 { k < count ? z[k] : 0 }
        var i = 0
        var n = 0
        while n < mx {
            let c = at(i)
            if c >= 0x20 {
                n += 1
                repeat { i += 1 } while at(i) & 0xC0 == 0x80
                continue
            }
            if c == 9 {
                repeat { n += 1 } while (n & 7) != 0 && n < mx
                i += 1
                continue
            }
            break
        }
        var k = i
        if n >= mx && wordWrap {
            k = i
            while k > i / 2 {
                if Self.isSpace(at(k - 1)) { break }
                k -= 1
            }
            if k <= i / 2 {
                k = i
                while k > i / 2 {
                    if Self.isAlnum(at(k - 1)) != Self.isAlnum(at(k)) && at(k) & 0xC0 != 0x80 { break }
                    k -= 1
                }
            }
            if k <= i / 2 {
                k = i
            } else {
                i = k
                while at(i) == 32 { i += 1 }
            }
        }
        let tail: UnsafeBufferPointer<UInt8>?
        if n >= mx && at(i) >= 0x20 {
            tail = UnsafeBufferPointer(rebasing: z[i...])
        } else if at(i) == 13 && at(i + 1) == 10 {
            tail = at(i + 2) != 0 ? UnsafeBufferPointer(rebasing: z[(i + 2)...]) : nil
        } else if at(i) == 0 || at(i + 1) == 0 {
            tail = nil
        } else {
            tail = UnsafeBufferPointer(rebasing: z[(i + 1)...])
        }
        let start = data.count
        i = 0
        n = 0
        while i < k {
            let c = z[i]
            if c >= 0x20 {
                n += 1
                repeat { data.append(z[i]); i += 1 } while at(i) & 0xC0 == 0x80
                continue
            }
            if c == 9 {
                repeat { n += 1; data.append(32) } while (n & 7) != 0 && n < mx
                i += 1
                continue
            }
            break
        }
        ends.append(data.count)
        var chars = 0
        for b in data[start...] where b & 0xC0 != 0x80 { chars += 1 }
        if chars > actualWidths[column] { actualWidths[column] = chars }
        return tail
    }

    @inline(__always) static func isSpace(_ c: UInt8) -> Bool { c == 32 || (c >= 9 && c <= 13) }
    @inline(__always) static func isAlnum(_ c: UInt8) -> Bool {
        (c >= 48 && c <= 57) || ((c | 0x20) >= 97 && (c | 0x20) <= 122)
    }

    /// Calls `body` with the bytes of cell `index` (row-major, row 0 the names).
    @inline(__always)
    func withCell<R>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let start = index == 0 ? 0 : ends[index - 1]
        let end = ends[index]
        return data.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<end])) }
    }

    /// The number of physical data rows.
    var rowCount: Int { rowEnds.count }

    func end(_ statement: Statement) {
        guard columns > 0 else { return }
        printHeader()
        let total = ends.count
        var index = columns
        var line = 0
        data.withUnsafeBufferPointer { all in
            while index < total {
                rowStart()
                for j in 0..<columns {
                    let start = ends[index - 1]
                    let cell = UnsafeBufferPointer(rebasing: all[start..<ends[index]])
                    printCell(cell, width: columnWidths[j] < 0 ? -actualWidths[j] : actualWidths[j])
                    index += 1
                    if j == columns - 1 {
                        rowEnd()
                    } else {
                        columnSeparator()
                    }
                }
                if hasMultiLineRows && rowEnds[line] && index < total { rowDivider() }
                line += 1
            }
        }
        printFooter()
    }

    /// sqlite3's `utf8_width_print`: the text padded with spaces to `width` characters (on
    /// the left when `width` is negative), cut when longer.
    @inline(__always)
    func printCell(_ text: UnsafeBufferPointer<UInt8>, width w: Int) {
        let aw = w < 0 ? -w : w
        var i = 0
        var n = 0
        let count = text.count
        while i < count {
            if text[i] & 0xC0 != 0x80 {
                n += 1
                if n == aw {
                    repeat { i += 1 } while i < count && text[i] & 0xC0 == 0x80
                    break
                }
            }
            i += 1
        }
        if n >= aw {
            out.write(UnsafeBufferPointer(rebasing: text[0..<i]))
        } else if w < 0 {
            out.writeSpaces(aw - n)
            out.write(text)
        } else {
            out.write(text)
            out.writeSpaces(aw - n)
        }
    }

    /// Prints header cell `i` centred in its column (table, markdown and box modes).
    func printCentredName(_ i: Int) {
        withCell(i) { name in
            let w = actualWidths[i]
            let n = CellText.characterCount(name)
            out.writeSpaces((w - n) / 2)
            out.write(name)
            out.writeSpaces((w - n + 1) / 2)
        }
    }

    /// sqlite3's `print_row_separator`: `sep` then dashes (width + 2) per column, then `sep`.
    func printDashedSeparator(_ sep: StaticString) {
        for i in 0..<columns {
            out.write(sep)
            printDashes(actualWidths[i] + 2)
        }
        out.write(sep)
        out.write(byte: 10)
    }

    func printDashes(_ n: Int) {
        var left = n
        while left > 0 {
            let k = min(left, 50)
            Self.dashes.withUnsafeBytes { out.write(UnsafeRawBufferPointer(rebasing: $0[0..<k])) }
            left -= k
        }
    }
    private static let dashes = [UInt8](repeating: 45, count: 50)

    // The frame of each mode.
    func printHeader() {}
    func rowStart() {}
    func columnSeparator() {}
    func rowEnd() {}
    func rowDivider() {}
    func printFooter() {}
}
