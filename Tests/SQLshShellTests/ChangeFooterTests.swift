@testable import SQLshShell
import Testing

/// Which statements get `N rows changed` at the prompt: those whose changes SQLite counts.
struct ChangeFooterTests {
    @Test(arguments: [
        ("insert into t values(1)", true), ("  -- note\n UPDATE t SET a = 1", true), ("/* x */delete from t", true),
        ("replace into t values(1)", true), ("with x as (select 1) insert into t select * from x", true),
        ("with x(v) as (select 2) delete from t where a in (select v from x)", true),
        ("with x as (select 1) select * from x", false), ("create table t(a)", false), ("select 'insert'", false),
        ("pragma user_version = 3", false), ("", false), ("'insert'", false),
    ])
    func dataChanges(sql: String, expected: Bool) {
        #expect(ChangeFooter.isDataChange(sql) == expected, "\(sql)")
    }
}
