internal import CSQLite

/// A table-valued function, such as `generate_series(start, stop, step)`: an eponymous virtual
/// table whose hidden columns are its arguments.
///
/// A conforming type declares its columns once (``columns``) and is itself the cursor: SQLite
/// creates one instance per scan, calls ``filter(_:)`` with the arguments, then reads rows
/// with ``column(_:into:)`` and ``rowid()`` and moves with ``next()`` until ``isAtEnd``.
///
/// ```swift
/// struct Repeat: TableValuedFunction {
///     static let columns: [TableValuedColumn] = [.column("value"), .parameter("text"), .parameter("count")]
///     var text = "", remaining = 0, row: Int64 = 1
///     init() {}
///     mutating func filter(_ arguments: FilterArguments) throws {
///         text = arguments.parameter(1)?.string ?? ""
///         remaining = arguments.parameter(2)?.int ?? 0
///     }
///     var isAtEnd: Bool { remaining <= 0 }
///     mutating func next() throws { remaining -= 1; row += 1 }
///     func column(_ index: Int, into result: ResultContext) throws { result.set(text) }
///     func rowid() throws -> Int64 { row }
/// }
/// try db.addTableValuedFunction("repeat_text", Repeat.self)
/// // select value from repeat_text('ab', 3)  -> ab, ab, ab
/// ```
///
/// Arguments in `f(a, b)` are equality constraints on the hidden columns, in declaration
/// order: `f(1, 2)` is `f WHERE p1 = 1 AND p2 = 2`. The default ``bestIndex(_:)`` passes every
/// usable equality constraint on a hidden column to ``filter(_:)``, and rejects plans lacking
/// a required one (see ``bestIndex(_:)``); a type overrides it to use ORDER BY, other
/// operators or its own costs.
public protocol TableValuedFunction: SendableMetatype {
    /// The columns, visible ones and hidden parameters, in declaration order. Column indexes
    /// passed to ``column(_:into:)`` and found in ``IndexInfo`` constraints index this array.
    static var columns: [TableValuedColumn] { get }
    /// `.innocuous` (usable in views and triggers under `PRAGMA trusted_schema=OFF`) or
    /// `.directOnly` (only from top-level SQL); empty by default.
    static var options: TableValuedOptions { get }
    /// The row count the default planner reports when every required argument is given.
    static var estimatedRows: Int64 { get }
    /// Chooses a plan: which constraints become ``filter(_:)`` arguments, at what cost.
    ///
    /// Throw ``TableValuedPlanError/unusablePlan`` to reject this combination of
    /// constraints (SQLite then tries another join order, or fails with "no query solution"),
    /// or any other error to fail the statement with its message.
    static func bestIndex(_ info: IndexInfo) throws

    /// A fresh cursor.
    init()
    /// Starts (or restarts) a scan with the plan's arguments; afterwards the cursor is on the
    /// first row, or ``isAtEnd``.
    mutating func filter(_ arguments: FilterArguments) throws
    /// Whether the cursor has moved past the last row.
    var isAtEnd: Bool { get }
    /// Moves to the next row.
    mutating func next() throws
    /// Writes the current row's value of column `index` (an index into ``columns``).
    func column(_ index: Int, into result: ResultContext) throws
    /// The current row's rowid.
    func rowid() throws -> Int64
}

extension TableValuedFunction {
    public static var options: TableValuedOptions { [] }
    public static var estimatedRows: Int64 { 1000 }

    /// The default planner.
    ///
    /// - Every usable `=` constraint on a hidden column becomes an argument of ``filter(_:)``,
    ///   numbered in column order, and is omitted from SQLite's own checks;
    ///   ``IndexInfo/planNumber`` is the bit mask of the hidden columns given (bit `i` for
    ///   column `i`), which ``FilterArguments/parameter(_:)`` decodes.
    /// - A hidden column constrained only by unusable constraints (it depends on a table not
    ///   yet scanned), or a required parameter not constrained at all, makes the plan unusable
    ///   (`SQLITE_CONSTRAINT`): SQLite then picks a join order that provides it, or reports
    ///   that there is no query solution.
    public static func bestIndex(_ info: IndexInfo) throws {
        let columns = Self.columns
        var mask: Int32 = 0
        var unusable: Int32 = 0
        var chosen = [Int?](repeating: nil, count: columns.count)
        for i in 0..<info.constraintCount {
            let constraint = info.constraint(i)
            let column = Int(constraint.column)
            guard column >= 0, column < columns.count, column < 31, columns[column].isHidden else { continue }
            if !constraint.isUsable {
                unusable |= 1 << Int32(column)
            } else if constraint.op == .equal, chosen[column] == nil {
                chosen[column] = i
                mask |= 1 << Int32(column)
            }
        }
        if unusable & ~mask != 0 { throw TableValuedPlanError.unusablePlan }
        for (index, column) in columns.enumerated() where column.isRequired && chosen[index] == nil {
            throw TableValuedPlanError.unusablePlan
        }
        var argument: Int32 = 0
        for case let i? in chosen {
            argument += 1
            info.use(constraint: i, asArgument: argument, omit: true)
        }
        info.planNumber = mask
        info.estimatedCost = 1
        info.estimatedRows = estimatedRows
    }
}

/// One column of a table-valued function.
public struct TableValuedColumn: Sendable, Equatable {
    /// The column name.
    public var name: String
    /// Whether it is a hidden column, that is a parameter.
    public var isHidden: Bool
    /// Whether the default planner refuses plans without a value for this parameter.
    public var isRequired: Bool
    /// The declared type (`TEXT`, `INT`), as `PRAGMA table_info` shows it; empty for none.
    public var declaredType: String

    public init(name: String, isHidden: Bool, isRequired: Bool = false, declaredType: String = "") {
        self.name = name
        self.isHidden = isHidden
        self.isRequired = isRequired
        self.declaredType = declaredType
    }

    /// A visible result column.
    public static func column(_ name: String, type: String = "") -> TableValuedColumn {
        TableValuedColumn(name: name, isHidden: false, declaredType: type)
    }

    /// A hidden column that takes an argument: `f(x)` sets the first parameter to `x`.
    public static func parameter(_ name: String, required: Bool = false, type: String = "") -> TableValuedColumn {
        TableValuedColumn(name: name, isHidden: true, isRequired: required, declaredType: type)
    }
}

/// Options of a table-valued function, applied with `sqlite3_vtab_config` when it connects.
public struct TableValuedOptions: OptionSet, Sendable, Hashable {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Safe for use in views and triggers even under `PRAGMA trusted_schema=OFF`.
    public static let innocuous = TableValuedOptions(rawValue: 1 << 0)
    /// Only usable from top-level SQL, never from views, triggers or schema.
    public static let directOnly = TableValuedOptions(rawValue: 1 << 1)
    /// Reads or writes files named by its arguments (a ``VirtualTableModule``'s): a table of
    /// it that the database came with, rather than one this connection's statements made, is
    /// refused when it is first used, unless trusted by name (``StoredFileTables``).
    public static let touchesFiles = TableValuedOptions(rawValue: 1 << 2)
}

/// Errors a planner throws.
public enum TableValuedPlanError: Error, Sendable {
    /// This combination of constraints cannot be used (`SQLITE_CONSTRAINT` from xBestIndex).
    case unusablePlan
}
