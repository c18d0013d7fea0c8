import Testing
import SQLshCatalog
import SQLshCore

@Suite struct SHA3Tests {
    static let values = [
        "''", "'abc'", "'a'", "'The quick brown fox jumps over the lazy dog'", "'héllo wörld ✓'",
        "0", "1", "-1", "15", "9223372036854775807", "-9223372036854775808",
        "1.5", "0.1", "-0.0", "1e100", "3.141592653589793", "1e-300",
        "x''", "x'00'", "x'00ff'", "x'deadbeef'", "zeroblob(1000)", "cast('abc' as blob)",
        "char(0)", "'a'||char(0)||'b'",
    ]
    static let lengths = [0, 1, 71, 72, 73, 103, 104, 105, 135, 136, 137, 143, 144, 145, 287, 288, 289, 1000, 5000]

    static var queries: [String] {
        var q: [String] = []
        for v in values {
            q.append("select hex(sha3(\(v))), hex(sha3(\(v),224)), hex(sha3(\(v),384)), hex(sha3(\(v),512))")
        }
        for n in lengths {
            q.append("select hex(sha3(substr(replace(hex(zeroblob(\(n))),'0','x'),1,\(n)), s)) from (select 224 s union all select 256 union all select 384 union all select 512)")
            q.append("select hex(sha3(zeroblob(\(n)), 512))")
        }
        q += [
            "select quote(sha3(null)), quote(sha3(null, 512))",
            "select hex(sha3('abc', '256')), hex(sha3('abc', 256.0)), hex(sha3('abc', 384.9))",
            "select sha3('abc', 255)", "select sha3('abc', 0)", "select sha3(null, 1)",
            "select sha3('abc', null)", "select sha3('abc', 'x')",
            "select sha3()", "select sha3(1,2,3)",
            "select length(sha3('x')), typeof(sha3('x'))",
            "create table t(x); insert into t values (1),('a'),(x'01'),(null),(2.5); select hex(sha3(x)) from t",
            "create table t(x); create index i on t(sha3(x)); insert into t values ('a'); select hex(sha3(x)) from t where sha3(x) = sha3('a')",
            "select hex(sha3_query('select 1'))",
            "select hex(sha3_query('select 1; select 2'))",
            "select hex(sha3_query('select 1, 2.5, ''text'', x''00ff'', null'))",
            "select hex(sha3_query('select -1, -9223372036854775808, 1e300, -0.0', 512))",
            "select hex(sha3_query('select 1 -- c\n'))",
            "select hex(sha3_query('  '))", "select hex(sha3_query(''))",
            "select quote(sha3_query(null))",
            "select hex(sha3_query('select * from generate_series(1,100)', 224))",
            "create table t(a,b); insert into t values (1,'x'),(2,'y'); select hex(sha3_query('select * from t; select count(*) from t', 384))",
            "create table t(a); select hex(sha3_query('select * from t'))",
            "select sha3_query('select 1; selec 2')",
            "select sha3_query('select 1 from nosuch')",
            "select sha3_query('create table t(x)')",
            "select sha3_query(12)",
            "select sha3_query('select 1', 100)",
            "select sha3_query()",
            "create table t(x); create view v as select sha3_query('select 1'); select * from v",
            "create table t(x); create view v as select hex(sha3('a')) h; select * from v",
        ]
        return q
    }

    @Test(arguments: queries)
    func matchesStockShell(_ sql: String) throws {
        let expected = try StockShell.run(sql)
        #expect(StockShell.ours(sql) == expected, "\(sql)")
    }
}
