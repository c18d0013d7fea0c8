import SQLshCore

/// The cursor `fsdir` and `lsdir` share: a ``DirectoryWalk`` and the rowid, which counts the
/// rows from 1. A conforming table-valued function writes only `filter` (which starts the walk)
/// and `column`.
protocol DirectoryWalkCursor: TableValuedFunction {
    /// The walk; an ended one (``DirectoryWalk/init()``) gives no rows.
    var walk: DirectoryWalk { get }
    /// The current row's rowid.
    var row: Int64 { get set }
}

extension DirectoryWalkCursor {
    var isAtEnd: Bool { walk.path == nil }

    mutating func next() throws {
        row += 1
        try walk.advance()
    }

    func rowid() throws -> Int64 { row }

    /// The checks both functions make on their arguments before walking: a plan with the path
    /// (plan 0 has none) and a path that is not NULL, with the errors of the C code.
    static func requirePath(_ arguments: FilterArguments, function: String) throws {
        guard arguments.planNumber != 0, arguments.count > 0 else {
            throw SQLiteError(message: "table function \(function) requires an argument")
        }
        guard !arguments[0].isNull else {
            throw SQLiteError(message: "table function \(function) requires a non-NULL argument")
        }
    }
}
