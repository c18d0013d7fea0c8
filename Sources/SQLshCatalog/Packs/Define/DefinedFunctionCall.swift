import SQLshCore

/// What SQLite calls for a function defined with `define(name, body)`: one per name and
/// argument count registered on a connection.
///
/// The body's compiled statement is cached with the *calling* statement, as statement data
/// under a key of this registration's own (``StatementDataKey``: SQLite keeps it for the whole
/// run of the statement, across rows and call sites). It is prepared on the first call of a
/// run and finalized when the calling statement finishes, is reset or is finalized. So a query
/// over a million rows compiles the body once, and no statement of the pack outlives the
/// statements that use it: closing the connection never fails because of defined functions
/// (sqlean keeps them in a process-wide list until `define_free()`).
///
/// `Sendable`: its properties are constants of `Sendable` types (the state is one connection's,
/// see ``DefineState``).
final class DefinedFunctionCall: Sendable {
    let state: DefineState
    let key: String
    /// Where this registration keeps the body's statement with the calling statement.
    let statementKey = StatementDataKey()

    init(state: DefineState, key: String) {
        self.state = state
        self.key = key
    }

    func invoke(_ arguments: Arguments, _ result: ResultContext) {
        guard let definition = state.definitions[key] else {
            return result.setError("no such function: \(key)")
        }
        if state.isFreed {
            return result.setError("defined functions were freed by define_free()", code: .misuse)
        }
        guard arguments.count == definition.parameterCount else {
            return result.setError("wrong number of arguments to function \(definition.name)()")
        }
        do {
            try state.nested("defined function \(definition.name)()") {
                try run(definition, arguments, result)
            }
        } catch {
            result.setError(error)
        }
    }

    private func run(_ definition: Definition, _ arguments: Arguments, _ result: ResultContext) throws {
        var compiled: CompiledBody
        var keep = false
        if let cached = arguments.statementData(for: statementKey) as? CompiledBody, cached.definition === definition {
            compiled = cached
            if cached.statement.isBusy {
                // Only when the body somehow runs inside itself: use a fresh statement.
                compiled = try CompiledBody(definition, state.connection)
            }
        } else {
            compiled = try CompiledBody(definition, state.connection)
            keep = true
        }
        let statement = compiled.statement
        for index in arguments.indices {
            try statement.bind(arguments[index], at: index + 1)
        }
        do {
            if try statement.step() {
                result.set(column: 0, of: statement)
            } else {
                result.setNull()  // no row, as a scalar subquery (sqlean: an error)
            }
        } catch {
            statement.reset()
            throw error
        }
        statement.reset()
        statement.clearBindings()
        if keep {
            // On failure SQLite releases it at once, which finalizes the statement.
            arguments.setStatementData(compiled, for: statementKey)
        }
    }
}

/// A body's prepared statement (finalized when released).
final class CompiledBody {
    let definition: Definition
    let statement: Statement

    init(_ definition: Definition, _ db: Connection) throws {
        self.definition = definition
        statement = try DefineSQL.prepareDefinition(db, definition.sql, what: "the body of \(definition.name)()")
    }
}
