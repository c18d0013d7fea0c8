import SQLshCore

/// `list` mode: values separated by the column separator, rows ended by the row separator,
/// nothing quoted; headers on the first row when `.headers on`.
final class ListRenderer: ResultRenderer {
    private let settings: ShellSettings
    private let out: OutputWriter
    private var rows = 0

    init(settings: ShellSettings, out: OutputWriter) {
        self.settings = settings
        self.out = out
    }

    func begin(_ statement: Statement) {}

    func row(_ statement: Statement) {
        let columns = statement.columnCount
        if rows == 0 && settings.headers {
            for i in 0..<columns {
                if i > 0 { out.write(settings.columnSeparator) }
                out.write(statement.columnName(at: i))
            }
            out.write(settings.rowSeparator)
        }
        rows += 1
        for i in 0..<columns {
            if i > 0 { out.write(settings.columnSeparator) }
            if statement.columnType(at: i) == .null {
                out.write(settings.nullValue)
            } else {
                out.write(statement.textBytes(at: i))
            }
        }
        out.write(settings.rowSeparator)
    }

    func end(_ statement: Statement) {}
}
