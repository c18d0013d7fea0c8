import SQLshCore

/// `.dbconfig ?OP? ?VAL?`: lists or changes the `sqlite3_db_config()` switches, with sqlite3's
/// names and layout (`%19s on|off`).
struct DbconfigCommand: DotCommand {
    static let name = "dbconfig"
    static let usage = ".dbconfig ?op? ?val?"
    static let summary = "List or change sqlite3_db_config() options"

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        let db = shell.connection
        // sqlite3 3.40.1's table, in its order.
        for option in DatabaseConfigOption.all {
            if arguments.count > 1 && arguments[1] != option.name { continue }
            if arguments.count >= 3 {
                // As sqlite3_db_config: a negative value leaves the switch as it is.
                let value = Int32(truncatingIfNeeded: DotCommandArguments.booleanValue(arguments[2], shell: shell))
                if value >= 0 { _ = try? db.setConfig(option.option, enabled: value != 0) }
            }
            let on = (try? db.config(option.option)) ?? false
            shell.out.write(String(repeating: " ", count: max(0, 19 - option.name.utf8.count)) + option.name
                            + (on ? " on\n" : " off\n"))
            if arguments.count > 1 { return .success }
        }
        if arguments.count > 1 {
            shell.err.write("Error: unknown dbconfig \"\(arguments[1])\"\n")
            shell.err.write("Enter \".dbconfig\" with no arguments for a list\n")
        }
        return .success
    }
}
