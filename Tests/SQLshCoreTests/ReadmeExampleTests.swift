import SQLshCore
import Testing

// The embedding example of the DocC guide (Sources/SQLshCore/SQLshCore.docc/EmbeddingGuide.md,
// once the README's "Embedding the core library"), verbatim apart from `print` being
// replaced by collecting lines: if this stops compiling or passing, update the guide too.

// A scalar function: the closure's result type is inferred; nil is NULL.
let initials = SQLFunction("initials", argumentCount: 1, options: .pure) { args -> String? in
    guard let name = args[0].string else { return nil }
    return String(name.split(separator: " ").compactMap(\.first))
}

// An aggregate: one instance per group; step per row, then finalize.
struct Product: Aggregate {
    var result = 1.0
    mutating func step(_ args: Arguments) throws {
        guard !args[0].isNull else { return }
        guard args[0].double >= 0 else { throw SQLiteError(message: "product() needs non-negative values") }
        result *= args[0].double
    }
    func finalize() throws -> (any SQLValueConvertible)? { result }
}

// A window aggregate: also removes rows leaving the frame, for OVER (...).
struct Median: WindowAggregate {
    var values: [Double] = []
    mutating func step(_ args: Arguments) throws {
        if !args[0].isNull { values.append(args[0].double) }
    }
    mutating func inverse(_ args: Arguments) throws {
        if !args[0].isNull, let i = values.firstIndex(of: args[0].double) { values.remove(at: i) }
    }
    func finalize() throws -> (any SQLValueConvertible)? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted(), mid = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    }
}

@Suite struct ReadmeExampleTests {
    @Test func embeddingExample() throws {
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

        let db = try Connection(path: ":memory:")
        try db.add(initials)
        try db.add(SQLFunction("product", argumentCount: 1, aggregate: Product.self))
        try db.add(SQLFunction("median", argumentCount: 1, options: .pure, aggregate: Median.self))
        try db.execute("""
            create table staff(name text, team text, salary real);
            insert into staff values ('Ada Lovelace', 'core', 120), ('Grace Hopper', 'core', 100),
                                     ('Alan Turing', 'shell', 110), ('Edsger Dijkstra', 'core', 90);
            """)

        let query = try db.prepare("""
            select initials(name), median(salary) over (order by name rows 1 preceding)
            from staff where team = :team order by name
            """)
        try query.bind("core", named: ":team")
        while try query.step() {
            print(query.string(at: 0) ?? "NULL", query.double(at: 1))
        }
        // AL 120.0
        // ED 105.0
        // GH 95.0

        let total = try db.prepare("select product(salary / 10) from staff")
        _ = try total.step()
        print(total.double(at: 0)) // 11880.0

        do {
            _ = try db.scalar("select product(-1)")
        } catch let error as SQLiteError {
            print(error.message) // product() needs non-negative values
        }

        #expect(printed == ["AL 120.0", "ED 105.0", "GH 95.0", "11880.0", "product() needs non-negative values"])
    }
}
