import Foundation
import Testing

/// Friendly SQL (DuckDB's forms) with the built binary: each form's output, the errors of
/// bad input, and sqlite3's own error where a statement is no friendly form.
struct FriendlySQLCommandLineTests {
    static let setup = """
        create table t(a integer primary key, b text not null default 'x', c real);
        insert into t values (1,'hello',1.5),(2,'world',null),(3,'abc',2.25),(4,'abc',10);

        """

    static func run(_ sql: String, files: [String: String] = [:], arguments: [String] = []) throws -> RunResult {
        try ShellRunner.run(ShellRunner.sqlshPath, arguments + [":memory:"], stdin: Data((setup + sql).utf8), files: files)
    }

    static func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

    @Test func fromFirst() throws {
        let result = try Self.run("from t where a > 3;\nfrom t select a, b where a < 2;\nfrom 'd.csv' select sum(n);\n",
                                  files: ["d.csv": "n\n1\n2\n"])
        #expect(Self.text(result.stdout) == "4|abc|10.0\n1|hello\n3\n", "\(result)")
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
    }

    @Test func describeShowAndDotDescribe() throws {
        let result = try Self.run(".headers on\ndescribe t;\nshow tables;\n.headers off\n.describe t\nshow all tables;\n")
        #expect(Self.text(result.stdout) == """
            column_name|column_type|null|key|default|extra
            a|INTEGER|NO|PRI||
            b|TEXT|NO||'x'|
            c|REAL|YES|||
            name
            t
            a|INTEGER|NO|PRI||
            b|TEXT|NO||'x'|
            c|REAL|YES|||
            main|main|t|[a, b, c]|[INTEGER, TEXT, REAL]|false

            """, "\(result)")
        let missing = try Self.run("describe nosuch;\n")
        #expect(Self.text(missing.stderr) == "Parse error near line 3: no such table, view or file: nosuch\n", "\(missing)")
        #expect(missing.status == 1)
    }

    /// DuckDB's date functions with `interval` arguments, on ISO text dates.
    @Test func dateFunctionsWithIntervals() throws {
        let result = try Self.run("""
            select date_add('2024-01-31', interval 1 month), date_add('2024-01-31 10:00', interval '90 minutes');
            select date_trunc('month', '2024-03-21'), date_diff('day', '2024-01-01', '2024-03-21'), dayname('2024-03-21');
            """)
        #expect(Self.text(result.stdout) == "2024-02-29 00:00:00|2024-01-31 11:30:00\n2024-03-01 00:00:00|80|Thursday\n",
                "\(result)")
    }

    @Test func summarize() throws {
        let result = try Self.run("summarize t;\n")
        #expect(Self.text(result.stdout) == """
            a|INTEGER|1|4|4|2.5|1.29099444873581|1.75|2.5|3.25|4|0.00
            b|TEXT|abc|world|3||||||4|0.00
            c|REAL|1.5|10.0|3|4.58333333333333|4.70593596783183|1.875|2.25|6.125|4|25.00

            """, "\(result)")
    }

    /// Mixed types, collations, extreme integers, NULL-heavy and empty sources, the
    /// HyperLogLog range (over 4,096 distinct values) and an infinite number: the same output
    /// as before `summarize` computed its statistics in one aggregate per column.
    @Test func summarizeMixedTypesAndLargeTables() throws {
        let result = try Self.run("""
            create table m(a, b text, c date, d blob, e timestamp, f integer collate nocase, g varchar collate nocase);
            insert into m values (1,'x','2024-01-01',x'00','2024-01-01 10:00:00','B','b'), ('abc',null,'2024-02-03 10:00:00',1.5,null,'a','A'),
              (2.5,'y',null,null,'2023-05-06 07:08:09',3,'c'), (-0.0,'z','bad',3,'x',null,null),
              (9223372036854775807,'','2024-12-31',-9223372036854775808,'2020-02-29 23:59:59',1e300,'é');
            summarize m;
            create table many(a, b int, c text, d date);
            insert into many select case value % 7 when 0 then 'text' || value when 1 then null when 2 then value * 1.5
              when 3 then x'0102' else value end, value * 2654435761 % 1000003, 'n' || (value % 9000),
              date('2000-01-01', '+' || (value % 5000) || ' days') from generate_series(1, 50000);
            summarize many;
            summarize (select a from many where 0);
            create table inf(x real);
            insert into inf values (1), (-9e999);
            summarize inf;

            """)
        #expect(Self.text(result.stdout) == """
            a||0.0|abc|5|2.30584300921369e+18|4.61168601842739e+18|0.75|1.75|2.30584300921369e+18|5|0.00
            b|TEXT||z|4||||||5|20.00
            c|date|2024-01-01|bad|4|2024-05-12 19:20:00||2024-01-17|2024-02-03|2024-07-18|5|20.00
            d|BLOB|-9223372036854775808||4|-3.07445734561826e+18|5.32511632831417e+18|-4.61168601842739e+18|1.5|2.25|5|20.00
            e|timestamp|2020-02-29 23:59:59|x|4|2022-07-03 05:42:42||2021-10-02 15:34:04|2023-05-06 07:08:09|2023-09-03 08:34:04|5|20.00
            f|INTEGER|3|B|4|5.0e+299|Inf|2.5e+299|5.0e+299|7.5e+299|5|20.00
            g|varchar|A|é|4||||||5|20.00
            a||3.0|\u{01}\u{02}|35815|28126.125|17399.4108942643|13638.75|27273.75|40911.25|50000|14.29
            b|INT|7|999959|50366|500075.52978|288675.624720141|250105.25|500044.5|750153.75|50000|0.00
            c|TEXT|n0|n999|9021||||||50000|0.00
            d|date|2000-01-01|2013-09-08|5023|2006-11-04 12:00:00||2003-06-03|2006-11-04|2010-04-07|50000|0.00
            a||||0||||||0|
            """ + "\n", "\(result)")
        #expect(Self.text(result.stderr).hasSuffix(": quantile_cont(): Inf input\n"), "\(result)")
        #expect(result.status == 1)
    }

    /// `summarize` works with the packs of the functions it uses disabled (issue 36), and
    /// leaves them disabled: a user's own call of one is still "no such function".
    @Test func summarizeWithItsPacksDisabled() throws {
        let expected = """
            a|INTEGER|1|4|4|2.5|1.29099444873581|1.75|2.5|3.25|4|0.00
            b|TEXT|abc|world|3||||||4|0.00
            c|REAL|1.5|10.0|3|4.58333333333333|4.70593596783183|1.875|2.25|6.125|4|25.00

            """
        for (setup, arguments) in [(".disable duckdb\n", [String]()), (".disable stats\n", []), (".disable duckdb stats\n", []),
                                   ("", ["-nofunctions"])] {
            let result = try Self.run(setup + "summarize t;\nselect approx_count_distinct(a) from t;\nselect stddev(a) from t;\n",
                                      arguments: arguments)
            let stdout = Self.text(result.stdout)
            #expect(stdout.hasPrefix(expected), "\(setup) \(arguments): \(result)")
            let stderr = Self.text(result.stderr)
            if setup.contains("duckdb") || !arguments.isEmpty {
                #expect(stderr.contains("no such function: approx_count_distinct"), "\(result)")
            }
            if setup.contains("stats") || !arguments.isEmpty {
                #expect(stderr.contains("no such function: stddev"), "\(result)")
            }
        }
        // Enabled again, the user's functions answer as before.
        let back = try Self.run(".disable duckdb stats\nsummarize t;\n.enable duckdb stats\nselect approx_count_distinct(b), stddev(a) from t;\n")
        #expect(Self.text(back.stdout) == expected + "3|1.29099444873581\n", "\(back)")
    }

    /// Dates and timestamps (ISO text under a DATE or TIMESTAMP type) as DuckDB summarizes
    /// them: the mean as a timestamp, quartiles in the column's kind, no std.
    @Test func summarizeDatesAndTimestamps() throws {
        let result = try Self.run("""
            create table e(d date, ts timestamp);
            insert into e values ('2024-01-01', '2024-01-01 00:00:00'), ('2024-01-03', '2024-01-01 12:00:00'),
                                 ('2024-01-10', '2024-01-02 00:00:00'), (null, null);
            summarize e;

            """)
        #expect(Self.text(result.stdout) == """
            d|date|2024-01-01|2024-01-10|3|2024-01-04 16:00:00||2024-01-02|2024-01-03|2024-01-06|4|25.00
            ts|timestamp|2024-01-01 00:00:00|2024-01-02 00:00:00|3|2024-01-01 12:00:00||2024-01-01 06:00:00|2024-01-01 12:00:00|2024-01-01 18:00:00|4|25.00

            """, "\(result)")
    }

    @Test func starModifiersGroupOrderByAllTrailingCommaLeftRight() throws {
        let result = try Self.run("""
            select * exclude (b) from t where a = 1;
            select * replace (upper(b) as b) from t where a = 1;
            select b, count(*) from t group by all order by all;
            select a, b, from t where a = 2;
            .headers on
            select left(b, 2), right(b, 3) from t where a = 1;

            """)
        #expect(Self.text(result.stdout) == """
            1|1.5
            1|HELLO|1.5
            abc|2
            hello|1
            world|1
            2|world
            left(b, 2)|right(b, 3)
            he|llo

            """, "\(result)")
    }

    @Test func copyWritesAndReads() throws {
        let result = try Self.run("""
            copy t to 'out.csv';
            copy (select a, b from t where a < 3) to 'out.json';
            copy (from t where a = 4) to 'out.ndjson';
            copy t to 'out.txt' (format csv, header false, delimiter '|');
            select readfile('out.csv');
            select readfile('out.json');
            select readfile('out.ndjson');
            select readfile('out.txt');
            create table t2(n, s);
            copy t2 from 'in.csv';
            select * from t2;

            """, files: ["in.csv": "n,s\n1,x\n2,y\n"])
        #expect(Self.text(result.stdout) == """
            a,b,c
            1,hello,1.5
            2,world,
            3,abc,2.25
            4,abc,10.0

            [
            \t{"a":1,"b":"hello"},
            \t{"a":2,"b":"world"}
            ]

            {"a":4,"b":"abc","c":10.0}

            1|hello|1.5
            2|world|
            3|abc|2.25
            4|abc|10.0

            1|x
            2|y

            """, "\(result)")
        #expect(result.stderr.isEmpty && result.status == 0, "\(result)")
    }

    @Test func badInputIsAClearErrorAndWritesNothing() throws {
        let result = try Self.run("""
            copy t to 'nosuchdir/x.csv';
            copy t to '.';
            copy t from 'missing.csv';
            copy t to 'x.csv' (bogus);
            copy (select nosuch from t) to 'y.csv';
            select count(*) from pragma_table_list where name = 'x';
            select readfile('x.csv') is null, readfile('y.csv') is null;

            """)
        #expect(Self.text(result.stderr) == """
            Runtime error near line 3: copy: cannot write nosuchdir/x.csv: No such file or directory
            Runtime error near line 4: copy: . is a directory
            Parse error near line 5: copy: no such file: missing.csv
            Parse error near line 6: copy: unknown option: bogus
            Parse error near line 7: no such column: nosuch

            """, "\(result)")
        #expect(Self.text(result.stdout) == "0\n1|1\n", "\(result)")
        #expect(result.status == 1)
    }

    @Test func copyKeepsTheOldFileWhenItFails() throws {
        let result = try Self.run("copy (select 1 union all select abs(-9223372036854775807 - 1)) to 'keep.csv';\nselect readfile('keep.csv');\n",
                                  files: ["keep.csv": "old\n"])
        #expect(Self.text(result.stdout) == "old\n\n", "\(result)")
        #expect(Self.text(result.stderr).contains("integer overflow"), "\(result)")
    }

    @Test func safeModeRefusesCopyTo() throws {
        let result = try Self.run("copy t to 'out.csv';\n", arguments: ["-safe"])
        #expect(result.status == 1, "\(result)")
        #expect(Self.text(result.stderr).contains("cannot run COPY ... TO in safe mode"), "\(result)")
    }

    @Test func extractLiteralsIntervalQualifyJSONAndColumns() throws {
        let result = try ShellRunner.run(ShellRunner.sqlshPath, [":memory:"], stdin: Data("""
            create table e(a integer, b text, j text);
            insert into e values (1, 'x', '{"geo":{"country":"fr"}}'), (2, 'x', '{"geo":{"country":"de"}}'), (3, 'y', null);
            .headers on
            select extract(year from '2024-03-05') as y, date '2024-01-31' + interval 3 day as d;
            select b, a from e qualify row_number() over (partition by b order by a desc) = 1 order by b;
            select a, j.geo.country from e where a < 3;
            select max(columns('^[ab]$')) from e;

            """.utf8))
        #expect(Self.text(result.stdout) == """
            y|d
            2024|2024-02-03 00:00:00
            b|a
            x|2
            y|3
            a|j.geo.country
            1|fr
            2|de
            max(a)|max(b)
            3|y

            """, "\(result)")
        #expect(result.stderr.isEmpty && result.status == 0, "\(result)")
    }

    /// A statement that is no friendly form, or whose rewrite fails too, gets SQLite's own error.
    @Test func sqliteErrorsStand() throws {
        let result = try Self.run("select * exclude (nosuch) from t;\nfrom nosuch;\nselect 1 +;\n")
        #expect(Self.text(result.stderr) == """
            Parse error near line 3: near "exclude": syntax error
              select * exclude (nosuch) from t;
                       ^--- error here
            Parse error near line 4: near "from": syntax error
              from nosuch;
              ^--- error here
            Parse error near line 5: near ";": syntax error
              select 1 +;
                        ^--- error here

            """, "\(result)")
    }
}
