import SQLshCore
import CSQLite

extension Shell {
    /// Runs every statement of `sql` (UTF-8 bytes), walking SQLite's prepare tail, and renders
    /// rows in the current mode.
    ///
    /// - Returns: nil on success, else the error text after sqlite3's conventions:
    ///   `in prepare, MSG` (with caret context) or `stepping, MSG (CODE)`.
    func execute(sql: [UInt8]) -> String? {
        sql.withUnsafeBufferPointer { all in
            var rest = all
            while !rest.isEmpty {
                let statement: Statement?
                let consumed: Int
                do {
                    (statement, consumed) = try connection.prepare(utf8: rest)
                } catch let error as SQLiteError {
                    return "in prepare, " + error.message
                } catch {
                    return "in prepare, \(error)"
                }
                if let statement {
                    let renderer = RendererFactory.make(for: self)
                    var begun = false
                    do {
                        while try statement.step() {
                            if !begun { willPrintRows?(); renderer.begin(statement); begun = true }
                            renderer.row(statement)
                        }
                        if !begun { renderer.begin(statement) }
                        renderer.end(statement)
                    } catch let error as SQLiteError {
                        if begun { renderer.end(statement) }
                        return "stepping, \(error.message) (\(error.code))"
                    } catch {
                        return "stepping, \(error)"
                    }
                }
                rest = UnsafeBufferPointer(rebasing: rest[consumed...])
            }
            return nil
        }
    }
}
