import SQLshCore

/// `.imposter INDEX IMPOSTER`: creates a WITHOUT ROWID table `IMPOSTER` that reads the b-tree
/// of index `INDEX` directly (its columns, then `_ROWID_`; an expression column is `exprN`),
/// as sqlite3 3.40.1 does with `SQLITE_TESTCTRL_IMPOSTER`. `INDEX` may also be a WITHOUT
/// ROWID table. `.imposter off` reloads the schema so that imposters are forgotten. Writing
/// to an imposter corrupts the index, which the shell warns about.
struct ImposterCommand: DotCommand {
    static let name = "imposter"
    static let usage = ".imposter INDEX TABLE"
    static let summary = "Create imposter table TABLE on index INDEX"

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        guard arguments.count == 3 || (arguments.count == 2 && asciiLowercased(arguments[1]) == "off") else {
            shell.err.write("Usage: .imposter INDEX IMPOSTER\n       .imposter off\n")
            return .failure
        }
        let connection = shell.connection
        if arguments.count == 2 {
            connection.setImposter(false, rootPage: 1)
            return .success
        }
        let target = arguments[1]
        var rootPage: Int32 = 0
        var isWithoutRowid = false
        let find = "SELECT rootpage, 0 FROM sqlite_schema WHERE name=?1 AND type='index'"
            + " UNION ALL SELECT rootpage, 1 FROM sqlite_schema WHERE name=?1 AND type='table'"
            + " AND sql LIKE '%without%rowid%'"
        if let statement = try? connection.prepare(find) {
            try? statement.bind(target, at: 1)
            if (try? statement.step()) == true {
                rootPage = Int32(clamping: statement.int64(at: 0))
                isWithoutRowid = statement.int64(at: 1) != 0
            }
        }
        // The imposter's columns, in storage order; for a WITHOUT ROWID table the key columns
        // (those before the first non-key one) make its primary key.
        var columns: [String] = []
        var keyCount: Int?
        if let statement = try? connection.prepare("PRAGMA index_xinfo=" + SQLQuoting.literal(target)) {
            while (try? statement.step()) == true {
                let position = columns.count + 1
                let column = statement.string(at: 2) ?? (statement.int64(at: 1) == -1 ? "_ROWID_" : "expr\(position)")
                if isWithoutRowid && keyCount == nil && statement.int64(at: 5) == 0 && !columns.isEmpty {
                    keyCount = columns.count
                }
                columns.append("\"" + column.replacingAll("\"", with: "\"\"") + "\"")
            }
        }
        guard !columns.isEmpty, rootPage != 0 else {
            shell.err.write("no such index: \"\(target)\"\n")
            return .failure
        }
        let key = columns.prefix(keyCount ?? columns.count).joined(separator: ",")
        let imposter = "\"" + arguments[2].replacingAll("\"", with: "\"\"") + "\""
        let sql = "CREATE TABLE \(imposter)(\(columns.joined(separator: ",")),PRIMARY KEY(\(key)))WITHOUT ROWID"
        let rc = connection.setImposter(true, rootPage: rootPage)
        guard rc == ResultCode.ok.rawValue else {
            shell.err.write("SQLITE_TESTCTRL_IMPOSTER returns \(rc)\n")
            return .failure
        }
        var failure: String?
        do { try connection.execute(sql) } catch { failure = (error as? SQLiteError)?.message ?? "\(error)" }
        connection.setImposter(false, rootPage: 0)
        if let failure {
            shell.err.write("Error in [\(sql)]: \(failure)\n")
            return .failure
        }
        shell.out.write("\(sql);\n")
        shell.out.write("WARNING: writing to an imposter table will corrupt the \"\(target)\" \(isWithoutRowid ? "table" : "index")!\n")
        return .success
    }
}
