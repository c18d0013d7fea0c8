import CSQLite

/// `.dbconfig ?OP? ?VAL?`: lists or changes the `sqlite3_db_config()` switches, with sqlite3's
/// names and layout (`%19s on|off`).
struct DbconfigCommand: DotCommand {
    static let name = "dbconfig"
    static let minimumPrefix = 3
    static let usage = ".dbconfig ?op? ?val?"
    static let summary = "List or change sqlite3_db_config() options"

    /// sqlite3 3.40.1's table, in its order.
    static let options: [(name: String, op: Int32)] = [
        ("defensive", SQLITE_DBCONFIG_DEFENSIVE),
        ("dqs_ddl", SQLITE_DBCONFIG_DQS_DDL),
        ("dqs_dml", SQLITE_DBCONFIG_DQS_DML),
        ("enable_fkey", SQLITE_DBCONFIG_ENABLE_FKEY),
        ("enable_qpsg", SQLITE_DBCONFIG_ENABLE_QPSG),
        ("enable_trigger", SQLITE_DBCONFIG_ENABLE_TRIGGER),
        ("enable_view", SQLITE_DBCONFIG_ENABLE_VIEW),
        ("fts3_tokenizer", SQLITE_DBCONFIG_ENABLE_FTS3_TOKENIZER),
        ("legacy_alter_table", SQLITE_DBCONFIG_LEGACY_ALTER_TABLE),
        ("legacy_file_format", SQLITE_DBCONFIG_LEGACY_FILE_FORMAT),
        ("load_extension", SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION),
        ("no_ckpt_on_close", SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE),
        ("reset_database", SQLITE_DBCONFIG_RESET_DATABASE),
        ("trigger_eqp", SQLITE_DBCONFIG_TRIGGER_EQP),
        ("trusted_schema", SQLITE_DBCONFIG_TRUSTED_SCHEMA),
        ("writable_schema", SQLITE_DBCONFIG_WRITABLE_SCHEMA),
    ]

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        let db = shell.connection.handle
        for option in options {
            if arguments.count > 1 && arguments[1] != option.name { continue }
            if arguments.count >= 3 {
                let value = Int32(truncatingIfNeeded: DotCommandArguments.booleanValue(arguments[2], shell: shell))
                _ = sqlsh_db_config_int(db, option.op, value, nil)
            }
            var value: Int32 = 0
            _ = sqlsh_db_config_int(db, option.op, -1, &value)
            shell.out.write(String(repeating: " ", count: max(0, 19 - option.name.utf8.count)) + option.name
                            + (value != 0 ? " on\n" : " off\n"))
            if arguments.count > 1 { return .success }
        }
        if arguments.count > 1 {
            shell.err.write("Error: unknown dbconfig \"\(arguments[1])\"\n")
            shell.err.write("Enter \".dbconfig\" with no arguments for a list\n")
        }
        return .success
    }
}
