import SQLshCore

/// The `series` pack: `generate_series`, the table-valued function of the stock shell.
enum SeriesPack {
    static let pack = FunctionPack(
        name: "series",
        summary: "generate_series, the table-valued integer sequence of the stock sqlite3 shell",
        functions: [generateSeries])

    static let generateSeries = CatalogFunction(
        name: "generate_series", kind: .tableValued, arity: "1-3", arguments: "start[, stop[, step]]", flags: [.innocuous],
        summary: "integers from start to stop by step, as rows",
        details: """
            A table-valued function with one column, value, and the hidden columns start, stop \
            and step, behaving exactly as the stock sqlite3 3.40.1 shell's series.c. start is \
            required ("first argument to "generate_series()" missing or unusable"); stop \
            defaults to 4294967295 and step to 1 (0 counts as 1). Arguments are converted to \
            integers as SQLite converts values (1.5 is 1, 'a' is 0). A negative step produces \
            the ascending series in reverse order, and the step column shows its absolute \
            value. A NULL argument gives no rows. The rowid is the row number. Arguments can \
            also be given as constraints: generate_series WHERE start=1 AND stop=3.
            """,
        example: "SELECT group_concat(value) FROM generate_series(0, 100, 25);  -- '0,25,50,75,100'",
        register: { try $0.addTableValuedFunction("generate_series", GenerateSeries.self) },
        unregister: { try $0.removeTableValuedFunction(named: "generate_series") })
}
