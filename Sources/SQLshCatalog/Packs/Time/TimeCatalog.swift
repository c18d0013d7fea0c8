import SQLshCore

/// Building blocks for the time pack's catalog entries.
enum TimeCatalog {
    /// The body of a time function. It reads its arguments with ``TimeArguments``, whose
    /// readers give nil when the call has a NULL argument (the result is then NULL).
    typealias Body = @Sendable (Arguments, ResultContext) throws -> Void

    /// A time pack entry: `body` registered under each argument count in `counts`. A NULL in
    /// any argument gives NULL, as in sqlean's later versions (0.28.3 raised type errors):
    /// ``TimeArguments`` sees to it.
    static func entry(_ name: String, counts: [Int], arguments: String, flags: FunctionOptions = .pure,
                      summary: String, details: String, example: String, body: @escaping Body) -> CatalogFunction {
        CatalogFunction(
            arguments: arguments,
            summary: summary, details: details, example: example,
            functions: { counts.map { registration(name, $0, flags, body) } })
    }

    /// Another name for `entry` (sqlean's Postgres-style aliases): same behaviour, its own switch.
    static func alias(_ name: String, of entry: CatalogFunction, counts: [Int], body: @escaping Body) -> CatalogFunction {
        CatalogFunction(
            arguments: entry.arguments,
            summary: entry.summary + " (same as \(entry.name))",
            details: "\(name) is another name for \(entry.name). " + entry.details,
            example: entry.example.replacingBytes(entry.name + "(", with: name + "("),
            functions: { counts.map { registration(name, $0, entry.flags, body) } })
    }

    static func registration(_ name: String, _ count: Int, _ flags: FunctionOptions, _ body: @escaping Body) -> SQLFunction {
        // No NULL check by the core: the argument readers make it where they look at the type
        // (see TimeArguments). `body` is called directly, with no closure around it.
        SQLFunction(name, argumentCount: count, options: flags, nullForNullArguments: false, writingResult: body)
    }
}
