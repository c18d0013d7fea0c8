#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLshCore

/// sqlite3's `explain` display: the output of `EXPLAIN` in fixed-width columns with loops
/// indented (used automatically for EXPLAIN statements, and for everything after
/// `.explain on`).
final class ExplainRenderer: ResultRenderer {
    private static let widths = [4, 13, 4, 4, 4, 13, 2, 13]
    private let out: OutputWriter
    private let nullValue: String
    private let indents: [Int]
    private var nextIndent = 0
    private var rows = 0

    init(out: OutputWriter, nullValue: String, indents: [Int]) {
        self.out = out
        self.nullValue = nullValue
        self.indents = indents
    }

    func begin(_ statement: Statement) {}

    func row(_ statement: Statement) {
        let columns = min(statement.columnCount, Self.widths.count)
        if rows == 0 {
            for i in 0..<columns {
                printPadded(statement.columnNameBytes(at: i), width: Self.widths[i])
                out.write(i == columns - 1 ? "\n" : "  ")
            }
            for i in 0..<columns {
                out.write([UInt8](repeating: 45, count: Self.widths[i]))
                out.write(i == columns - 1 ? "\n" : "  ")
            }
        }
        rows += 1
        for i in 0..<columns {
            var width = i == columns - 1 ? 0 : Self.widths[i]
            let isNull = statement.columnType(at: i) == .null
            if !isNull {
                let n = characterCount(CellText.text(statement, i) ?? CellText.empty)
                if n > width { width = n }
            }
            if i == 1 && !indents.isEmpty {
                if nextIndent < indents.count {
                    out.write([UInt8](repeating: 32, count: indents[nextIndent]))
                }
                nextIndent += 1
            }
            if isNull {
                var null = nullValue
                null.withUTF8 { printPadded($0, width: width) }
            } else {
                printPadded(CellText.text(statement, i) ?? CellText.empty, width: width)
            }
            out.write(i == columns - 1 ? "\n" : "  ")
        }
    }

    func end(_ statement: Statement) {}

    private func characterCount(_ text: UnsafeBufferPointer<UInt8>) -> Int {
        var n = 0
        for byte in text where byte & 0xC0 != 0x80 { n += 1 }
        return n
    }

    /// sqlite3's `utf8_width_print`: at most `width` characters, padded with spaces on the
    /// right to `width`; a width of 0 prints the whole text.
    private func printPadded(_ text: UnsafeBufferPointer<UInt8>?, width: Int) {
        let text = text ?? UnsafeBufferPointer(start: nil, count: 0)
        var i = 0
        var n = 0
        var cut = text.count
        while i < text.count {
            if text[i] & 0xC0 != 0x80 {
                n += 1
                if n == width {
                    i += 1
                    while i < text.count && text[i] & 0xC0 == 0x80 { i += 1 }
                    cut = i
                    break
                }
            }
            i += 1
        }
        if n >= width {
            out.write(UnsafeBufferPointer(rebasing: text[0..<cut]))
        } else {
            out.write(text)
            out.write([UInt8](repeating: 32, count: width - n))
        }
    }

    /// The indentation of each instruction of an EXPLAIN statement, as sqlite3's
    /// `explain_data_prepare` computes it, or nil when the statement is not an EXPLAIN
    /// (the normal mode is used then). Steps the statement and resets it.
    static func indents(for statement: Statement) -> [Int]? {
        guard statement.columnCount == 8 else { return nil }
        let sql = statement.sqlBytes
        var start = 0
        while start < sql.count && [32, 9, 10, 12, 13].contains(sql[start]) { start += 1 }
        guard startsWithExplain(UnsafeBufferPointer(rebasing: sql[start...])) else { return nil }
        let nextOps: Set<String> = ["Next", "Prev", "VPrev", "VNext", "SorterNext", "Return"]
        let yieldOps: Set<String> = ["Yield", "SeekLT", "SeekGT", "RowSetRead", "Rewind"]
        let names = ["addr", "opcode", "p1", "p2", "p3", "p4", "p5", "comment"]
        var indents: [Int] = []
        var isYield: [Bool] = []
        var op = 0
        while (try? statement.step()) == true {
            if op == 0 {
                for (j, name) in names.enumerated() where statement.columnName(at: j) != name {
                    statement.reset()
                    return nil
                }
            }
            let address = Int(statement.int32(at: 0))
            let opcode = statement.string(at: 1) ?? ""
            let p2 = Int(statement.int32(at: 3))
            let p2op = p2 + (op - address)
            isYield.append(yieldOps.contains(opcode))
            indents.append(0)
            if nextOps.contains(opcode) && p2op > 0 {
                var i = p2op
                while i < op { indents[i] += 2; i += 1 }
            }
            if opcode == "Goto" && p2op < indents.count && p2op >= 0
                && (isYield[p2op] || statement.int32(at: 2) != 0) {
                var i = p2op
                while i < op { indents[i] += 2; i += 1 }
            }
            op += 1
        }
        statement.reset()
        return indents
    }

    /// Whether the text starts with `explain`, in any case (sqlite3's `sqlite3_strnicmp(z,
    /// "explain", 7)`).
    private static func startsWithExplain(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        let word: [UInt8] = Array("explain".utf8)
        guard text.count >= word.count else { return false }
        for (i, letter) in word.enumerated() where text[i] | 0x20 != letter { return false }
        return true
    }
}
