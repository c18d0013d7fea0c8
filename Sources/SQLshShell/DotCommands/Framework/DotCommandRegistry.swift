/// The list of dot-commands, in `.help` order, and lookup by name or abbreviation.
public enum DotCommandRegistry {
    /// Every dot-command, sorted by name as `.help` lists them.
    public static let all: [any DotCommand.Type] = [
        // The function catalog.
        DescribeCommand.self, DisableCommand.self, EnableCommand.self, FunctionsCommand.self,
        // Plugins (.load is with the files commands below).
        PluginsCommand.self,
        // Interactive use.
        CompleteCommand.self, EditCommand.self, HighlightCommand.self,
        // Batch input and execution.
        BailCommand.self, ChangesCommand.self, EchoCommand.self, EqpCommand.self, ExitCommand.self,
        ExplainCommand.self, ParameterCommand.self, ProgressCommand.self, QuitCommand.self,
        ReadCommand.self, TimeoutCommand.self, TimerCommand.self, TraceCommand.self,
        // Database, schema and files.
        ArchiveCommand.self,
        CdCommand.self, DatabasesCommand.self, DumpCommand.self, FullschemaCommand.self,
        HelpCommand.self, IndexesCommand.self, PrintCommand.self, PromptCommand.self,
        SchemaCommand.self, ShellCommand.self, SystemCommand.self, TablesCommand.self,
        BackupCommand.self, ImportCommand.self, LimitCommand.self, LoadCommand.self, OpenCommand.self,
        // Output modes and where output goes.
        ChartCommand.self, ExcelCommand.self, HeadersCommand.self, LastCommand.self, MaxrowsCommand.self, MaxwidthCommand.self, ModeCommand.self, PagerCommand.self, NullvalueCommand.self, NumformatCommand.self, OnceCommand.self, OutputCommand.self,
        SeparatorCommand.self, ShowCommand.self, TypesCommand.self, WidthCommand.self,
        LogCommand.self, NonceCommand.self,
        // Database internals and connections.
        AuthCommand.self, BinaryCommand.self, CheckCommand.self, CloneCommand.self, FilectrlCommand.self, TestcaseCommand.self, DbconfigCommand.self, DbinfoCommand.self,
        LintCommand.self, ScanstatsCommand.self, SelftestCommand.self, VersionCommand.self, VfsinfoCommand.self, VfslistCommand.self, VfsnameCommand.self, ImposterCommand.self, ExpertCommand.self, ConnectionCommand.self, TestctrlCommand.self, SessionCommand.self, RecoverCommand.self, RestoreCommand.self, SaveCommand.self, Sha3sumCommand.self, StatsCommand.self, TrustCommand.self,
    ].sorted { $0.name < $1.name }

    /// The command a typed name refers to, resolved as sqlite3 3.40.1's `do_meta_command`
    /// does: its commands are tried in its own order, each accepting the typed name when it
    /// is a prefix of the command's name at least as long as that command's minimum
    /// (`.h` is `.headers`, `.s` is `.scanstats`, `.sh` is `.shell`). Commands sqlsh adds
    /// (not in sqlite3) are tried afterwards, by name, alias or ``DotCommand/minimumPrefix``.
    public static func command(named typed: String) -> (any DotCommand.Type)? {
        guard !typed.isEmpty else { return nil }
        for entry in SQLite3CommandOrder.entries where entry.accepts(typed) {
            if let command = registered(entry.target) { return command }
            break
        }
        let own = all.filter { !SQLite3CommandOrder.knows($0.name) }
        if let exact = own.first(where: { $0.name == typed || $0.aliases.contains(typed) }) { return exact }
        return own.first { command in
            typed.count >= command.minimumPrefix
                && (command.name.hasPrefix(typed) || command.aliases.contains { $0.hasPrefix(typed) })
        }
    }

    /// The registered command with this full name or alias.
    static func registered(_ name: String) -> (any DotCommand.Type)? {
        all.first { $0.name == name || $0.aliases.contains(name) }
    }
}
