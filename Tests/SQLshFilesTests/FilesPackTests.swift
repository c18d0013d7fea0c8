import Foundation
@testable import SQLshCatalog
@testable import SQLshFiles
@_spi(RawSQLite) import SQLshCore
import Testing

/// The files pack: files named in FROM, read_csv/read_json/read_ndjson, type inference,
/// the CSV and JSON readers, gzip, errors and the limits.
@Suite struct FilesPackTests {
    /// A folder for one test's files, the working folder of its statements (file names in
    /// SQL are relative to the process's working folder, so names are made absolute).
    final class Folder {
        let url: URL
        init() throws {
            url = FileManager.default.temporaryDirectory.appendingPathComponent("sqlsh-files-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }
        deinit { try? FileManager.default.removeItem(at: url) }

        /// Writes a file; returns its absolute path.
        @discardableResult
        func write(_ name: String, _ text: String) throws -> String { try write(name, Array(text.utf8)) }

        @discardableResult
        func write(_ name: String, _ bytes: [UInt8]) throws -> String {
            let path = url.appendingPathComponent(name).path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            return path
        }

        /// Writes `text` gzip-compressed (by gzip(1)).
        @discardableResult
        func writeGzip(_ name: String, _ text: String) throws -> String {
            let plain = try write(String(name.dropLast(3)), text)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/gzip")
            process.arguments = ["-kf", plain]
            try process.run()
            process.waitUntilExit()
            return plain + ".gz"
        }
    }

    /// A row as text: values separated by `|`, NULL as `NULL`, reals as Swift prints them.
    static func line(_ row: [SQLValue]) -> String {
        row.map { value -> String in
            switch value {
            case .null: return "NULL"
            case .integer(let n): return "\(n)"
            case .real(let x): return "\(x)"
            case .text(let s): return s
            case .blob(let b): return "x'" + b.map { String(format: "%02x", $0) }.joined() + "'"
            }
        }.joined(separator: "|")
    }

    func lines(_ db: Connection, _ sql: String) throws -> [String] { try rows(db, sql).map(Self.line) }

    /// The declared types of a table's columns.
    func types(_ db: Connection, _ table: String) throws -> [String] {
        try column(db, "select type from pragma_table_info(\(OptionValue.quoted(table)), 'temp')").map { Self.line([$0]) }
    }

    // MARK: Files named in FROM

    @Test func aFileNamedInFromIsATable() throws {
        let folder = try Folder()
        let path = try folder.write("people.csv", "name,age,score\nann,31,2.5\nbob,27,\n")
        let db = try catalogConnection()
        #expect(try lines(db, "select * from '\(path)'") == ["ann|31|2.5", "bob|27|NULL"])
        #expect(try types(db, path) == ["TEXT", "INTEGER", "REAL"])
        #expect(try lines(db, "select name from \"\(path)\" where age > 30") == ["ann"])
        // The table is reused: made once.
        #expect(FileTables.trackedNames(on: db.handle) == [path])
        #expect(try lines(db, "select count(*) from '\(path)'") == ["2"])
        #expect(try value(db, "select count(*) from temp.sqlite_schema") == .integer(1))
    }

    @Test func aRealTableWins() throws {
        let folder = try Folder()
        let path = try folder.write("t.csv", "a\n1\n")
        let db = try catalogConnection()
        try db.execute("create table \"\(path)\"(x); insert into \"\(path)\" values('table')")
        #expect(try lines(db, "select * from '\(path)'") == ["table"])
        #expect(FileTables.trackedNames(on: db.handle).isEmpty)
    }

    @Test func aMissingFileKeepsSQLitesError() throws {
        let db = try catalogConnection()
        #expect(errorMessage(db, "select * from 'no-such-file.csv'") == "no such table: no-such-file.csv")
        // Not quoted: SQLite reads schema.table; nothing is read.
        #expect(errorMessage(db, "select * from data.csv") != nil)
        // A name of no known kind is not a file.
        #expect(errorMessage(db, "select * from 'notes.txt'") == "no such table: notes.txt")
    }

    @Test func onlyNamesInFromAreFiles() throws {
        let folder = try Folder()
        let path = try folder.write("x.csv", "a\n1\n")
        let db = try catalogConnection()
        // A string elsewhere in the statement does not make the table.
        #expect(errorMessage(db, "select '\(path)' from nosuch") == "no such table: nosuch")
        #expect(FileTables.trackedNames(on: db.handle).isEmpty)
        #expect(try lines(db, "select * from (select 1) join '\(path)'") == ["1|1"])
        #expect(try lines(db, "select * from (select 2), '\(path)'") == ["2|1"])
    }

    @Test func aChangedFileIsReadAgain() throws {
        let folder = try Folder()
        let path = try folder.write("c.csv", "a\n1\n")
        let db = try catalogConnection()
        #expect(try lines(db, "select * from '\(path)'") == ["1"])
        try folder.write("c.csv", "a,b\n1,2\n3,4\n")
        #expect(try lines(db, "select * from '\(path)'") == ["1|2", "3|4"])
        try FileManager.default.removeItem(atPath: path)
        #expect(errorMessage(db, "select * from '\(path)'") == "no such table: \(path)")
    }

    // MARK: Type inference

    @Test func inferenceEdgeCases() throws {
        let folder = try Folder()
        let path = try folder.write("edge.csv", """
            zip,int,neg,exp,big,bigx,flag,day,at,mixed
            007,1,-0,1e5,18446744073709551616,99999999999999999999,true,2024-01-02,2024-01-02 10:11:12,1
            010,-42,5,2.5E-3,36893488147419103232,1,FALSE,2024-12-31,2024-12-31T00:00:00Z,x

            """)
        let db = try catalogConnection()
        #expect(try lines(db, "select typeof(zip), zip, int, neg, typeof(neg), exp, big, bigx, flag from '\(path)'") == [
            "text|007|1|0|integer|100000.0|1.8446744073709552e+19|99999999999999999999|1",
            "text|010|-42|5|integer|0.0025|3.6893488147419103e+19|1|0",
        ])
        #expect(try types(db, path) == ["TEXT", "INTEGER", "INTEGER", "REAL", "REAL", "TEXT", "BOOLEAN", "DATE", "TIMESTAMP", "TEXT"])
        // Huge integers are reals only when exact: 2^64 is, the other is kept as its text.
        #expect(try lines(db, "select typeof(bigx), big in (18446744073709551616, 36893488147419103232) from '\(path)'")
            == ["text|1", "text|1"])
    }

    @Test func aValueAfterTheSampleIsKeptAsText() throws {
        let folder = try Folder()
        let path = try folder.write("late.csv", "n\n1\n2\n3\nx\n4.5\n007\n99999999999999999999\n")
        let db = try catalogConnection()
        #expect(try lines(db, "select n, typeof(n) from read_csv('\(path)', sample_size=2)") == [
            "1|integer", "2|integer", "3|integer", "x|text", "4.5|real", "007|text", "99999999999999999999|text",
        ])
        #expect(try lines(db, "select typeof(n) from read_csv('\(path)', sample_size=-1) limit 1") == ["text"])
    }

    @Test func headersAreFoundOrGiven() throws {
        let folder = try Folder()
        let numbers = try folder.write("n.csv", "1,2\n3,4\n")
        let named = try folder.write("h.csv", "a,b\n3,4\n")
        let text = try folder.write("t.csv", "alice,bob\ncarol,dave\n")
        let only = try folder.write("o.csv", "a,b\n")
        let db = try catalogConnection()
        #expect(try column(db, "select name from pragma_table_info('\(numbers)', 'temp')").isEmpty)  // not made yet
        #expect(try lines(db, "select * from '\(numbers)'") == ["1|2", "3|4"])
        #expect(try column(db, "select name from pragma_table_info('\(numbers)', 'temp')") == [.text("column0"), .text("column1")])
        #expect(try lines(db, "select a + b from '\(named)'") == ["7"])
        #expect(try lines(db, "select bob from '\(text)'") == ["dave"])
        #expect(try lines(db, "select * from read_csv('\(named)', header=false)") == ["a|b", "3|4"])
        #expect(try lines(db, "select count(*) from '\(only)'") == ["0"])
        #expect(try column(db, "select name from pragma_table_info('\(only)', 'temp')") == [.text("a"), .text("b")])
    }

    @Test func columnNamesAreMadeUnique() throws {
        let folder = try Folder()
        let path = try folder.write("dup.csv", "a,a,,A,b\n1,2,3,4,5\n")
        let db = try catalogConnection()
        _ = try rows(db, "select * from '\(path)'")
        #expect(try column(db, "select name from pragma_table_info('\(path)', 'temp')")
            == ["a", "a_1", "column2", "A_2", "b"].map { .text($0) })
    }

    // MARK: The CSV reader

    @Test func quotingEmbeddedNewlinesCRLFAndTheBOM() throws {
        let folder = try Folder()
        let path = try folder.write("q.csv", [0xEF, 0xBB, 0xBF] + Array("id,text\r\n1,\"a, \"\"b\"\"\r\nc\"\r\n2,plain\r\n3,\"\"\r\n".utf8))
        let db = try catalogConnection()
        #expect(try lines(db, "select id, text, typeof(text) from '\(path)'") == ["1|a, \"b\"\r\nc|text", "2|plain|text", "3|NULL|null"])
        let cr = try folder.write("cr.csv", "a,b\r1,2\r3,4\r")
        #expect(try lines(db, "select a * b from '\(cr)'") == ["2", "12"])
    }

    @Test func delimitersTabsAndOptions() throws {
        let folder = try Folder()
        let tsv = try folder.write("x.tsv", "a\tb\n1\t2,5\n")
        let semi = try folder.write("semi.csv", "a;b;c\n1;2;3\n4;5;6\n")
        let pipe = try folder.write("pipe.csv", "a|b\n1|x\n")
        let quoted = try folder.write("qs.csv", "a,b\n'x,y',\\\"z\n")
        let db = try catalogConnection()
        #expect(try lines(db, "select a, b from '\(tsv)'") == ["1|2,5"])
        #expect(try lines(db, "select c from '\(semi)'") == ["3", "6"])
        #expect(try lines(db, "select b from '\(pipe)'") == ["x"])
        #expect(try lines(db, "select * from read_csv('\(quoted)', quote='''', escape='\\')") == ["x,y|\\\"z"])
    }

    @Test func raggedRows() throws {
        let folder = try Folder()
        let path = try folder.write("r.csv", "a,b,c\n1,2,3\n4,5\n6,7,8,9\n10,11,12,\n")
        let db = try catalogConnection()
        let message = try #require(errorMessage(db, "select * from '\(path)'"))
        #expect(message == """
            \(path):4:7: a row with 4 fields, more than the 3 columns
              6,7,8,9
                    ^
            (ignore_errors=true skips such rows: select * from read_csv('\(path)', ignore_errors=true))
            """)
        #expect(try lines(db, "select * from read_csv('\(path)', ignore_errors=true)") == ["1|2|3", "4|5|NULL", "10|11|12"])
        let short = try #require(errorMessage(db, "select * from read_csv('\(path)', null_padding=false)"))
        #expect(short.hasPrefix("\(path):3:1: a row with 2 fields, fewer than the 3 columns"))
    }

    @Test func malformedQuotes() throws {
        let folder = try Folder()
        let after = try folder.write("a.csv", "a,b\n\"x\"y,2\n3,4\n")
        let open = try folder.write("o.csv", "a,b\n1,2\n\"never closed,3\n")
        let db = try catalogConnection()
        let message = try #require(errorMessage(db, "select * from '\(after)'"))
        #expect(message.hasPrefix("\(after):2:4: a quoted field is followed by 'y' rather than a delimiter or the end of the line"))
        #expect(try lines(db, "select * from read_csv('\(after)', ignore_errors=true)") == ["3|4"])
        let unclosed = try #require(errorMessage(db, "select * from '\(open)'"))
        #expect(unclosed.hasPrefix("\(open):3:1: a quoted field is not closed before the end of the file"))
        #expect(try lines(db, "select * from read_csv('\(open)', quote='')") == ["1|2", "\"never closed|3"])
    }

    @Test func emptyFiles() throws {
        let folder = try Folder()
        let empty = try folder.write("e.csv", "")
        let blank = try folder.write("b.csv", "\n\n")
        let db = try catalogConnection()
        #expect(try rows(db, "select * from '\(empty)'").isEmpty)
        #expect(try column(db, "select name from pragma_table_info('\(empty)', 'temp')") == [.text("column0")])
        #expect(try rows(db, "select * from '\(blank)'").isEmpty)
        let json = try folder.write("e.json", "")
        let array = try folder.write("a.json", "[]")
        #expect(try rows(db, "select * from '\(json)'").isEmpty)
        #expect(try rows(db, "select * from '\(array)'").isEmpty)
        #expect(try column(db, "select name from pragma_table_info('\(array)', 'temp')") == [.text("json")])
    }

    @Test func invalidUTF8IsKeptAsItsBytes() throws {
        let folder = try Folder()
        let path = try folder.write("bad.csv", Array("name,v\n".utf8) + [0x61, 0xFF, 0xFE, 0x62] + Array(",1\n".utf8))
        let db = try catalogConnection()
        #expect(try bytes(db, "select name from '\(path)'") == [0x61, 0xFF, 0xFE, 0x62])
        #expect(try lines(db, "select typeof(name), v from '\(path)'") == ["text|1"])
    }

    @Test func theLengthLimit() throws {
        let folder = try Folder()
        let path = try folder.write("huge.csv", "a,b\nx," + String(repeating: "y", count: 5000) + "\n")
        let db = try catalogConnection()
        _ = db.setLimit(.length, 1000)
        let message = try #require(errorMessage(db, "select b from '\(path)'"))
        #expect(message.hasPrefix("\(path):2:3: a field of 5000 bytes, longer than the length limit (1000)"), "\(message)")
        // A row longer than the limit is refused before the buffer grows past it.
        let long = try folder.write("long.csv", "a\n" + String(repeating: "z", count: 300_000) + "\n")
        let tooLong = try #require(errorMessage(db, "select count(*) from '\(long)'"))
        #expect(tooLong.contains("a row longer than 1000 bytes (the length limit)"), "\(tooLong)")
    }

    @Test func gzipFiles() throws {
        let folder = try Folder()
        var text = "id,name\n"
        for i in 1...5000 { text += "\(i),name \(i)\n" }
        let gz = try folder.writeGzip("big.csv.gz", text)
        let db = try catalogConnection()
        #expect(try lines(db, "select count(*), sum(id), max(name) from '\(gz)'") == ["5000|12502500|name 999"])
        // A damaged or truncated stream is an error, not a short table.
        let data = try Data(contentsOf: URL(fileURLWithPath: gz))
        let cut = try folder.write("cut.csv.gz", Array(data.prefix(data.count / 2)))
        let message = try #require(errorMessage(db, "select count(*) from '\(cut)'"))
        #expect(message.contains("cannot read \(cut)"), "\(message)")
        // gzip is told from the bytes, not the name.
        let renamed = try folder.write("plain.csv", Array(data))
        #expect(try lines(db, "select count(*) from '\(renamed)'") == ["5000"])
    }

    // MARK: read_csv

    @Test func readCSVOptions() throws {
        let folder = try Folder()
        let path = try folder.write("o.csv", "# a comment\nskip me\nx,y,z\n1,NA,3\n4,5,\n")
        let db = try catalogConnection()
        // With nullstr='NA' an empty field is empty text (DuckDB's rule), so z is TEXT.
        #expect(try lines(db, "select * from read_csv('\(path)', skip=2, nullstr='NA')") == ["1|NULL|3", "4|5|"])
        #expect(try lines(db, "select y from read_csv('\(path)', skip=2, nullstr=['NA', ''])") == ["NULL", "5"])
        let commented = try folder.write("c.csv", "x,y\n# not a row\n1,2\n")
        #expect(try lines(db, "select * from read_csv('\(commented)', comment='#')") == ["1|2"])
        #expect(try lines(db, "select typeof(x) from read_csv('\(path)', skip=2, all_varchar=true) limit 1") == ["text"])
        #expect(try lines(db, "select p, typeof(q) from read_csv('\(path)', skip=3, header=false, columns={'p': 'TEXT', 'q': 'REAL', 'r': 'INTEGER'})")
            == ["1|text", "4|real"])
        #expect(try lines(db, "select first, typeof(second) from read_csv('\(path)', skip=2, names=['first', 'second'], types=['INTEGER', 'TEXT'])")
            == ["1|text", "4|text"])
        #expect(try lines(db, "select typeof(z) from read_csv('\(path)', skip=2, types={'z': 'REAL'}) limit 1") == ["real"])
        #expect(try lines(db, "select filename = '\(path)' from read_csv('\(path)', skip=2, filename=true) limit 1") == ["1"])
        #expect(errorMessage(db, "select * from read_csv('\(path)', nosuch=1)")?.hasPrefix("read_csv: unknown option nosuch") == true)
        #expect(errorMessage(db, "select * from read_csv('\(path)', header='maybe')")
            == "read_csv: header must be true or false, not 'maybe'")
        #expect(errorMessage(db, "select * from read_csv('\(path)', types=['NOPE'])") == "read_csv: unknown type: 'NOPE'")
        #expect(errorMessage(db, "select * from read_csv(42)")
            == "read_csv: the first argument must be the file's name, as a string (or a list of them)")
    }

    @Test func patternsAndListsOfFiles() throws {
        let folder = try Folder()
        try folder.write("p1.csv", "id,v\n1,a\n2,b\n")
        try folder.write("p2.csv", "id,v\n3,c\n")
        try folder.write("e1.ndjson", "{\"k\": 1}\n")
        try folder.write("e2.ndjson", "{\"k\": 2}\n{\"k\": 3}\n")
        let dir = folder.url.path
        let db = try catalogConnection()
        #expect(try lines(db, "select id, v, filename from read_csv('\(dir)/p*.csv', filename=true)")
            == ["1|a|\(dir)/p1.csv", "2|b|\(dir)/p1.csv", "3|c|\(dir)/p2.csv"])
        #expect(try lines(db, "select count(*), sum(id) from '\(dir)/p*.csv'") == ["3|6"])
        #expect(try lines(db, "select v from read_csv(['\(dir)/p2.csv', '\(dir)/p1.csv'])") == ["c", "a", "b"])
        #expect(try lines(db, "select sum(k) from '\(dir)/e*.ndjson'") == ["6"])
        // A pattern that matches nothing is no file.
        #expect(errorMessage(db, "select * from '\(dir)/none*.csv'") == "no such table: \(dir)/none*.csv")
        #expect(errorMessage(db, "select * from read_csv('\(dir)/none*.csv')") == "no file matches \(dir)/none*.csv")
        // A file added to the pattern's folder is read by the next statement.
        try folder.write("p3.csv", "id,v\n4,d\n")
        #expect(try lines(db, "select count(*) from '\(dir)/p*.csv'") == ["4"])
        // The join index knows each row's file.
        #expect(try lines(db, """
            select a.v, b.filename from '\(dir)/p*.csv' a join read_csv('\(dir)/p*.csv', filename=true) b on a.id = b.id where a.id = 3
            """) == ["c|\(dir)/p2.csv"])
    }

    @Test func twoCallsInAJoinAndAliases() throws {
        let folder = try Folder()
        let a = try folder.write("a.csv", "id,name\n1,one\n2,two\n")
        let b = try folder.write("b.csv", "id;value\n1;10\n2;20\n")
        let db = try catalogConnection()
        #expect(try lines(db, """
            select read_csv.name, v.value from read_csv('\(a)') join read_csv('\(b)', delim=';') as v using (id)
            order by 1
            """) == ["one|10", "two|20"])
        #expect(try lines(db, "select x.name from read_csv('\(a)') x, read_csv_auto('\(a)') y where x.id = y.id and y.id = 2")
            == ["two"])
        // Each call is a temp table named after its canonical text, reused by the next statement.
        #expect(try column(db, "select name from temp.sqlite_schema order by 1")
            == [.text("read_csv('\(a)')"), .text("read_csv('\(b)', delim=';')"), .text("read_csv_auto('\(a)')")])
        #expect(try lines(db, "select count(*) from read_csv ( '\(a)' )") == ["2"])
        #expect(try value(db, "select count(*) from temp.sqlite_schema") == .integer(3))
        // SQLite's syntax cannot hold a struct: the call is rewritten before SQLite parses it.
        #expect(try lines(db, "select typeof(id) from read_csv('\(a)', columns={'id': 'TEXT', 'name': 'TEXT'}, header=true) limit 1")
            == ["text"])
    }

    /// A join on an equality reads the inner file once (an index in memory) and finds the
    /// rows SQLite finds on copies of the files, whatever the types on either side.
    @Test func joinsFindWhatTablesFind() throws {
        let folder = try Folder()
        let left = try folder.write("l.csv", "k,n\n7,1\n007,2\n2.5,3\n2.50,4\nx,5\n,6\ntrue,7\n1,8\n 7,9\n")
        let right = try folder.write("r.csv", "k,m\n7,a\n2.5,b\nx,c\n1,d\n007,e\n")
        let json = try folder.write("j.ndjson", "{\"k\": 7, \"m\": \"a\"}\n{\"k\": \"x\", \"m\": \"b\"}\n{\"k\": true, \"m\": \"c\"}\n{\"k\": 2.5}\n")
        let db = try catalogConnection()
        try db.execute("""
            create table lt as select * from '\(left)';
            create table rt as select * from '\(right)';
            create table jt as select * from '\(json)';
            """)
        for (files, tables) in [
            ("'\(left)' a join '\(right)' b on a.k = b.k", "lt a join rt b on a.k = b.k"),
            ("'\(right)' b join '\(left)' a on a.k = b.k", "rt b join lt a on a.k = b.k"),
            ("'\(left)' a join '\(json)' b on a.k = b.k", "lt a join jt b on a.k = b.k"),
            ("'\(json)' b join '\(left)' a on b.k = a.k", "jt b join lt a on b.k = a.k"),
            ("(select 7 as k union all select '7' union all select 2.5) a join '\(left)' b on a.k = b.k",
             "(select 7 as k union all select '7' union all select 2.5) a join lt b on a.k = b.k"),
        ] {
            let found = try lines(db, "select * from \(files)").sorted()
            let expected = try lines(db, "select * from \(tables)").sorted()
            #expect(found == expected, "\(files)")
            #expect(!found.isEmpty)
        }
        let plan = try lines(db, "explain query plan select * from '\(left)' a join '\(right)' b on a.k = b.k")
        #expect(plan.contains { $0.contains("VIRTUAL TABLE INDEX 1:") }, "\(plan)")
        // A constant is looked for by a scan: no index is built for one lookup.
        let constant = try lines(db, "explain query plan select * from '\(left)' where k = 7")
        #expect(constant.contains { $0.contains("VIRTUAL TABLE INDEX 0:") }, "\(constant)")
    }

    @Test func errorsPointAtTheCall() throws {
        let db = try catalogConnection()
        let sql = "select 1,\n  2 from read_csv('no-such.csv')"
        do {
            _ = try rows(db, sql)
            Issue.record("no error")
        } catch let error as SQLiteError {
            #expect(error.message == "cannot open no-such.csv: No such file or directory")
            #expect(error.offset == sql.utf8.count - "read_csv('no-such.csv')".utf8.count)
        }
        // An error after a rewritten call is placed in the statement as written.
        let folder = try Folder()
        let path = try folder.write("p.csv", "a\n1\n")
        let text = "select nosuchcolumn from read_csv('\(path)', columns={'a': 'TEXT'})"
        do {
            _ = try rows(db, text)
            Issue.record("no error")
        } catch let error as SQLiteError {
            #expect(error.message == "no such column: nosuchcolumn")
        }
    }

    @Test func disabledReadersAreNotMade() throws {
        let folder = try Folder()
        let path = try folder.write("d.csv", "a\n1\n")
        let catalog = Catalog.builtIn()
        let db = try catalogConnection(catalog)
        try catalog.disable(["read_csv"])
        #expect(errorMessage(db, "select * from '\(path)'") == "no such table: \(path)")
        #expect(errorMessage(db, "select * from read_csv('\(path)')") == "no such table: read_csv")
    }

    // MARK: JSON

    @Test func jsonArraysAndNewlineDelimitedFiles() throws {
        let folder = try Folder()
        let array = try folder.write("r.json", """
            [{"a": 1, "b": "x"},
             {"a": 2.5, "c": [1, 2], "d": {"k": true}, "b": null}]
            """)
        let lines = try folder.write("e.ndjson", "{\"id\":1,\"ok\":true}\n{\"ok\":false,\"id\":2,\"extra\":\"e\\u00e9\\ud83d\\ude00\"}\n")
        let db = try catalogConnection()
        #expect(try self.lines(db, "select * from '\(array)'") == ["1.0|x|NULL|NULL", "2.5|NULL|[1,2]|{\"k\":true}"])
        #expect(try types(db, array) == ["REAL", "TEXT", "JSON", "JSON"])
        #expect(try self.lines(db, "select id, ok, extra from '\(lines)'") == ["1|1|NULL", "2|0|eé😀"])
        #expect(try column(db, "select name from pragma_table_info('\(lines)', 'temp')") == ["id", "ok", "extra"].map { .text($0) })
        #expect(try self.lines(db, "select json_extract(c, '$[1]') from read_json('\(array)') where c is not null") == ["2"])
    }

    @Test func jsonScalarsBigNumbersAndDates() throws {
        let folder = try Folder()
        let scalars = try folder.write("s.json", "[1, 2, 3]")
        let numbers = try folder.write("n.jsonl", "{\"n\": 18446744073709551616, \"d\": \"2024-01-02\"}\n{\"n\": 99999999999999999999, \"d\": \"2024-02-03\"}\n")
        let single = try folder.write("one.json", "{\"a\": 1}")
        let db = try catalogConnection()
        #expect(try lines(db, "select json, typeof(json) from '\(scalars)'") == ["1|integer", "2|integer", "3|integer"])
        #expect(try lines(db, "select typeof(n), n, d from '\(numbers)'") == ["text|18446744073709551616|2024-01-02",
                                                                          "text|99999999999999999999|2024-02-03"])
        #expect(try types(db, numbers) == ["TEXT", "DATE"])
        #expect(try lines(db, "select * from '\(single)'") == ["1"])
    }

    @Test func malformedJSON() throws {
        let folder = try Folder()
        let path = try folder.write("bad.ndjson", "{\"a\":1}\n{\"a\":2\n{\"a\":3}\n")
        let db = try catalogConnection()
        let message = try #require(errorMessage(db, "select * from '\(path)'"))
        #expect(message.hasPrefix("\(path):3:1: expected , or } in an object\n  {\"a\":3}\n  ^\n"), "\(message)")
        #expect(try lines(db, "select a from read_ndjson('\(path)', ignore_errors=true)") == ["1", "3"])
        let array = try folder.write("bad.json", "[{\"a\":1},\n {\"a\":tru}]")
        let arrayMessage = try #require(errorMessage(db, "select * from '\(array)'"))
        #expect(arrayMessage.hasPrefix("\(array):2:7: unexpected text where a value should be"), "\(arrayMessage)")
        #expect(errorMessage(db, "select * from read_json('\(path)', format='array')")?.contains("expected [ at the start") == true)
        let deep = try folder.write("deep.json", String(repeating: "[", count: 20_000) + String(repeating: "]", count: 20_000))
        #expect(errorMessage(db, "select * from '\(deep)'")?.contains("nested more than 10000 levels deep") == true)
    }

    @Test func jsonColumnsByHand() throws {
        let folder = try Folder()
        let path = try folder.write("c.json", "[{\"a\": \"1\", \"b\": 2, \"c\": 3}]")
        let db = try catalogConnection()
        #expect(try lines(db, "select * from read_json('\(path)', columns={'b': 'TEXT', 'a': 'INTEGER'})") == ["2|1"])
        #expect(try lines(db, "select typeof(a) from read_json('\(path)', columns={'a': 'INTEGER'})") == ["text"])
    }

    // MARK: Safety

    @Test func tablesADatabaseCameWithAreRefused() throws {
        let folder = try Folder()
        let secret = try folder.write("secret.csv", "s\nSECRET\n")
        let database = folder.url.appendingPathComponent("h.db").path
        do {
            let author = try Connection(path: database)
            try author.execute("""
                create view v as select * from '\(secret)';
                create table t(a);
                create trigger tr after insert on t begin insert into t select * from '\(secret)'; end;
                pragma writable_schema = on;
                insert into sqlite_schema values('table', 'stored', 'stored', 0, 'CREATE VIRTUAL TABLE stored USING read_csv(''\(secret)'')');
                """)
        }
        let db = try Connection(path: database)
        let catalog = Catalog.builtIn()
        try catalog.register(on: db)
        try FileTablesSubsystem.install(on: db, catalog: catalog)
        #expect(errorMessage(db, "select * from v") == "no such table: main.\(secret)")
        #expect(errorMessage(db, "insert into t values(1)") == "no such table: main.\(secret)")
        let stored = try #require(errorMessage(db, "select * from stored"))
        #expect(stored.contains("is a read_csv table the database came with"), "\(stored)")
        #expect(FileTables.trackedNames(on: db.handle).isEmpty)
        // Once the user named the file, a view of the database still cannot read it (its
        // names are the main schema's; the table is direct-only besides).
        #expect(try lines(db, "select * from '\(secret)'") == ["SECRET"])
        #expect(errorMessage(db, "select * from v") == "no such table: main.\(secret)")
        #expect(errorMessage(db, "insert into t values(1)") == "no such table: main.\(secret)")
        // Nor can SQL compiled as untrusted make a table.
        let other = try folder.write("other.csv", "o\n1\n")
        #expect(throws: SQLiteError.self) { _ = try db.compilingUntrustedSQL { try db.prepare("select * from '\(other)'") } }
        #expect(FileTables.trackedNames(on: db.handle) == [secret])
    }

    @Test func tempViewsAndTriggersOfTheSessionCanReadFiles() throws {
        let folder = try Folder()
        let path = try folder.write("v.csv", "a\n5\n")
        let db = try catalogConnection()
        try db.execute("create temp view tv as select a * 2 as b from '\(path)'")
        #expect(try lines(db, "select b from tv") == ["10"])
        // A temp view calling a reader is made again with the call's table at its first use.
        try db.execute("create temp view rv as select a + 1 as c from read_csv('\(path)', header=true) where a > 0")
        #expect(try lines(db, "select c from rv") == ["6"])
        #expect(try lines(db, "select c from rv") == ["6"])
        // A stored view cannot.
        try db.execute("create view mv as select a from read_csv('\(path)')")
        #expect(errorMessage(db, "select * from mv") == "no such table: main.read_csv")
        try db.execute("""
            create temp table log(a); create temp table t(x);
            create temp trigger tt after insert on t begin insert into log select a from '\(path)'; end;
            """)
        let other = try folder.write("w.csv", "a\n7\n")
        try db.execute("create temp trigger tt2 after insert on t begin insert into log select a from '\(other)'; end;")
        try db.execute("insert into t values(1)")
        #expect(try lines(db, "select a from log order by a") == ["5", "7"])
    }

    @Test func safeModeRefusesTheModules() throws {
        let folder = try Folder()
        let path = try folder.write("s.csv", "a\n1\n")
        let db = try catalogConnection()
        SafeMode.activate(on: db.handle)
        defer { SafeMode.deactivate(on: db.handle) }
        #expect(errorMessage(db, "select * from read_csv('\(path)')") == "cannot use the read_csv module in safe mode")
        #expect(errorMessage(db, "select * from '\(path)'") == "cannot use the read_csv module in safe mode")
        #expect(SafeMode.refusal(action: .createVirtualTable, "read_csv('x.csv')", "read_csv",
                                 isDataFileName: FileTablesSubsystem.isDataFileName)
            == "cannot use the read_csv() function in safe mode")
        #expect(SafeMode.refusal(action: .createVirtualTable, "x.csv", "read_csv",
                                 isDataFileName: FileTablesSubsystem.isDataFileName) == "cannot read x.csv in safe mode")
    }
}
