/// Draws the lines of one `pretty` table with a given layout.
struct TableDrawer {
    let layout: TableLayout
    let colour: Bool
    let out: OutputWriter

    /// The shown columns in drawing order, nil standing for the `…` column.
    let slots: [Int?]
    /// The width of each slot.
    let slotWidths: [Int]

    init(layout: TableLayout, colour: Bool, out: OutputWriter) {
        self.layout = layout
        self.colour = colour
        self.out = out
        var slots: [Int?] = layout.shown.map { $0 }
        var widths = layout.widths
        if let gap = layout.gapPosition {
            slots.insert(nil, at: gap)
            widths.insert(TableLayout.gapWidth, at: gap)
        }
        self.slots = slots
        slotWidths = widths
    }

    /// The top border and, when given, the header row, the row of types under it (dim in
    /// colour) and the rule under them.
    /// The top border and the headers; `ruled: false` leaves out the rule under them (a
    /// table without rows ends there).
    func top(headers: [DisplayCell]?, types: [String]? = nil, ruled: Bool = true) {
        border("┌", "┬", "┐")
        if let headers {
            header(headers)
            if let types { typeRow(types) }
            if ruled { rule() }
        }
    }

    /// The column types, centred, cut with `…` to their columns, dim in colour.
    func typeRow(_ types: [String]) {
        out.write("│")
        for s in slots.indices {
            let w = slotWidths[s]
            let (text, textWidth) = slots[s].map { c in
                c < types.count ? DisplayCell.cut(types[c], DisplayWidth.of(types[c]), to: w) : ("", 0)
            } ?? ("", 0)
            let space = w - textWidth
            out.writeSpaces(1 + space / 2)
            if colour && !text.isEmpty { out.write(Style.dim.start) }
            out.write(verbatim: text)
            if colour && !text.isEmpty { out.write(Style.reset) }
            out.writeSpaces(space - space / 2 + 1)
            out.write("│")
        }
        out.write(byte: 10)
    }

    /// A rule between rows.
    func rule() { border("├", "┼", "┤") }

    /// The bottom border.
    func bottom() { border("└", "┴", "┘") }

    func border(_ left: StaticString, _ middle: StaticString, _ right: StaticString) {
        out.write(left)
        for k in slots.indices {
            if k > 0 { out.write(middle) }
            out.write("─", times: slotWidths[k] + 2)
        }
        out.write(right)
        out.write(byte: 10)
    }

    /// The header: names centred, wrapped at spaces (never inside a word), bold in colour.
    func header(_ names: [DisplayCell]) {
        let lines: [[(String, Int)]] = slots.indices.map { s in
            guard let c = slots[s] else { return [("…", 1)] }
            return DisplayCell.wordWrap(names[c].lines.first ?? "", width: slotWidths[s])
        }
        let height = lines.map(\.count).max() ?? 1
        for k in 0..<height {
            out.write("│")
            for s in slots.indices {
                let (text, w) = k < lines[s].count ? lines[s][k] : ("", 0)
                let space = slotWidths[s] - w
                out.writeSpaces(1 + space / 2)
                if colour { out.write(Style.bold.start) }
                out.write(verbatim: text)
                if colour { out.write(Style.reset) }
                out.writeSpaces(space - space / 2 + 1)
                out.write("│")
            }
            out.write(byte: 10)
        }
    }

    /// One row: numbers right-aligned, text cut with `…` to its column.
    func row(_ cells: [DisplayCell]) {
        var height = 1
        for slot in slots { if let c = slot { height = max(height, cells[c].lines.count) } }
        for k in 0..<height {
            out.write("│")
            for s in slots.indices {
                let w = slotWidths[s]
                guard let c = slots[s] else {
                    out.write(k == 0 ? " … │" : "   │")
                    continue
                }
                let cell = cells[c]
                out.write(byte: 32)
                guard k < cell.lines.count else {
                    out.writeSpaces(w)
                    out.write(" │")
                    continue
                }
                let (text, textWidth) = DisplayCell.cut(cell.lines[k], cell.widths[k], to: w)
                if cell.isNumber { out.writeSpaces(w - textWidth) }
                if (cell.isNull || k >= cell.dimFrom ?? Int.max) && colour && !text.isEmpty {
                    out.write(Style.dim.start); out.write(verbatim: text); out.write(Style.reset)
                } else {
                    out.write(verbatim: text)
                }
                if !cell.isNumber { out.writeSpaces(w - textWidth) }
                out.write(" │")
            }
            out.write(byte: 10)
        }
    }

    /// The row standing for the rows not shown: a `·` in the middle of each column.
    func ellipsisRow() {
        out.write("│")
        for w in slotWidths {
            out.writeSpaces(1 + (w - 1) / 2)
            out.write("·")
            out.writeSpaces(w - 1 - (w - 1) / 2 + 1)
            out.write("│")
        }
        out.write(byte: 10)
    }
}
