internal import CSQLite

/// What the record coders look up once per statement rather than once per row: the column
/// names with their indexes, and the named parameters with theirs.
final class RecordCache {
    private var columns: RecordColumns?
    private var parameters: RecordParameters?

    /// The result columns. Rebuilt when their number changes (SQLite re-prepares a
    /// `select *` after the table's schema changed).
    func columns(of statement: Statement) -> RecordColumns {
        let count = statement.columnCount
        if let columns, columns.names.count == count { return columns }
        let built = RecordColumns(statement, count: count)
        columns = built
        return built
    }

    /// The parameters; they never change for a statement.
    func parameters(of statement: Statement) -> RecordParameters {
        if let parameters { return parameters }
        let built = RecordParameters(statement)
        parameters = built
        return built
    }
}

extension Statement {
    /// The statement's record cache, created on first use.
    var recordCacheCreatingIfNeeded: RecordCache {
        if let recordCache { return recordCache }
        let cache = RecordCache()
        recordCache = cache
        return cache
    }
}

/// Column name to index. A name is looked up exactly first, then with ASCII case folding (as
/// SQLite compares identifiers); when two columns share a name, the leftmost wins.
final class RecordColumns {
    let names: [String]
    private let exact: [String: Int]
    private let folded: [String: Int]

    init(_ statement: Statement, count: Int) {
        var names: [String] = []
        var exact: [String: Int] = [:], folded: [String: Int] = [:]
        names.reserveCapacity(count)
        for i in 0..<count {
            let name = statement.columnName(at: i)
            names.append(name)
            if exact[name] == nil { exact[name] = i }
            let key = asciiLowercased(name)
            if folded[key] == nil { folded[key] = i }
        }
        self.names = names
        self.exact = exact
        self.folded = folded
    }

    /// The names looked up while decoding the previous row, in order, with their indexes: a
    /// `Decodable` type asks for the same keys in the same order on every row, and comparing a
    /// key with the one at the same position (usually the same string storage) is cheaper than
    /// hashing it.
    ///
    /// These are read for every property of every row, only inside the short methods below,
    /// which call no other code (so no access can overlap another), on a statement used by
    /// one thread at a time: the dynamic exclusivity checks of class properties are skipped.
    @exclusivity(unchecked) private var remembered: [(name: String, index: Int?)] = []
    @exclusivity(unchecked) private var position = 0

    @exclusivity(unchecked) private var lastType: ObjectIdentifier?
    @exclusivity(unchecked) private var lastTypeReadsOneColumn = false

    // Forced inlining in this file: Benchmarks/shell.sh (output modes): column reads of every row.
    /// Whether `type` reads a one-column row (a standard or convertible type) rather than
    /// columns by name; remembered for the last type asked, as the dynamic casts cost more
    /// than the rest of a row.
    @inline(__always)
    func readsOneColumn(_ type: Any.Type) -> Bool {
        let id = ObjectIdentifier(type)
        if id != lastType {
            lastType = id
            lastTypeReadsOneColumn = type is any ColumnPrimitive.Type || type is any SQLValueConvertible.Type
        }
        return lastTypeReadsOneColumn
    }

    /// Starts a row: lookups are matched against the previous row's again from the first.
    @inline(__always)
    func startRow() { position = 0 }

    @inline(__always)
    func index(of name: String) -> Int? {
        if position < remembered.count, remembered[position].name == name {
            defer { position += 1 }
            return remembered[position].index
        }
        let index = lookUp(name)
        if position < remembered.count {
            remembered[position] = (name, index)
        } else if remembered.count < 256 {
            remembered.append((name, index))
        }
        position += 1
        return index
    }

    private func lookUp(_ name: String) -> Int? {
        if let i = exact[name] { return i }
        return folded[asciiLowercased(name)]
    }

    /// `id, name, score` for messages.
    var list: String { names.isEmpty ? "none" : names.joined(separator: ", ") }
}

/// Named parameters by their name without the prefix (`:id`, `@id` and `$id` are all `id`;
/// SQLite gives each spelling its own index, and a record value binds them all).
final class RecordParameters {
    /// The name of each parameter with its prefix, nil for a positional `?`; index 0 is
    /// parameter 1.
    let names: [String?]
    let byName: [String: [Int]]

    init(_ statement: Statement) {
        var names: [String?] = []
        var byName: [String: [Int]] = [:]
        let count = statement.parameterCount
        names.reserveCapacity(count)
        for index in 1...max(count, 1) where index <= count {
            let name = statement.parameterName(at: index)
            names.append(name)
            // `?NNN` has a name too ("?2"): it is positional.
            if let name, let first = name.first, first != "?" {
                byName[String(name.dropFirst()), default: []].append(index)
            }
        }
        self.names = names
        self.byName = byName
    }
}

func asciiLowercased(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 >= 65 && $0 <= 90 }) else { return text }
    return String(decoding: text.utf8.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }, as: UTF8.self)
}
