import SQLshCore

/// The delimited modes: values separated by the column separator, rows ended by the row
/// separator, with `.headers on` the column names first; `Quoting` decides how one value or
/// name is written.
///
/// - `list`, `tabs`, `ascii` (and `.explain`'s output): ``NoQuoting``, text as it is;
/// - `csv`: ``CSVQuoting``, fields quoted when needed (sqlite3's `output_csv`);
/// - `tcl`: ``TclQuoting``, every value a C-escaped `"..."` string;
/// - `quote`: ``SQLLiteralQuoting``, values as SQL literals.
///
/// `Quoting` is a type parameter, so each mode's loop is compiled with its own writer inlined.
final class DelimitedRenderer<Quoting: DelimitedQuoting>: RowByRowRenderer, ResultRenderer {
    private let columnSeparator: [UInt8]
    private let rowSeparator: [UInt8]

    override init(shell: Shell, statement: Statement) {
        columnSeparator = CellText.bytes(shell.settings.columnSeparator)
        rowSeparator = CellText.bytes(shell.settings.rowSeparator)
        super.init(shell: shell, statement: statement)
    }

    func begin(_ statement: Statement) {
        guard headers else { return }
        for i in 0..<columns {
            if i > 0 { out.write(columnSeparator) }
            Quoting.writeName(statement.columnNameBytes(at: i), separator: columnSeparator, to: out)
        }
        out.write(rowSeparator)
    }

    func row(_ statement: Statement) {
        for i in 0..<columns {
            if i > 0 { out.write(columnSeparator) }
            Quoting.writeValue(statement, at: i, nullValue: nullValue, separator: columnSeparator, to: out)
        }
        out.write(rowSeparator)
    }
}

/// How a ``DelimitedRenderer`` writes a column name and a value.
protocol DelimitedQuoting {
    /// Writes column name `name` of the header line.
    static func writeName(_ name: UnsafeBufferPointer<UInt8>, separator: [UInt8], to out: OutputWriter)
    /// Writes column `i` of the statement's current row (`nullValue` is the `.nullvalue` text).
    static func writeValue(_ statement: Statement, at i: Int, nullValue: [UInt8], separator: [UInt8], to out: OutputWriter)
}

/// The quotings that write a column name and a text value alike, with ``writeText(_:separator:to:)``,
/// and NULL as the null value (itself quoted when ``quotesNullValue``).
protocol TextQuoting: DelimitedQuoting {
    /// Writes a name or a value's text.
    static func writeText(_ text: UnsafeBufferPointer<UInt8>, separator: [UInt8], to out: OutputWriter)
    /// Whether the null value goes through ``writeText(_:separator:to:)`` too.
    static var quotesNullValue: Bool { get }
}

extension TextQuoting {
    // Forced inlining in this file: Benchmarks/shell.sh (list, csv, tabs... output modes): every cell.
    @inline(__always)
    static func writeName(_ name: UnsafeBufferPointer<UInt8>, separator: [UInt8], to out: OutputWriter) {
        writeText(name, separator: separator, to: out)
    }

    @inline(__always)
    static func writeValue(_ statement: Statement, at i: Int, nullValue: [UInt8], separator: [UInt8], to out: OutputWriter) {
        if let text = CellText.text(statement, i) {
            writeText(text, separator: separator, to: out)
        } else if quotesNullValue {
            nullValue.withUnsafeBufferPointer { writeText($0, separator: separator, to: out) }
        } else {
            out.write(nullValue)
        }
    }
}

/// `list`, `tabs`, `ascii`: names and values as they are (text cut at a NUL, as sqlite3's
/// `%s`), NULL as the null value.
enum NoQuoting: TextQuoting {
    static var quotesNullValue: Bool { false }

    @inline(__always)
    static func writeText(_ text: UnsafeBufferPointer<UInt8>, separator: [UInt8], to out: OutputWriter) {
        out.write(text)
    }
}

/// `csv`: names and values quoted when they hold the separator, a quote or a line break
/// (sqlite3's `output_csv`); NULL as the null value, unquoted.
enum CSVQuoting: TextQuoting {
    static var quotesNullValue: Bool { false }

    @inline(__always)
    static func writeText(_ text: UnsafeBufferPointer<UInt8>, separator: [UInt8], to out: OutputWriter) {
        CellEscapes.writeCSV(text, separator: separator, to: out)
    }
}

/// `tcl`: names and values as C-escaped `"..."` strings; NULL as the null value, escaped too.
enum TclQuoting: TextQuoting {
    static var quotesNullValue: Bool { true }

    @inline(__always)
    static func writeText(_ text: UnsafeBufferPointer<UInt8>, separator: [UInt8], to out: OutputWriter) {
        CellEscapes.writeC(text, to: out)
    }
}

/// `quote`: names as SQL strings; values as SQL literals (`NULL`, `'text'`, `X'blob'`,
/// integers in decimal, REALs through `%!.20g`). The null value is not used.
enum SQLLiteralQuoting: DelimitedQuoting {
    @inline(__always)
    static func writeName(_ name: UnsafeBufferPointer<UInt8>, separator: [UInt8], to out: OutputWriter) {
        CellEscapes.writeSQLQuoted(name, to: out)
    }

    @inline(__always)
    static func writeValue(_ statement: Statement, at i: Int, nullValue: [UInt8], separator: [UInt8], to out: OutputWriter) {
        switch statement.columnType(at: i) {
        case .null:
            out.write("NULL")
        case .text:
            CellEscapes.writeSQLQuoted(CellText.text(statement, i) ?? CellText.empty, to: out)
        case .integer:
            out.write(CellText.text(statement, i) ?? CellText.empty)
        case .real:
            CellText.writeReal(statement.double(at: i), format: "%!.20g", to: out)
        case .blob:
            CellEscapes.writeHexBlob(statement.blobBytes(at: i), to: out)
        }
    }
}
