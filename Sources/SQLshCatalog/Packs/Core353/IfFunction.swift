import SQLshCore

/// `if(B1, V1, ..., [E])` (SQLite 3.48's name for iif, with any number of arguments), and
/// `iif` with the argument counts the engine's own iif (3 arguments) refuses.
enum IfFunction {
    static let entry = CatalogFunction(
        arity: "2+",
        arguments: "b1, v1[, b2, v2 ...][, else]",
        summary: "the value after the first true condition, else the last odd argument (SQLite 3.48)",
        details: """
            if(B1, V1, B2, V2, ..., E) returns the V after the first true B (a nonzero number; \
            NULL and text that reads as 0 are false), else E, or NULL when the count of \
            arguments is even. if(B, V) is iif's two-argument form: V or NULL. SQLite 3.48 \
            added if() as another name for iif(), which it evaluates lazily; as a function \
            here every argument is evaluated, so an error in a branch not taken (abs() of the \
            smallest integer, say) is still raised. iif() with 3 arguments stays the engine's \
            (lazy); see iif for its other argument counts.
            """,
        example: "SELECT if(1 > 2, 'yes', 'no');  -- 'no'",
        functions: { [SQLFunction("if", options: .pure, writingResult: choose)] })

    /// The most arguments a function of the linked SQLite can take (`SQLITE_MAX_FUNCTION_ARG`).
    static let maximumArguments = 127

    static let iif = CatalogFunction(
        arguments: "b1, v1[, b2, v2 ...][, else]",
        summary: "iif with 2 or 4 and more arguments, as SQLite 3.48 takes them",
        details: """
            iif(B, V) is V when B is true, else NULL; iif(B1, V1, B2, V2, ..., E) returns the V \
            after the first true B (a nonzero number; NULL and text that reads as 0 are \
            false), else E, or NULL when the count of arguments is even: SQLite 3.48's iif. \
            With 3 arguments iif is the engine's own, evaluated lazily; with any other count \
            (up to 127) it is this function, which evaluates every argument, so an error in \
            a branch not taken is still raised. Registered when a statement first calls iif \
            with such a count, where sqlite3 3.40.1 said "wrong number of arguments to \
            function iif()".
            """,
        example: "SELECT iif(0, 'a', 1, 'b', 'c'), iif(0, 'a');  -- 'b'|NULL",
        functions: {
            ([2] + Array(4...maximumArguments)).map {
                SQLFunction("iif", argumentCount: $0, options: .pure, writingResult: choose)
            }
        })

    /// The value after the first true condition, else the last odd argument, else NULL.
    private static func choose(_ arguments: Arguments, _ result: ResultContext) throws {
        let count = arguments.count
        guard count >= 2 else { throw Core353Error("wrong number of arguments to function if()") }
        var i = 0
        while i + 1 < count {
            if arguments[i].double != 0 { return result.set(arguments[i + 1]) }
            i += 2
        }
        if count % 2 == 1 { return result.set(arguments[count - 1]) }
        result.setNull()
    }
}
