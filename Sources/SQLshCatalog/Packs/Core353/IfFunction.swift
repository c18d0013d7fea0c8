import SQLshCore

/// `if(B1, V1, ..., [E])` (SQLite 3.48's name for iif, with any number of arguments).
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
            smallest integer, say) is still raised. iif() itself stays the engine's (3 \
            arguments).
            """,
        example: "SELECT if(1 > 2, 'yes', 'no');  -- 'no'",
        functions: {
            [SQLFunction("if", options: .pure, writingResult: { arguments, result in
                let count = arguments.count
                guard count >= 2 else { throw Core353Error("wrong number of arguments to function if()") }
                var i = 0
                while i + 1 < count {
                    if arguments[i].double != 0 { return result.set(arguments[i + 1]) }
                    i += 2
                }
                if count % 2 == 1 { return result.set(arguments[count - 1]) }
                result.setNull()
            })]
        })
}
