/// The `math` pack: sqlean's `math_*` names for SQLite's math functions, plus `math_round`.
///
/// sqlean also registers the unprefixed names (`ceil`, `log`, `pow`, `sqrt`, ...), copied from
/// SQLite's own code; sqlsh leaves SQLite's built-in functions of those names in place, since
/// they behave the same (same code), so only the `math_*` names are catalog entries.
enum MathPack {
    static let pack = FunctionPack(
        name: "math",
        summary: "sqlean's math_* names: rounding, logarithms, powers, trigonometry, as SQLite's math functions",
        functions: MathFunctions.all)
}
