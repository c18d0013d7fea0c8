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
///
/// Past ``spillBytes`` (1 MiB) of cell text, the collected rows move to a ``ResultSpool`` (a temporary
/// file) in blocks, so a result of any length is printed in flat memory.
class ColumnarRenderer: ResultRenderer {
    /// How much cell text is held in memory before the rows move to a temporary file.
    static let spillBytes = 1 << 20
    let out: OutputWriter
    let shell: Shell
    let headers: Bool
    /// The null value's bytes (allocated: cells point into it while a row is collected).
    private let nullValue: UnsafeMutableBufferPointer<UInt8>
    let wrapWidth: Int
    let wordWrap: Bool
    let quote: Bool
    let columns: Int
    /// The `.width` of each column (0: automatic; negative: right-aligned).
    let columnWidths: [Int]

    /// What is collected, behind a pointer: stored `var`s of a class cost a dynamic
    /// exclusivity check on every access, and this is touched for every cell.
    struct Store {
        /// The display text of every cell, row after row.
        var data: [UInt8] = []
        /// The end offset in `data` of each cell.
        var ends: [Int] = []
        /// The width of each column: the largest of `.width` and every cell, in characters.
        var actualWidths: [Int] = []
        /// For each physical data row: whether it is the last line of its value row.
        var rowEnds: [Bool] = []
        /// Whether any value took more than one line.
        var hasMultiLineRows = false
        /// The rest of each column's value still to show on continuation lines.
        var tails: [UnsafeBufferPointer<UInt8>?] = []
        /// `--quote`: each column's quoted value of the current row.
        var quotedCopies: [UnsafeMutableBufferPointer<UInt8>] = []
        /// The rows moved out of memory so far, oldest first (the names stay in memory).
        var spool: ResultSpool?
        /// Cell text held in memory before the rows move to the spool (never again once a
        /// spool could not be made or written).
        var spillAt = ColumnarRenderer.spillBytes
    }
    private let store: UnsafeMutablePointer<Store>
    /// Scratch space for `--quote`.
    private let scratch = OutputWriter.memory(capacity: 1 << 20)

    var actualWidths: [Int] { store.pointee.actualWidths }

