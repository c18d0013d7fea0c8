import SQLshCore

/// `.chart ?--bins N? ?LABEL? ?VALUE?`: the last result shown on the screen as a picture.
///
/// A result with a column of numbers and another column is a horizontal bar chart, one bar per
/// row (label column + number column); a result of one column of numbers, or `--bins N`, is a
/// histogram of that column. Both fit the terminal's width and end with an axis. Like `.last`,
/// the query is run again (only one that reads), so every row counts, not only those shown.
struct ChartCommand: DotCommand {
    static let name = "chart"
    static let usage = ".chart ?--bins N? ?LABEL? ?VALUE?"
    static let summary = "Draw the last result as a bar chart or a histogram"
    static let details = """
           The last query shown is run again and drawn fitted to the terminal:
           a bar per row, labelled by one column and as long as the number in
           another (by default the last column of numbers, labelled by the first
           column of text); or, for one column of numbers or with --bins, a
           histogram of that column. Columns are named or numbered from 1.
           --bins N  A histogram in N bins (1 to 100; default by the count)
           LABEL     The column of the bars' labels
           VALUE     The column of numbers (the only one given: the values)
        """

    /// Bars drawn at most when there is no terminal height to fit.
    static let defaultMaximumBars = 50
    /// Values a histogram reads at most.
    static let maximumValues = 5_000_000

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        var bins: Int?
        var names: [String] = []
        var i = 1
        while i < arguments.count {
            let argument = arguments[i]
            if argument == "--bins" || argument == "-bins" {
                guard i + 1 < arguments.count, let n = Int(arguments[i + 1]), (1...100).contains(n) else {
                    throw ShellError("Error: --bins takes a number from 1 to 100")
                }
                bins = n
                i += 2
                continue
            }
            if argument.hasPrefix("-") && Int(argument) == nil { throw ShellError("Error: unknown option \(argument); usage: \(usage)") }
            names.append(argument)
            i += 1
        }
        guard names.count <= 2 else { throw ShellError("Usage: \(usage)") }
        guard let last = shell.lastResult else {
            throw ShellError("No result to chart yet: run a query, then .chart draws its result")
        }
        guard last.isReadOnly else {
            throw ShellError("The last statement changes the database: .chart runs again only statements that read")
        }
        let statement: Statement
        do {
            guard let prepared = try shell.connection.prepareFirst(last.sql) else {
                throw ShellError("No result to chart yet: run a query, then .chart draws its result")
            }
            statement = prepared
        } catch let error as SQLiteError {
            throw ShellError("Error: \(error.message)")
        }
        shell.bindParameters(statement)
        let columnNames = (0..<statement.columnCount).map { statement.columnName(at: $0) }
        guard !columnNames.isEmpty else { throw ShellError("The last statement has no result columns to chart") }
        let data = try Table.read(statement, keepingRows: bins == nil ? maximumBars(shell) : 0)
        guard data.rowCount > 0 else { throw ShellError("The last result has no rows to chart") }

