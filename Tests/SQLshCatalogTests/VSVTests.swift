import Foundation
import SQLshCatalog
import SQLshCore
import Testing

/// The vsv virtual table: sqlean's parameters, parsing, conversions and errors.
@Suite struct VSVTests {
    /// The rows of `select <columns> from t` after creating t with the given vsv parameters,
    /// one string per row with `|` between values and `NULL` for NULL.
    func table(_ parameters: String, _ columns: String = "*") throws -> [String] {
        let db = try catalogConnection()
        try db.execute("create virtual table temp.t using vsv(\(parameters))")
        return try rows(db, "select \(columns) from t").map { row in
            row.map { value -> String in
                switch value {
                case .null: return "NULL"
                case .integer(let n): return "\(n)"
                case .real(let x): return "\(x)"
                case .text(let s): return s
                case .blob(let b): return "x'" + b.map { String($0, radix: 16) }.joined() + "'"
                }
            }.joined(separator: "|")
        }
    }

    func failure(_ parameters: String) -> String? {
        guard let db = try? catalogConnection() else { return "no connection" }
        return errorMessage(db, "create virtual table temp.t using vsv(\(parameters))")
    }

    @Test func headerNamesTheColumnsAndQuotedFieldsKeepSeparators() throws {
        let data = "'name,qty\n\"Smith, J\",3\n\"a\"\"b\",4\n'"
        #expect(try table("data=\(data), header", "name, qty") == ["Smith, J|3", "a\"b|4"])
        #expect(try table("data=\(data), header", "rowid") == ["1", "2"])
    }

    @Test func columnNamesWithoutAHeaderOrPastIt() throws {
        let db = try catalogConnection()
        try db.execute("create virtual table temp.a using vsv(data='1,2,3')")
        #expect(try column(db, "select name from pragma_table_info('a')") == [.text("c0"), .text("c1"), .text("c2")])
        try db.execute("create virtual table temp.b using vsv(data='x,y\n1,2', header, columns=4)")
        #expect(try column(db, "select name from pragma_table_info('b')") == [.text("x"), .text("y"), .text("c3"), .text("c4")])
        try db.execute("create virtual table temp.c using vsv(data='1', columns=2)")
        #expect(try column(db, "select name from pragma_table_info('c')") == [.text("c0"), .text("c1")])
    }

    @Test func shortRecordsBlankLinesAndTheFinalSeparator() throws {
        #expect(try table("data='a,b\nc\n\nd,e\n'") == ["a|b", "c|NULL", "|NULL", "d|e"])
    }

