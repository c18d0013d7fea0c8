import SQLshCore

/// The `define` virtual table module: `CREATE VIRTUAL TABLE name USING define((SELECT ...))`
/// makes a table-valued function `name(...)` of a query, as sqlean's.
///
/// The table's columns are the query's result columns, then one hidden column per parameter
/// of the query, named after it without its sigil (`:str` gives `str`) or by its number for
/// `?`. `select * from name(a, b)` binds the parameters in order; `where str = 'x'` binds by
/// name; a parameter given no value is NULL.
enum DefineModule: VirtualTableModule {
    static var options: TableValuedOptions { .directOnly }

    static func makeTable(arguments: [String], context: VirtualTableContext) throws -> any VirtualTable {
        try SafeMode.refuseModule("define", on: context.handle)
        guard let first = arguments.first, trimmed(first).utf8.count >= 3 else {
            throw SQLiteError(message: "no statement provided")
        }
        let text = trimmed(first)
        guard arguments.count == 1, text.hasPrefix("("), text.hasSuffix(")") else {
            throw SQLiteError(message: "statement must be parenthesized")
        }
        let query = String(text.dropFirst().dropLast())
        let state = DefineState.of(context.handle)
        let table = try DefineTable(state: state, query: query)
        if context.isCreate {
            try DefineStorage.saveTable(name: context.tableName, body: text, state.connection)
        }
        return table
    }

    private static func trimmed(_ text: String) -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" || $0 == "\u{0B}" }
        return String(text.drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}

/// One table of the `define` module.
final class DefineTable: VirtualTable {
    let state: DefineState
    let query: String
    /// How many result columns the query has; the parameter columns follow.
    let resultCount: Int
    /// How many parameters the query has.
    let parameterCount: Int
    let schema: String

    init(state: DefineState, query: String) throws {
        self.state = state
        self.query = query
        let statement = try DefineSQL.prepareDefinition(state.connection, query, what: "the statement")
        guard statement.isReadOnly else { throw SQLiteError(message: "Statement must be read only.") }
        resultCount = statement.columnCount
        parameterCount = statement.parameterCount
        var columns: [String] = []
        for index in 0..<resultCount {
            let name = statement.columnName(at: index)
            let type = statement.columnDeclaredType(at: index).map { " " + $0 } ?? ""
            columns.append(DefineSQL.quoted(name) + type)
        }
        for index in stride(from: 1, through: parameterCount, by: 1) {
            let name = statement.parameterName(at: index).map { String($0.dropFirst()) } ?? "\(index)"
            columns.append(DefineSQL.quoted(name) + " hidden")
        }
        schema = "CREATE TABLE x(" + columns.joined(separator: ", ") + ")"
    }

    /// Equality constraints on parameter columns become the scan's arguments; the plan number
    /// is the bit mask of the parameters given (parameters past the 31st cannot be constrained).
    func bestIndex(_ info: IndexInfo) throws {
        var mask: Int32 = 0
        var chosen: [Int: Int] = [:]  // parameter -> constraint
        for index in 0..<info.constraintCount {
            let constraint = info.constraint(index)
            let parameter = Int(constraint.column) - resultCount
            guard parameter >= 0, parameter < parameterCount else { continue }
            // A parameter the query gives must be bound: a plan where its value is not yet
            // known (another table of a join comes later) is refused, as are operators other
            // than `=` (sqlean: "no query solution").
            guard constraint.isUsable, constraint.op == .equal, parameter < 31 else { throw TableValuedPlanError.unusablePlan }
            if chosen[parameter] == nil {
                chosen[parameter] = index
                mask |= 1 << Int32(parameter)
            }
        }
        for (argument, (_, constraint)) in chosen.sorted(by: { $0.key < $1.key }).enumerated() {
            info.use(constraint: constraint, asArgument: Int32(argument + 1), omit: true)
        }
        info.planNumber = mask
        info.estimatedRows = 1000
        info.estimatedCost = Double(1000 - 10 * chosen.count)
    }

    func makeCursor() throws -> any VirtualTableCursor {
        let statement = try DefineSQL.prepareDefinition(state.connection, query, what: "the statement")
        return DefineCursor(table: self, statement: statement)
    }
}

/// A scan of a define table: the query's statement, run again by each `filter`.
final class DefineCursor: VirtualTableCursor {
    let table: DefineTable
    let statement: Statement
    /// The values bound to the parameters, for the hidden columns.
    private var parameters: [ValueCopy?]
    private var row: Int64 = 0
    private(set) var isAtEnd = true

    init(table: DefineTable, statement: Statement) {
        self.table = table
        self.statement = statement
        parameters = Array(repeating: nil, count: table.parameterCount)
    }

    func filter(_ arguments: FilterArguments) throws {
        statement.reset()
        statement.clearBindings()
        for index in parameters.indices {
            parameters[index] = nil
            if let argument = arguments.parameter(index) {
                try statement.bind(argument, at: index + 1)
                parameters[index] = try ValueCopy(argument)
            }
        }
        row = 0
        try step()
    }

    func next() throws { try step() }

    private func step() throws {
        let hasRow: Bool
        do {
            hasRow = try table.state.nested("define table") { try statement.step() }
        } catch {
            isAtEnd = true
            statement.reset()
            throw error
        }
        if hasRow {
            row += 1
            isAtEnd = false
        } else {
            isAtEnd = true
        }
    }

    func column(_ index: Int, into result: ResultContext) throws {
        if index < table.resultCount {
            result.set(column: index, of: statement)
        } else if index - table.resultCount < parameters.count, let value = parameters[index - table.resultCount] {
            result.set(value.value)
        } else {
            result.setNull()
        }
    }

    func rowid() throws -> Int64 { row }
}
