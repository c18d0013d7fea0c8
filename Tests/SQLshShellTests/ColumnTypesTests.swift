import Foundation
import SQLshCore
@testable import SQLshShell
import Testing

/// The row of column types under a `pretty` table's headers (`.types`).
@Suite struct ColumnTypesTests {
    /// Runs `sql` in pretty mode as at the prompt (types on); returns stdout.
    func render(_ sql: String, width: Int = 80, height: Int = 0, types: Bool = true) throws -> String {
        try runAtPrompt(sql, width: width, height: height) { $0.settings.columnTypes = types }.out
    }

    @Test func storageClassesOfTheValuesShown() {
        var types = ColumnTypes(declared: [nil, nil, nil, nil, nil, nil])
        types.add([.integer(1), .real(2.5), .text("a"), .blob([1]), .null, .integer(3)])
        types.add([.integer(2), .real(1), .text("b"), .blob([]), .null, .text("x")])
        #expect(types.names == ["integer", "real", "text", "blob", "null", "mixed"])
    }

    @Test func declaredTypesWinAndAreLowercased() {
        var types = ColumnTypes(declared: ["INTEGER", "VARCHAR(20)", "", nil])
        types.add([.text("x"), .text("y"), .real(1), .null])
        #expect(types.names == ["integer", "varchar(20)", "real", "null"])
    }

    @Test func capturedRowsMarkTheirKinds() {
        var seen: [UInt8] = [0, 0, 0, 0, 0]
        let db = try? Connection(path: ":memory:")
        guard let db, let statement = try? db.prepare("select 1, 'text', x'00ff', null, 2.5") else {
            Issue.record("cannot prepare")
            return
        }
        #expect((try? statement.step()) == true)
        let row = CapturedRow()
        row.capture(statement, columns: 5)
        row.markKinds(&seen)
        #expect(seen == [1, 4, 8, 0, 2])
    }

    @Test func typeRowUnderTheHeaders() throws {
        let out = try render("""
            create table t(id integer primary key, name text, score);
            insert into t values (1, 'ann', 2.5), (2, 'bob', null);
            select id, name, score, id * 2 as twice from t;
            """)
        #expect(out == """
            ┌─────────┬──────┬───────┬─────────┐
            │   id    │ name │ score │  twice  │
            │ integer │ text │ real  │ integer │
            ├─────────┼──────┼───────┼─────────┤
            │       1 │ ann  │   2.5 │       2 │
            │       2 │ bob  │ NULL  │       4 │
            └─────────┴──────┴───────┴─────────┘

            """)
    }

    /// The time pack's blobs show as ISO timestamps with the type `time` at the prompt
    /// (issue 38, item 7); other blobs stay hex, and a column of both is `blob`.
    @Test func timeBlobsShowAsISOTimestamps() throws {
        let out = try render("""
            select time_date(2024, 3, 21, 10, 11, 12) as t, time_unix(0, 500000000) as u, time_date(-44, 3, 15) as bc;
            """)
        #expect(out == """
            ┌──────────────────────┬────────────────────────┬───────────────────────┐
            │          t           │           u            │          bc           │
            │         time         │          time          │         time          │
            ├──────────────────────┼────────────────────────┼───────────────────────┤
            │ 2024-03-21T10:11:12Z │ 1970-01-01T00:00:00.5Z │ -0044-03-15T00:00:00Z │
            └──────────────────────┴────────────────────────┴───────────────────────┘

            """)
        let mixed = try render("select time_date(2024, 1, 1) as v union all select x'0102';")
        #expect(mixed.contains("│         blob         │"), "\(mixed)")
        #expect(mixed.contains("2024-01-01T00:00:00Z"), "\(mixed)")
        #expect(mixed.contains("X'0102'"), "\(mixed)")
        var types = ColumnTypes(declared: [nil, nil])
        types.add([.blob([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]), .blob([2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])])
        #expect(types.names == ["time", "blob"])
    }

    @Test func typesOffHidesTheRow() throws {
        let out = try render("select 1 as n;", types: false)
        #expect(out == "┌───┐\n│ n │\n├───┤\n│ 1 │\n└───┘\n")
    }

    @Test func headTailViewNamesTheRowsShown() throws {
        let out = try render("select case when value < 5 then value else 'x' end as v from generate_series(1, 100);",
                             height: 12)
        let lines = out.split(separator: "\n")
        #expect(lines[2] == "│ mixed │")
        #expect(out.contains("100 rows (3 shown)"))
    }

    @Test func longDeclaredTypesAreCutInNarrowTables() throws {
        let out = try render("""
            create table w(a "a very long declared type name", b text);
            insert into w values ('x', '\(String(repeating: "y", count: 60))');
            select * from w;
            """, width: 30)
        #expect(out.split(separator: "\n").allSatisfy { DisplayWidth.of(String($0)) == 30 })
        #expect(out.contains("…"))
    }

    @Test func wholeResultOfLastHasTypes() throws {
        let out = try render("select 1 as a, 'b' as b;\n.last")
        #expect(out.components(separatedBy: "│ integer │ text │").count == 3)
    }
}