    @Test func crlfFilesAndTheByteOrderMark() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("vsv-\(UUID().uuidString).csv")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data([0xEF, 0xBB, 0xBF] + Array("h1,h2\r\n1,\"x\"\r\n2,y\r\n".utf8)).write(to: url)
        #expect(try table("filename='\(url.path)', header", "h1, h2") == ["1|x", "2|y"])
    }

    @Test func affinities() throws {
        let data = "'7, +8 ,1e3,0x10,2.5,abc'"
        #expect(try table("data=\(data), affinity=integer", "typeof(c0), c1, typeof(c2), c3, typeof(c4)")
                == ["integer|8|text|0x10|text"])
        #expect(try table("data=\(data), affinity=real", "c0, c2, c4, c5") == ["7.0|1000.0|2.5|abc"])
        #expect(try table("data=\(data), affinity=numeric", "typeof(c0), c2, typeof(c2), c4") == ["integer|1000|integer|2.5"])
        #expect(try table("data=\(data), affinity=blob", "typeof(c0)") == ["blob"])
        #expect(try table("data=\(data), affinity=INTEGERS", "typeof(c0)") == ["integer"])  // a prefix, as sqlean
        #expect(try table("data='1;5', fsep=';', dsep=';', affinity=real", "c0") == ["1.0"])
    }

    @Test func nullsAndEmptyQuotedFields() throws {
        #expect(try table("data='a,,\"\"', nulls") == ["a|NULL|"])
        #expect(try table("data='a,,\"\"'") == ["a||"])
    }

    @Test func malformedFilesGiveDefinedRows() throws {
        // An unterminated quote runs to the end of the input; text after a closing quote is kept.
        #expect(try table("data='a,\"b\nc'") == ["a|b\nc"])
        #expect(try table("data='\"a\"x,b'") == ["ax|b"])
        // Ragged rows: missing columns are NULL, extra fields are dropped.
        #expect(try table("data='1,2,3\n4\n5,6,7,8'") == ["1|2|3", "4|NULL|NULL", "5|6|7"])
        // Invalid UTF-8 stays bytes as they are (validatetext turns it into an error or a blob).
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("vsv-\(UUID().uuidString).csv")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data([0x61, 0xFF, 0x2C, 0x22, 0xC3, 0x22, 0x0A]).write(to: url)
        let db = try catalogConnection()
        try db.execute("create virtual table temp.t using vsv(filename='\(url.path)')")
        #expect(try rows(db, "select hex(c0), hex(c1) from t") == [[.text("61FF"), .text("C3")]])
    }

    @Test func separators() throws {
        #expect(try table("data='a;b|c;d', fsep=';', rsep='|'") == ["a|b", "c|d"])
        #expect(try table("data='a\tb', fsep='\\t'") == ["a|b"])
        #expect(try table("data='a~b', fsep='\\x7e'") == ["a|b"])
    }

    @Test func skip() throws {
        #expect(try table("data='h\n1\n2\n3', header, skip=2") == ["3"])
    }

    @Test func validateText() throws {
        let db = try catalogConnection()
        try db.execute("create virtual table temp.n using vsv(data='x', validatetext)")
        try db.execute("create virtual table temp.t using vsv(data='x', affinity=text, validatetext)")
        #expect(try value(db, "select c0 from n") == .text("x"))
        let bad = "cast(x'61ff' as text)"
        // Data with an invalid byte comes only from files: write one.
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("vsv-\(UUID().uuidString).csv")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data([0x61, 0xFF, 0x0A]).write(to: url)
        try db.execute("create virtual table temp.f using vsv(filename='\(url.path)', validatetext)")
        try db.execute("create virtual table temp.g using vsv(filename='\(url.path)', affinity=text, validatetext)")
        #expect(errorMessage(db, "select c0 from f") == "Invalid UTF8 Data")
        #expect(try value(db, "select typeof(c0) from g") == .text("blob"))
        _ = bad
    }

    @Test func parameterErrors() {
        #expect(failure("filename='/nonexistent/x.csv'") == "cannot open '/nonexistent/x.csv' for reading")
        #expect(failure("header") == "must specify either filename= or data= but not both")
        #expect(failure("data='a', filename='b'") == "must specify either filename= or data= but not both")
        #expect(failure("data='a', data='b'") == "more than one 'data' parameter")
        #expect(failure("data='a', bogus=1") == "bad parameter: 'bogus=1'")
        #expect(failure("data='a', header=maybe") == "bad parameter: 'header=maybe'")
        #expect(failure("data='a', columns=0") == "column= value must be positive")
        #expect(failure("data='a', skip=0") == "skip= value must be positive")
        #expect(failure("data='a', skip=3") == nil)  // checked when read
        #expect(failure("data='a', fsep='ab'") == "cannot parse fsep: 'ab'")
        #expect(failure("data='a', affinity=float") == "unknown affinity: 'float'")
        #expect(failure("data='a', schema='create table x(', columns=1")?.hasPrefix("bad schema: 'create table x(' - ") == true)
    }

    @Test func readOnlyAndDirectOnly() throws {
        let db = try catalogConnection()
        try db.execute("create virtual table temp.t using vsv(data='1,2')")
        #expect(errorMessage(db, "insert into t values (3, 4)") == "table t may not be modified")
        try db.execute("create virtual table main.m using vsv(data='1,2')")
        try db.execute("create view v as select * from m")
        #expect(errorMessage(db, "select * from v") == "unsafe use of virtual table \"m\"")
    }

    @Test func aFileOfManyRecordsStreams() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("vsv-\(UUID().uuidString).csv")
        defer { try? FileManager.default.removeItem(at: url) }
        var text = "n,s\n"
        for i in 0..<50_000 { text += "\(i),\"row \(i), with a comma\"\n" }
        try text.write(to: url, atomically: true, encoding: .utf8)
        let db = try catalogConnection()
        try db.execute("create virtual table temp.t using vsv(filename='\(url.path)', header, affinity=integer)")
        #expect(try value(db, "select sum(n) from t") == .integer(1_249_975_000))
        #expect(try value(db, "select s from t where n = 49999") == .text("row 49999, with a comma"))
    }
}