        func column(_ name: String) throws -> Int {
            if let n = Int(name), n >= 1, n <= columnNames.count { return n - 1 }
            if let c = columnNames.firstIndex(where: { $0.lowercased() == name.lowercased() }) { return c }
            throw ShellError("Error: no column \"\(name)\" in the last result (columns: \(columnNames.joined(separator: ", ")))")
        }
        let numeric = columnNames.indices.filter { data.isNumeric[$0] }
        var valueColumn: Int
        var labelColumn: Int?
        switch names.count {
        case 2:
            labelColumn = try column(names[0])
            valueColumn = try column(names[1])
        case 1:
            valueColumn = try column(names[0])
        default:
            guard let lastNumeric = numeric.last else {
                throw ShellError("The last result has no column of numbers to chart (columns: \(columnNames.joined(separator: ", ")))")
            }
            valueColumn = lastNumeric
        }
        guard data.numberCount[valueColumn] > 0 else {
            throw ShellError("Column \"\(columnNames[valueColumn])\" has no numbers to chart")
        }
        if names.count < 2 && bins == nil && columnNames.count > 1 {
            labelColumn = columnNames.indices.first { $0 != valueColumn && !data.isNumeric[$0] }
                ?? columnNames.indices.first { $0 != valueColumn }
        }
        let toScreen = shell.out === shell.standardOutput
        let width = toScreen && shell.settings.terminalWidth > 0 ? shell.settings.terminalWidth : 80
        let numbers = toScreen ? shell.settings.numberFormat : nil
        let format: (Double) -> String = { value in
            let text = value == value.rounded() && abs(value) < 1e15
                ? String(Int64(value)) : CapturedRow.Value.shortestExact(value)
            return numbers?.apply(text) ?? text
        }
        let colour = toScreen && shell.settings.colour
        let nullText = shell.settings.nullValue.isEmpty ? "NULL" : shell.settings.nullValue
        var lines: [String]
        var title: String
        var note: [String] = []
        if let labelColumn, bins == nil {
            let bars = data.rows.compactMap { row in row[valueColumn].map { ChartLayout.Bar(label: row[labelColumn]?.text ?? nullText, value: $0.number) } }
                .compactMap { bar in bar.value.isNaN ? nil : bar }
            lines = ChartLayout.barChart(bars, width: width, format: format)
            title = "\(columnNames[valueColumn]) by \(columnNames[labelColumn])"
            if data.rowCount > data.rows.count {
                note.append("the first \(ResultFooter.count(data.rows.count)) of \(ResultFooter.count(data.rowCount)) rows")
            }
        } else {
            let values = data.values[valueColumn]
            let count = bins ?? ChartLayout.defaultBins(values.count)
            guard let histogram = ChartLayout.histogram(values, bins: count, format: format) else {
                throw ShellError("Column \"\(columnNames[valueColumn])\" has no numbers to chart")
            }
            let bars = histogram.map { ChartLayout.Bar(label: $0.label, value: Double($0.count)) }
            lines = ChartLayout.barChart(bars, width: width, format: format)
            title = "\(columnNames[valueColumn]): \(ResultFooter.count(values.count)) value\(values.count == 1 ? "" : "s") in \(histogram.count) bin\(histogram.count == 1 ? "" : "s")"
            if data.valuesCut { note.append("the first \(ResultFooter.count(values.count)) values") }
        }
        let skipped = data.rowCount - data.numberCount[valueColumn]
        if skipped > 0 {
            note.append("\(ResultFooter.count(skipped)) without a number left out")
        }
        let out = shell.out
        func dim(_ text: String) {
            out.write(verbatim: Palette(colour: colour).paint(text, .dim) + "\n")
        }
        dim(([title] + note).joined(separator: " · "))
        for (k, line) in lines.enumerated() {
            // The axis lines are dim.
            if k >= lines.count - 2 { dim(line) } else { out.write(verbatim: line + "\n") }
        }
        out.flush()
        return .success
    }

    /// The bars a chart draws: as many as fit the terminal with the title, axis and prompt.
    private static func maximumBars(_ shell: Shell) -> Int {
        let height = shell.out === shell.standardOutput ? shell.settings.terminalHeight : 0
        return height > 0 ? max(height - 4, 3) : defaultMaximumBars
    }

    /// The cells of the last result that a chart needs.
    struct Table {
        /// A value as the chart reads it: its text (for a label), its number (NaN for none).
        struct Cell {
            var text: String
            var number: Double
        }
        /// The first rows kept (for a bar chart), nil cells for NULL.
        var rows: [[Cell?]] = []
        /// Every row's numbers per column (for a histogram).
        var values: [[Double]]
        /// Whether a column's values are all numbers (NULLs aside) and it has one.
        var isNumeric: [Bool]
        /// Numbers seen per column.
        var numberCount: [Int]
        /// Rows in the result.
        var rowCount = 0
        /// Whether ``ChartCommand/maximumValues`` stopped the reading of values.
        var valuesCut = false

        /// Steps `statement` to its end: keeps its first `keepingRows` rows and its numbers.
        static func read(_ statement: Statement, keepingRows: Int) throws -> Table {
            let columns = statement.columnCount
            var table = Table(values: Array(repeating: [], count: columns), isNumeric: Array(repeating: true, count: columns),
                              numberCount: Array(repeating: 0, count: columns))
            do {
                while try statement.step() {
                    table.rowCount += 1
                    var row: [Cell?] = []
                    for c in 0..<columns {
                        let cell = Self.cell(statement, c)
                        if let cell {
                            if cell.number.isNaN {
                                table.isNumeric[c] = false
                            } else {
                                table.numberCount[c] += 1
                                if table.values[c].count < ChartCommand.maximumValues {
                                    table.values[c].append(cell.number)
                                } else {
                                    table.valuesCut = true
                                }
                            }
                        }
                        if table.rows.count < keepingRows { row.append(cell) }
                    }
                    if table.rows.count < keepingRows { table.rows.append(row) }
                }
            } catch let error as SQLiteError {
                throw ShellError("Error: \(error.message)")
            }
            for c in 0..<columns where table.numberCount[c] == 0 { table.isNumeric[c] = false }
            return table
        }

        /// A value's cell: integers and reals are numbers, and so is text that reads as a
        /// finite number (a CSV import's); nil for NULL.
        private static func cell(_ statement: Statement, _ c: Int) -> Cell? {
            switch statement.columnType(at: c) {
            case .null:
                return nil
            case .integer:
                let v = statement.int64(at: c)
                return Cell(text: String(v), number: Double(v))
            case .real:
                let v = statement.double(at: c)
                return Cell(text: CapturedRow.Value.real(v).text ?? "", number: v.isFinite ? v : .nan)
            case .text:
                let text = statement.string(at: c) ?? ""
                let trimmed = text.trimmingCharacters(in: " ")
                let number = Double(trimmed).flatMap { $0.isFinite ? $0 : nil } ?? .nan
                return Cell(text: text, number: number)
            case .blob:
                return Cell(text: DisplayCell.hex(Array(statement.blobBytes(at: c))), number: .nan)
            }
        }
    }
}

private extension String {
    /// The text without `character` at either end.
    func trimmingCharacters(in character: Character) -> Substring {
        var s = self[...]
        while s.first == character { s.removeFirst() }
        while s.last == character { s.removeLast() }
        return s
    }
}
