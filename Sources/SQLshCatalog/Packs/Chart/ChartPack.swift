/// The `chart` pack: pictures in a query's result.
enum ChartPack {
    static let pack = FunctionPack(
        name: "chart",
        summary: "pictures in text: bar() draws a horizontal bar of Unicode blocks (DuckDB's)",
        functions: [Bar.entry])
}
