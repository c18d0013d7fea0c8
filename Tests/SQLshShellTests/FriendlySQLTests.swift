@testable import SQLshShell
import SQLshCore
import SQLshParquet
import Testing

/// The friendly-SQL rewriter, form by form, over a real connection's schema.
struct FriendlySQLTests {
    static func schema() throws -> ConnectionSchema {
        let db = try Connection(path: ":memory:")
        try db.execute("""
            create table t(a integer primary key, b text not null default 'x', c real);
            create table u(a integer, d text);
            create view v as select a, c from t;
            """)
        return ConnectionSchema(connection: db)
    }

    static func query(_ sql: String) throws -> String? {
        guard case .query(let text)? = FriendlySQL.rewrite(sql, schema: try schema()) else { return nil }
        return text
    }

    @Test(arguments: [
        ("from t", "select * from t"),
        ("FROM t where a > 1", "select * FROM t where a > 1"),
        ("from t select a, b where a > 1", "select a, b from t where a > 1"),
        ("from t join u using (a) select distinct d order by d", "select distinct d from t join u using (a) order by d"),
        ("from 'data.csv'", "select * from 'data.csv'"),
        ("from (select 1 as n) select sum(n)", "select sum(n) from (select 1 as n)"),
        ("from t join u using (a) select count(*) limit 1", "select count(*) from t join u using (a) limit 1"),
    ])
    func fromFirst(sql: String, expected: String) throws {
        #expect(try Self.query(sql) == expected)
    }

    @Test func starModifiers() throws {
        #expect(try Self.query("select * exclude (b) from t") == #"select "a", "c" from t"#)
        #expect(try Self.query("select * exclude b from t") == #"select "a", "c" from t"#)
        #expect(try Self.query("select t.* exclude (a), u.d from t join u using (a)") == #"select t."b", t."c", u.d from t join u using (a)"#)
        #expect(try Self.query("select * replace (upper(b) as b) from t") == #"select "a", upper(b) as "b", "c" from t"#)
        #expect(try Self.query("select * exclude (c) replace (a + 1 as a) from t") == #"select a + 1 as "a", "b" from t"#)
        // A column that is not there: no rewrite (SQLite's error stands).
        #expect(try Self.query("select * exclude (nosuch) from t") == nil)
        // Same names from two tables under an unqualified star: not rewritten.
        #expect(try Self.query("select * exclude (d) from t join u on t.a = u.a") == nil)
    }

