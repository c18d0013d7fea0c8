#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLshFiles

/// An error in the data of a file read as a table (`sales.csv:4:12: a quoted field is not
/// closed...`, with the line and a caret under it), told apart from SQL errors so that it is
/// labelled as what it is: `Error in sales.csv:4:12: ...` at the prompt, `Error near line N:`
/// in scripts, rather than `Parse error`/`Runtime error` (sqlite3 reads no files as tables,
/// so no output of its changes).
enum FileDataError {
    /// Whether `message` (SQLite's error text) is an error in a file's data: its first line
    /// starts with `PATH:LINE:COLUMN: ` where PATH is a file that exists.
    static func isFileError(_ message: [UInt8]) -> Bool {
        let line = message.prefix { $0 != 10 }
        var i = line.startIndex
        while let colon = line[i...].firstIndex(of: UInt8(ascii: ":")) {
            if colon > line.startIndex, followsLocation(line, from: colon) {
                let path = String(decoding: line[line.startIndex..<colon], as: UTF8.self)
                if !path.contains("\0"), access(path, F_OK) == 0 { return true }
            }
            i = colon + 1
        }
        return false
    }

    /// For SQLite's `table NAME may not be modified` where NAME is a data file read as a
    /// table: that it is a read-only file, and how to make a table of it to change.
    static func readOnlyHint(forError message: [UInt8]) -> String? {
        let text = String(decoding: message.prefix { $0 != 10 }, as: UTF8.self)
        let prefix = "table ", suffix = " may not be modified"
        guard text.hasPrefix(prefix), text.hasSuffix(suffix), text.count > prefix.count + suffix.count else { return nil }
        let name = String(text.dropFirst(prefix.count).dropLast(suffix.count))
        guard FileTablesSubsystem.isDataFileName(name), access(name, F_OK) == 0 else { return nil }
        let quoted = "'" + name.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "''") + "'"
        return "\(name) is a file read as a table, and read-only; to change its rows, make a table of it: "
            + "create table t as select * from \(quoted)"
    }

    /// Whether `:LINE:COLUMN: ` starts at `colon`.
    private static func followsLocation(_ line: ArraySlice<UInt8>, from colon: Int) -> Bool {
        var i = colon
        for _ in 0..<2 {
            guard i < line.endIndex, line[i] == UInt8(ascii: ":") else { return false }
            i += 1
            let digitsStart = i
            while i < line.endIndex, line[i] >= UInt8(ascii: "0"), line[i] <= UInt8(ascii: "9") { i += 1 }
            guard i > digitsStart else { return false }
        }
        return i + 1 < line.endIndex && line[i] == UInt8(ascii: ":") && line[i + 1] == UInt8(ascii: " ")
    }
}
