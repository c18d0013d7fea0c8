#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLshCore
import SQLshFiles

/// `.schema ?--indent? ?--nosys? ?PATTERN?`: the CREATE statements of every attached
/// database, optionally only for tables matching a LIKE (or GLOB) pattern.
struct SchemaCommand: DotCommand {
    static let name = "schema"
    static let usage = ".schema ?PATTERN?"
    static let summary = "Show the CREATE statements matching PATTERN"
    static let details = """
       Options:
          --indent             Try to pretty-print the schema
          --nosys              Omit objects whose names start with "sqlite_"
    """

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        _ = shell.connection  // opened before the arguments are checked, as in sqlite3
        var indent = false, debug = false, noSystem = false
        var pattern: String?
        for argument in arguments.dropFirst() {
            if ShellValues.isOption(argument, "indent") {
                indent = true
            } else if ShellValues.isOption(argument, "debug") {
                debug = true
            } else if ShellValues.isOption(argument, "nosys") {
                noSystem = true
            } else if argument.hasPrefix("-") {
                throw ShellError("Unknown option: \"\(argument)\"")
            } else if pattern == nil {
                pattern = argument
            } else {
                throw ShellError("Usage: .schema ?--indent? ?--nosys? ?LIKE-PATTERN?")
            }
        }
        let connection = shell.connection
        if let pattern, ["sqlite_master", "sqlite_schema", "sqlite_temp_master", "sqlite_temp_schema"]
            .contains(where: { sqlite3LikeEscape(pattern, $0) }) {
            let sql = "CREATE TABLE \(pattern) (\n  type text,\n  name text,\n  tbl_name text,\n  rootpage integer,\n  sql text\n)"
            SchemaPrinter.statement(sql, indent: indent, to: shell.out)
        }
        let schemas: [(name: String, file: String?)]
        do { schemas = try SchemaQuery.databases(connection) } catch {
            throw ShellError("Error: \(connection.errorMessage)")
        }
        var union = ""
        for (number, schema) in schemas.enumerated() {
            if !union.isEmpty { union += " UNION ALL " }
            let argument = schema.name.lowercased() == "main" ? "NULL" : SQLQuoting.quoted(schema.name, "'")
            union += "SELECT sql, \(argument) AS sarg, type, tbl_name, name, rowid, \(number + 1) AS snum, "
            union += SQLQuoting.quoted(schema.name, "'") + " AS sname FROM "
            union += (SQLQuoting.needsQuoting(schema.name) ? SQLQuoting.quoted(schema.name, "\"") : schema.name) + ".sqlite_schema"
        }
        let filter = whereClause(pattern: pattern, noSystem: noSystem,
                                 table: "tbl_name", qualified: "printf('%s.%s',sname,tbl_name)")
        let query = "SELECT sql, sarg, name FROM (\(union)) WHERE \(filter)sql IS NOT NULL ORDER BY snum, rowid"
        if debug {
            shell.out.write("SQL: \(query);\n")
            return .success
        }
        var printed = false
        do {
            let statement = try connection.prepare(query)
            while try statement.step() {
                guard let sql = statement.cText(at: 0) else { continue }
                printed = true
                let text = SchemaPrinter.addSchema(connection, sql: sql, schema: statement.cText(at: 1), name: statement.cText(at: 2))
                SchemaPrinter.statement(text, indent: indent, to: shell.out)
            }
            if pattern != nil {
                // Table-valued functions (eponymous virtual tables) match too, after the rest.
                let moduleFilter = whereClause(pattern: pattern, noSystem: noSystem,
                                               table: "name", qualified: "printf('%s.%s','main',name)")
                let modules = try connection.prepare("SELECT name FROM pragma_module_list WHERE \(moduleFilter)1 ORDER BY name")
                while try modules.step() {
                    guard let name = modules.string(at: 0),
                          let fake = SchemaPrinter.fakeSchema(connection, schema: nil, name: name) else { continue }
                    printed = true
                    SchemaPrinter.statement("/* \(fake) */", indent: indent, to: shell.out)
                }
            }
            // Where sqlite3 prints nothing: a data file named is read as a table (sqlsh only),
            // so its columns and types are shown.
            if !printed, let pattern, let sql = fileTableSchema(pattern, shell: shell) {
                SchemaPrinter.statement(sql, indent: indent, to: shell.out)
            }
        } catch let error as SQLshCore.SQLiteError {
            throw ShellError("Error: \(error.message)")
        }
        return .success
    }

    /// `CREATE TABLE 'sales.csv'(id INTEGER, ...)` for `name`, a data file that exists and
    /// reads as a table (``FileTablesSubsystem``); nil for any other name.
    static func fileTableSchema(_ name: String, shell: Shell) -> String? {
        guard FileTablesSubsystem.isDataFileName(name), access(name, R_OK) == 0 else { return nil }
        let source = FriendlySQL.quoteString(name)
        guard let columns = ConnectionSchema(connection: shell.connection).columns(of: source), !columns.isEmpty
        else { return nil }
        let list = columns.map { column in
            let quoted = SQLQuoting.identifier(column.name)
            return column.type.isEmpty ? quoted : quoted + " " + column.type
        }
        return "CREATE TABLE \(source)(" + list.joined(separator: ", ") + ")"
    }

    /// The pattern and `--nosys` conditions of the schema query, each followed by ` AND `.
    static func whereClause(pattern: String?, noSystem: Bool, table: String, qualified: String) -> String {
        var filter = ""
        if let pattern {
            let isGlob = pattern.contains("*") || pattern.contains("?") || pattern.contains("[")
            filter += pattern.contains(".") ? "lower(\(qualified))" : "lower(\(table))"
            filter += isGlob ? " GLOB " : " LIKE "
            filter += SQLQuoting.literal(pattern)
            if !isGlob { filter += " ESCAPE '\\' " }
            filter += " AND "
        }
        if noSystem { filter += "name NOT LIKE 'sqlite_%' AND " }
        return filter
    }

    /// `sqlite3_strlike(pattern, text, '\\') == 0`.
    static func sqlite3LikeEscape(_ pattern: String, _ text: String) -> Bool {
        SQLText.like(pattern, matches: text, escape: "\\")
    }
}
