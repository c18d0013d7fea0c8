import SQLshCore

/// The `series` pack: `generate_series`, the table-valued function of the stock shell.
enum SeriesPack {
    static let pack = FunctionPack(
        name: "series",
        summary: "generate_series, the table-valued integer sequence of the sqlite3 shell (SQLite 3.53)",
        functions: [generateSeries])

    static let generateSeries = CatalogFunction(
        name: "generate_series", kind: .tableValued, arity: "1-3", arguments: "start[, stop[, step]]", flags: [.innocuous],
        summary: "integers from start to stop by step, as rows",
        details: """
            A table-valued function with one column, value, and the hidden columns start, stop \
            and step, answering as SQLite 3.53's series.c. start is required ("first argument \
            to "generate_series()" missing or unusable") unless a constraint on value bounds \
            it; stop defaults to 4294967295 (or, with an upper bound on value, the largest integer) and step to 1; a step of 0 gives no rows. Arguments are \
            converted to integers as SQLite converts values (1.5 is 1, 'a' is 0). A negative \
            step counts down from start to stop: generate_series(10, 1, -3) is 10, 7, 4, 1, \
            and generate_series(1, 10, -2) is empty. The step column shows the step as given. \
            A NULL argument gives no rows. The rowid is the value. Constraints on value \
            (=, IS, <, <=, >, >=, BETWEEN, also through the rowid) narrow the range \
            before the scan, so WHERE value BETWEEN 1e6 AND 1e6+2 reads 3 rows; a \
            real bound is rounded inwards (value = 5.5 matches nothing). ORDER BY value, \
            either direction, needs no sort. Arguments can also be given as constraints: \
            generate_series WHERE start=1 AND stop=3. sqlite3 3.40.1's shell counted a \
            negative step down from the last value of the ascending series and numbered the \
            rows: see docs/sqlite-compat.md.
            """,
        example: "SELECT group_concat(value) FROM generate_series(0, 100, 25);  -- '0,25,50,75,100'",
        register: { try $0.addTableValuedFunction("generate_series", GenerateSeries.self) },
        unregister: { try $0.removeTableValuedFunction(named: "generate_series") })
}
