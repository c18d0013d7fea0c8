internal import CSQLite

/// The planner's question and answer for one candidate plan: a view over
/// `sqlite3_index_info`, valid only during ``TableValuedFunction/bestIndex(_:)``.
public struct IndexInfo {
    /// The `sqlite3_index_info *`.
    let rawValue: UnsafeMutablePointer<sqlite3_index_info>

    init(rawValue: UnsafeMutablePointer<sqlite3_index_info>) { self.rawValue = rawValue }

    /// A WHERE-clause constraint offered by the planner.
    public struct Constraint: Sendable, Equatable {
        /// The constrained column (an index into ``TableValuedFunction/columns``), -1 for the rowid.
        public var column: Int32
        /// The operator.
        public var op: ConstraintOperator
        /// Whether the right-hand side can be known at filter time in this plan.
        public var isUsable: Bool
    }

    /// A constraint operator (`SQLITE_INDEX_CONSTRAINT_*`).
    public struct ConstraintOperator: RawRepresentable, Sendable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        public static let equal = ConstraintOperator(rawValue: UInt8(SQLITE_INDEX_CONSTRAINT_EQ))
        public static let greaterThan = ConstraintOperator(rawValue: UInt8(SQLITE_INDEX_CONSTRAINT_GT))
        public static let lessOrEqual = ConstraintOperator(rawValue: UInt8(SQLITE_INDEX_CONSTRAINT_LE))
        public static let lessThan = ConstraintOperator(rawValue: UInt8(SQLITE_INDEX_CONSTRAINT_LT))
        public static let greaterOrEqual = ConstraintOperator(rawValue: UInt8(SQLITE_INDEX_CONSTRAINT_GE))
        public static let limit = ConstraintOperator(rawValue: UInt8(SQLITE_INDEX_CONSTRAINT_LIMIT))
        public static let offset = ConstraintOperator(rawValue: UInt8(SQLITE_INDEX_CONSTRAINT_OFFSET))
    }

    /// How many constraints are offered.
    public var constraintCount: Int { Int(rawValue.pointee.nConstraint) }

    /// Constraint `index` (0-based, below ``constraintCount``).
    public func constraint(_ index: Int) -> Constraint {
        let c = rawValue.pointee.aConstraint[index]
        return Constraint(column: c.iColumn, op: ConstraintOperator(rawValue: c.op), isUsable: c.usable != 0)
    }

    /// The name of the collating sequence constraint `index` compares with
    /// (`sqlite3_vtab_collation`), such as `BINARY` or `NOCASE`; nil when SQLite gives none.
    public func collation(ofConstraint index: Int) -> String? {
        sqlite3_vtab_collation(rawValue, Int32(index)).map { String(cString: $0) }
    }

    /// Passes constraint `index`'s right-hand side to `filter` as argument number `argument`
    /// (1-based, without gaps); `omit` tells SQLite not to check the constraint again.
    public func use(constraint index: Int, asArgument argument: Int32, omit: Bool) {
        rawValue.pointee.aConstraintUsage[index].argvIndex = argument
        rawValue.pointee.aConstraintUsage[index].omit = omit ? 1 : 0
    }

    /// Whether constraint `index`'s right-hand side is a value known now, while the plan is
    /// chosen (a literal or a bound parameter: `sqlite3_vtab_rhs_value`), rather than a
    /// column of another table in a join. A table that answers equality from an index it
    /// must first build may offer that plan only for joins, where the index is used many
    /// times.
    public func rightHandSideIsKnown(constraint index: Int) -> Bool {
        var value: OpaquePointer?
        return sqlite3_vtab_rhs_value(rawValue, Int32(index), &value) == SQLITE_OK
    }

    /// The name of the collating sequence constraint `index` compares with
    /// (`sqlite3_vtab_collation`): `BINARY` unless the column or the expression says
    /// otherwise.
    public func collation(constraint index: Int) -> String {
        sqlite3_vtab_collation(rawValue, Int32(index)).map { String(cString: $0) } ?? "BINARY"
    }

    /// The columns the statement uses (`colUsed`): bit `i` for column `i`, bit 63 for every
    /// column from the 64th on. A table may read only these.
    public var columnsUsed: UInt64 { rawValue.pointee.colUsed }

    /// The ORDER BY terms the planner would like satisfied: column and direction.
    public var orderBy: [(column: Int32, descending: Bool)] {
        (0..<Int(rawValue.pointee.nOrderBy)).map {
            let term = rawValue.pointee.aOrderBy[$0]
            return (term.iColumn, term.desc != 0)
        }
    }

    /// Set to true when the rows come out in the requested ORDER BY order.
    public var orderByConsumed: Bool {
        get { rawValue.pointee.orderByConsumed != 0 }
        nonmutating set { rawValue.pointee.orderByConsumed = newValue ? 1 : 0 }
    }

    /// The plan's number, passed to `filter` (`idxNum`).
    public var planNumber: Int32 {
        get { rawValue.pointee.idxNum }
        nonmutating set { rawValue.pointee.idxNum = newValue }
    }

    /// The estimated cost of the plan (lower is preferred).
    public var estimatedCost: Double {
        get { rawValue.pointee.estimatedCost }
        nonmutating set { rawValue.pointee.estimatedCost = newValue }
    }

    /// The estimated number of rows the plan produces.
    public var estimatedRows: Int64 {
        get { rawValue.pointee.estimatedRows }
        nonmutating set { rawValue.pointee.estimatedRows = newValue }
    }
}