    @Test func groupAndOrderByAll() throws {
        #expect(try Self.query("select b, count(*) from t group by all") == "select b, count(*) from t group by 1")
        #expect(try Self.query("select b, a % 2, sum(c) from t group by all") == "select b, a % 2, sum(c) from t group by 1, 2")
        #expect(try Self.query("select count(*) from t group by all") == "select count(*) from t ")
        #expect(try Self.query("select max(a, 2), min(b) from t group by all") == "select max(a, 2), min(b) from t group by 1")
        #expect(try Self.query("select a, b from t order by all") == "select a, b from t order by 1, 2")
        #expect(try Self.query("select * from t order by all desc limit 2") == "select * from t order by 1 desc, 2 desc, 3 desc limit 2")
        #expect(try Self.query("select b, count(*) from t group by all order by all")
                == "select b, count(*) from t group by 1 order by 1, 2")
    }

    @Test func trailingComma() throws {
        #expect(try Self.query("select a, b, from t") == "select a, b from t")
        #expect(try Self.query("select 1, 2,") == "select 1, 2")
        #expect(try Self.query("select a, from t where a in (select a, from u)") == "select a from t where a in (select a from u)")
        #expect(try Self.query("select a from t, ") == nil)
    }

    @Test func leftAndRight() throws {
        #expect(try Self.query("select left(b, 2), right('hello', 3) from t")
                == "select substr(b, 1, 2) as \"left(b, 2)\", substr('hello', -(3), 3) as \"right('hello', 3)\" from t")
        #expect(try Self.query("select * from t left join u") == nil)
    }

    @Test func describeAndShow() throws {
        let describe = try #require(try Self.query("describe t"))
        #expect(describe.contains("('a', 'INTEGER', 'NO', 'PRI', NULL, NULL)"))
        #expect(describe.contains("('b', 'TEXT', 'NO', NULL, '''x''', NULL)"))
        #expect(describe.hasPrefix("select column1 as column_name, column2 as column_type, column3 as \"null\""))
        #expect(try Self.query("show v")?.contains("('c', 'REAL', 'YES', NULL, NULL, NULL)") == true)
        #expect(try Self.query("describe (select 1 as x)")?.contains("('x', '', 'YES'") == true)
        #expect(try Self.query("describe select a from t")?.contains("('a', 'INTEGER', 'YES'") == true)
        #expect(try Self.query("show tables") == FriendlyForms.showTables)
        #expect(try Self.query("show all tables") == FriendlyForms.showAllTables)
        #expect(FriendlySQL.rewrite("describe nosuch", schema: try Self.schema()) == .failure("no such table, view or file: nosuch"))
        #expect(FriendlySQL.rewrite("describe", schema: try Self.schema()) == nil)
    }

    @Test func summarize() throws {
        let text = try #require(try Self.query("summarize t"))
        #expect(text.hasPrefix("with s as materialized (select count(*) as n, cast(min(v0) as text) as min0"))
        // Each column read once, one internal aggregate per column; a text column (b) gets
        // only its distinct count.
        #expect(text.contains(" from (select \"a\" as v0, \"b\" as v1, \"c\" as v2 from t))"))
        #expect(text.contains("count(v0) as c0, sqlsh_summarize_numbers(v0) as r0,"))
        #expect(text.contains("count(v1) as c1, sqlsh_summarize_approx_unique(v1) as u1,"))
        #expect(text.contains("cast(sqlsh_summarize_field(r0, 3) as text) as q25"))
        #expect(text.contains(" from t)) select 'a' as column_name, 'INTEGER' as column_type"))
        #expect(FriendlySQL.rewrite("summarize nosuch", schema: try Self.schema()) == .failure("no such table, view or file: nosuch"))
    }

    @Test func copy() throws {
        let schema = try Self.schema()
        #expect(FriendlySQL.rewrite("copy t to 'out.csv'", schema: schema)
                == .copyTo(query: "select * from t", path: "out.csv", format: .csv(delimiter: ",", header: true)))
        #expect(FriendlySQL.rewrite("copy (select a from t) to 'x.json'", schema: schema)
                == .copyTo(query: "select a from t", path: "x.json", format: .jsonArray))
        #expect(FriendlySQL.rewrite("copy (from t) to 'x.ndjson'", schema: schema)
                == .copyTo(query: "select * from t", path: "x.ndjson", format: .ndjson))
        #expect(FriendlySQL.rewrite("copy t to 'x.txt' (format csv, header false, delimiter '|')", schema: schema)
                == .copyTo(query: "select * from t", path: "x.txt", format: .csv(delimiter: "|", header: false)))
        #expect(FriendlySQL.rewrite("copy t to 'x.tsv'", schema: schema)
                == .copyTo(query: "select * from t", path: "x.tsv", format: .csv(delimiter: "\t", header: true)))
        #expect(FriendlySQL.rewrite("copy t to 'x.csv' (bogus 1)", schema: schema) == .failure("copy: unknown option: bogus"))
        #expect(FriendlySQL.rewrite("copy t to 'x.csv' (format xml)", schema: schema) == .failure("copy: unknown format: xml"))
        #expect(FriendlySQL.rewrite("copy t from 'in.csv'", schema: schema)
                == .copyFrom(insert: "insert into t select * from 'in.csv'", path: "in.csv"))
        #expect(FriendlySQL.rewrite("copy t to", schema: schema) == nil)
    }

    @Test func copyToParquet() throws {
        let schema = try Self.schema()
        #expect(FriendlySQL.rewrite("copy t to 'x.parquet'", schema: schema)
                == .copyTo(query: "select * from t", path: "x.parquet", format: .parquet(compression: .snappy, rowGroupSize: 122_880)))
        #expect(FriendlySQL.rewrite("copy (select a from t) to 'x.out' (format parquet, compression zstd, row_group_size 1000)", schema: schema)
                == .copyTo(query: "select a from t", path: "x.out", format: .parquet(compression: .zstd, rowGroupSize: 1000)))
        #expect(FriendlySQL.rewrite("copy t to 'x.parquet' (codec 'gzip')", schema: schema)
                == .copyTo(query: "select * from t", path: "x.parquet", format: .parquet(compression: .gzip, rowGroupSize: 122_880)))
        #expect(FriendlySQL.rewrite("copy t to 'x.parquet' (compression uncompressed)", schema: schema)
                == .copyTo(query: "select * from t", path: "x.parquet", format: .parquet(compression: .uncompressed, rowGroupSize: 122_880)))
        #expect(FriendlySQL.rewrite("copy t to 'x.parquet' (compression brotli, parquet_version v2)", schema: schema)
                == .copyTo(query: "select * from t", path: "x.parquet",
                           format: .parquet(compression: .brotli, rowGroupSize: 122_880, dataPageVersion: 2)))
        for name in ["lz4", "LZ4_RAW", "'lz4'"] {
            #expect(FriendlySQL.rewrite("copy t to 'x.parquet' (compression \(name), parquet_version 'V1')", schema: schema)
                    == .copyTo(query: "select * from t", path: "x.parquet", format: .parquet(compression: .lz4Raw, rowGroupSize: 122_880)))
        }
        #expect(FriendlySQL.rewrite("copy t to 'x.parquet' (compression lzo)", schema: schema)
                == .failure("copy: unsupported compression: lzo (supported: snappy, zstd, gzip, lz4, lz4_raw, brotli, uncompressed)"))
        #expect(FriendlySQL.rewrite("copy t to 'x.parquet' (parquet_version 2.6)", schema: schema)
                == .failure("copy: parquet_version is v1 or v2: 2.6"))
        #expect(FriendlySQL.rewrite("copy t to 'x.csv' (parquet_version v2)", schema: schema)
                == .failure("copy: option parquet_version applies to parquet only"))
        #expect(FriendlySQL.rewrite("copy t to 'x.parquet' (row_group_size -1)", schema: schema) == nil
                || FriendlySQL.rewrite("copy t to 'x.parquet' (row_group_size -1)", schema: schema)
                    == .failure("copy: bad value for option row_group_size: -1"))
        #expect(FriendlySQL.rewrite("copy t to 'x.parquet' (row_group_size many)", schema: schema)
                == .failure("copy: row_group_size needs a positive integer: many"))
        #expect(FriendlySQL.rewrite("copy t to 'x.parquet' (delimiter ';')", schema: schema)
                == .failure("copy: option delimiter does not apply to parquet"))
        #expect(FriendlySQL.rewrite("copy t to 'x.json' (compression zstd)", schema: schema)
                == .failure("copy: option compression applies to parquet only"))
    }

    @Test func extras() throws {
        #expect(try Self.query("select extract(year from '2024-03-05'), extract(quarter from b) from t")
                == "select cast(strftime('%Y', '2024-03-05') as integer) as \"extract(year from '2024-03-05')\", "
                + "((cast(strftime('%m', b) as integer) + 2) / 3) as \"extract(quarter from b)\" from t")
        #expect(try Self.query("select date '2024-01-31' as d") == "select date('2024-01-31') as d")
        #expect(try Self.query("select b from t where b < timestamp '2024-01-31 10:00'")
                == "select b from t where b < datetime('2024-01-31 10:00')")
        #expect(try Self.query("select date '2024-01-31' + interval 3 day as d")
                == "select datetime(date('2024-01-31'), '+3 day') as d")
        #expect(try Self.query("select b from t where b > date('now') - interval '2 weeks'")
                == "select b from t where b > datetime(date('now'), '-14.0 day')")
        // An interval that is no operand of + or -: DuckDB's interval as text (date_add reads it).
        #expect(try Self.query("select date_add(b, interval 1 month) from t") == "select date_add(b, '1 month') from t")
        #expect(try Self.query("select date_add(b, interval '90 minutes'), date_add(b, interval '3' day) from t")
                == "select date_add(b, '90 minutes'), date_add(b, '3 day') from t")
        #expect(try Self.query("select b, a from t qualify row_number() over (partition by b order by a) = 1 order by a")
                == #"select "b", "a" from (select b, a, (row_number() over (partition by b order by a) = 1) as "qualify_condition" from t) where "qualify_condition" order by a"#)
        #expect(try Self.query("select b, row_number() over (order by a) as r from t qualify r = 1")
                == "select * from (select b, row_number() over (order by a) as r from t) where r = 1")
        #expect(try Self.query("select b.geo.country from t") == #"select b ->> '$.geo.country' as "b.geo.country" from t"#)
        #expect(try Self.query("select x.b.geo from t as x") == nil)
        #expect(try Self.query("select columns('^[ab]$') from t") == #"select "a", "b" from t"#)
        #expect(try Self.query("select max(columns('a|c')) from t")
                == #"select max("a") as "max(a)", max("c") as "max(c)" from t"#)
        #expect(try Self.query("select columns('(') from t") == nil)
    }

    /// What SQLite accepts is never rewritten, even where a form would read it otherwise.
    @Test func acceptedStatementsAreNotRewritten() throws {
        let db = try Connection(path: ":memory:")
        try db.execute("create table w(date text, \"left\" text, j text)")
        for sql in ["select date 'd' from w", "select j from w", "select * from w order by 1", "select \"left\"(1)"] {
            if (try? db.prepareFirst(sql)) != nil {
                #expect(FriendlySQL.fallback(for: sql, on: db) == nil, "\(sql)")
            }
        }
        #expect(FriendlySQL.fallback(for: "from w", on: db) == .query("select * from w"))
        #expect(FriendlySQL.mayExplain("near \"from\": syntax error") && FriendlySQL.mayExplain("no such column: x.y"))
        #expect(!FriendlySQL.mayExplain("interrupted") && !FriendlySQL.mayExplain("not authorized"))
    }

    /// Text that is no friendly form, or broken in ways the rewriter must survive.
    @Test(arguments: ["", "select", "selec * from t", "from", "from (", "describe ((", "copy ( to 'x'", "show",
                      "select * exclude (", "group by all", "order by all", "select left(", ")))", "'unterminated",
                      "select * from t order by all", "copy t to 'x' (", "summarize (select", "select extract(", "select 1 + interval", "select interval 3 day",
                      "select * from t qualify", "select columns(", "select a.b.c.d from", "select date '"])
    func noFormNoTrap(sql: String) throws {
        _ = FriendlySQL.rewrite(sql, schema: try Self.schema())
    }

    /// `.help friendly` and `.help` of a friendly-only word show the forms; the full `.help`
    /// points there at the prompt only, so piped `.help` stays sqlite3's.
    @Test func helpKnowsTheForms() throws {
        let topic = try runAtPrompt(".help friendly\n.help summarize\n").out
        #expect(topic.components(separatedBy: "Friendly SQL: DuckDB's forms").count == 3)
        #expect(topic.contains("summarize X") && topic.contains("copy (query) to 'out.csv'"))
        let typed = try runAtPrompt(".help\n", typed: true).out
        #expect(typed.contains(".width NUM1 NUM2 ...") && typed.contains("Friendly SQL (from t, describe, summarize, copy ...): .help friendly\n"),
                "\(typed.suffix(300))")
        #expect(!(try runAtPrompt(".help\n").out.contains("friendly")))
    }

    /// The highlighter colours the words friendly SQL adds and completion offers them.
    @Test func highlightingAndCompletionKnowTheWords() throws {
        let shell = try Shell(connection: Connection(path: ":memory:"))
        let keywords = ShellCompletionData(shell: shell).keywords()
        for word in FriendlySQL.keywords { #expect(keywords.contains(word), "\(word)") }
        #expect(keywords.contains("SELECT"))
    }
}