    /// - Parameter spillBytes: how much cell text is held in memory before the rows move to a
    ///   temporary file (tests make it small).
    init(shell: Shell, statement: Statement, spillBytes: Int = ColumnarRenderer.spillBytes) {
        self.shell = shell
        out = shell.out
        headers = shell.settings.headers
        let null = CellText.bytes(shell.settings.nullValue)
        nullValue = .allocate(capacity: null.count)
        _ = nullValue.initialize(from: null)
        wrapWidth = shell.settings.wrapWidth
        wordWrap = shell.settings.wordWrap
        quote = shell.settings.quoteValues
        columns = statement.columnCount
        var widths = shell.settings.columnWidths.map { Int(Int32(truncatingIfNeeded: $0)) }
        if widths.count < columns { widths += Array(repeating: 0, count: columns - widths.count) }
        columnWidths = widths
        store = .allocate(capacity: 1)
        store.initialize(to: Store())
        store.pointee.spillAt = spillBytes
        // A `.width` of -2147483648 has no positive in C's int: sqlite3's minimum width then
        // loses to every cell (and its wrap width, compared as unsigned, never wraps).
        store.pointee.actualWidths = (0..<columns).map { widths[$0] == Int(Int32.min) ? 0 : abs(widths[$0]) }
        store.pointee.tails = Array(repeating: nil, count: columns)
        if quote {
            store.pointee.quotedCopies = (0..<columns).map { _ in UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 0) }
        }
    }

    deinit {
        nullValue.deallocate()
        for copy in store.pointee.quotedCopies { copy.deallocate() }
        store.deinitialize(count: 1)
        store.deallocate()
    }

    func begin(_ statement: Statement) {
        // sqlite3 grows its width table to the column count (.show then lists the zeros).
        if shell.settings.columnWidths.count < columns {
            shell.settings.columnWidths += Array(repeating: 0, count: columns - shell.settings.columnWidths.count)
        }
        store.pointee.data.reserveCapacity(1 << 16)
        for i in 0..<columns {
            _ = append(statement.columnNameBytes(at: i), column: i)
        }
    }

    // Forced inlining in this file: Benchmarks/shell.sh (columnar output modes): every cell.
    /// The wrap width of column `i`: its `.width` when set, else `--wrap`.
    @inline(__always)
    private func wrap(_ i: Int) -> Int {
        let w = columnWidths[i] != 0 ? columnWidths[i] : wrapWidth
        // -2147483648 stays negative in C's int: sqlite3's loop then takes one character.
        return w == Int(Int32.min) ? 1 : abs(w)
    }

    func row(_ statement: Statement) {
        var useTails = false
        let store = self.store
        repeat {
            var more = false
            store.pointee.rowEnds.append(true)
            for i in 0..<columns {
                let text: UnsafeBufferPointer<UInt8>
                if useTails {
                    text = store.pointee.tails[i] ?? CellText.empty
                } else if quote {
                    text = quoted(statement, i)
                } else if let value = CellText.text(statement, i) {
                    text = value
                } else {
                    text = UnsafeBufferPointer(nullValue)
                }
                let tail = append(text, column: i)
                if useTails || tail != nil { store.pointee.tails[i] = tail }
                if tail != nil {
                    more = true
                    store.pointee.rowEnds[store.pointee.rowEnds.count - 1] = false
                    store.pointee.hasMultiLineRows = true
                }
            }
            useTails = more
        } while useTails
        if store.pointee.data.count >= store.pointee.spillAt && columns > 0 { spill() }
    }

    /// Moves the value rows held in memory to the spool; the names (the first `columns`
    /// cells) stay.
    private func spill() {
        let store = self.store
        if store.pointee.spool == nil { store.pointee.spool = ResultSpool.make() }
        let namesEnd = store.pointee.ends[columns - 1]
        let written = store.pointee.spool.map { spool in
            store.pointee.ends.withUnsafeMutableBufferPointer { ends in
                // Offsets relative to the block's text.
                for k in columns..<ends.count { ends[k] -= namesEnd }
                defer { for k in columns..<ends.count { ends[k] += namesEnd } }
                return store.pointee.rowEnds.withUnsafeBufferPointer { rowEnds in
                    store.pointee.data.withUnsafeBufferPointer { data in
                        spool.append(ends: UnsafeBufferPointer(rebasing: ends[columns...]), lineEnds: rowEnds,
                                     text: UnsafeBufferPointer(rebasing: data[namesEnd...]))
                    }
                }
            }
        } ?? false
        guard written else {
            // No temporary file (or a full disk): the rest stays in memory, as in sqlite3.
            store.pointee.spillAt = Int.max
            return
        }
        store.pointee.data.removeSubrange(namesEnd...)
        store.pointee.ends.removeSubrange(columns...)
        store.pointee.rowEnds.removeAll(keepingCapacity: true)
    }

    /// sqlite3's `quoted_column`, into the scratch writer (valid until the next call for the
    /// same column: continuation lines point into it, so each column gets its own copy).
    private func quoted(_ statement: Statement, _ i: Int) -> UnsafeBufferPointer<UInt8> {
        switch statement.columnType(at: i) {
        case .null: scratch.write("NULL")
        case .integer, .real: scratch.write(CellText.text(statement, i) ?? CellText.empty)
        case .text: CellEscapes.writeSQLQuoted(CellText.text(statement, i) ?? CellText.empty, to: scratch)
        case .blob: CellEscapes.writeHexBlob(statement.blobBytes(at: i), upperX: false, to: scratch)
        }
        let bytes = scratch.takeBytes()
        store.pointee.quotedCopies[i].deallocate()
        let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        _ = copy.initialize(from: bytes)
        store.pointee.quotedCopies[i] = copy
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
        // The wrap test counts characters as translateForDisplayAndDup does, where a leading
        // continuation byte starts a character; the width counts them as strlenChar does,
        // where it does not.
        var shown = chars
        if simple, let first = z.first, first & 0xC0 == 0x80 { shown += 1 }
        if simple && shown < mx {
            let store = self.store
            store.pointee.data.append(contentsOf: z)
            store.pointee.ends.append(store.pointee.data.count)
            if chars > store.pointee.actualWidths[column] { store.pointee.actualWidths[column] = chars }
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
        let store = self.store
        let start = store.pointee.data.count
        i = 0
        n = 0
        while i < k {
            let c = z[i]
            if c >= 0x20 {
                n += 1
                repeat { store.pointee.data.append(z[i]); i += 1 } while at(i) & 0xC0 == 0x80
                continue
            }
            if c == 9 {
                repeat { n += 1; store.pointee.data.append(32) } while (n & 7) != 0 && n < mx
                i += 1
                continue
            }
            break
        }
        store.pointee.ends.append(store.pointee.data.count)
        var chars = 0
        for b in store.pointee.data[start...] where b & 0xC0 != 0x80 { chars += 1 }
        if chars > store.pointee.actualWidths[column] { store.pointee.actualWidths[column] = chars }
        return tail
    }

    @inline(__always) static func isSpace(_ c: UInt8) -> Bool { c == 32 || (c >= 9 && c <= 13) }
    @inline(__always) static func isAlnum(_ c: UInt8) -> Bool {
        (c >= 48 && c <= 57) || ((c | 0x20) >= 97 && (c | 0x20) <= 122)
    }

    /// Calls `body` with the bytes of cell `index` (row-major, row 0 the names).
    @inline(__always)
    func withCell<R>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let start = index == 0 ? 0 : store.pointee.ends[index - 1]
        let end = store.pointee.ends[index]
        return store.pointee.data.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<end])) }
    }

    func end(_ statement: Statement) {
        guard columns > 0 else { return }
        printHeader()
        let store = self.store
        let widths = store.pointee.actualWidths.enumerated().map { columnWidths[$0] < 0 ? -$1 : $1 }
        let lines = (store.pointee.spool?.lines ?? 0) + store.pointee.rowEnds.count
        var line = 0
        if let spool = store.pointee.spool {
            let read = spool.forEachBlock { ends, rowEnds, text in
                printRows(ends: ends, textStart: 0, rowEnds: rowEnds, text: text, widths: widths, line: &line, of: lines)
            }
            if !read { shell.err.write("Error: the result's temporary file could not be read back\n") }
        }
        store.pointee.ends.withUnsafeBufferPointer { ends in
            store.pointee.rowEnds.withUnsafeBufferPointer { rowEnds in
                store.pointee.data.withUnsafeBufferPointer { text in
                    printRows(ends: UnsafeBufferPointer(rebasing: ends[columns...]), textStart: ends[columns - 1],
                              rowEnds: rowEnds, text: text, widths: widths, line: &line, of: lines)
                }
            }
        }
        printFooter()
    }

    /// Prints whole physical rows: their cells end at `ends` (offsets in `text`, the first cell
    /// starting at `textStart`); `line` counts the physical rows printed of `lines` in all.
    @inline(__always)
    private func printRows(ends: UnsafeBufferPointer<Int>, textStart: Int, rowEnds: UnsafeBufferPointer<Bool>,
                           text: UnsafeBufferPointer<UInt8>, widths: [Int], line: inout Int, of lines: Int) {
        let multiLine = store.pointee.hasMultiLineRows
        var start = textStart
        var index = 0
        var local = 0
        while index < ends.count {
            rowStart()
            for j in 0..<columns {
                let end = ends[index]
                printCell(UnsafeBufferPointer(rebasing: text[start..<end]), width: widths[j])
                start = end
                index += 1
                if j == columns - 1 {
                    rowEnd()
                } else {
                    columnSeparator()
                }
            }
            line += 1
            if multiLine && rowEnds[local] && line < lines { rowDivider() }
            local += 1
        }
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
