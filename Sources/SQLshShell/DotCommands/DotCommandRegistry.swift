/// The list of dot-commands, in `.help` order, and lookup by name or abbreviation.
public enum DotCommandRegistry {
    /// Every dot-command, sorted by name as `.help` lists them.
    public static let all: [any DotCommand.Type] = [
        // The function catalog.
        DescribeCommand.self, DisableCommand.self, EnableCommand.self, FunctionsCommand.self,
        // Interactive use.
        CompleteCommand.self,
        // Batch input and execution.
        BailCommand.self, ChangesCommand.self, EchoCommand.self, EqpCommand.self, ExitCommand.self,
        ExplainCommand.self, ParameterCommand.self, ProgressCommand.self, QuitCommand.self,
        ReadCommand.self, TimeoutCommand.self, TimerCommand.self, TraceCommand.self,
    ].sorted { $0.name < $1.name }

    /// The command a typed name refers to: an exact name or alias, else the first command
    /// (in sqlite3's order) of which the typed name is a long-enough prefix.
    public static func command(named typed: String) -> (any DotCommand.Type)? {
        if let exact = all.first(where: { $0.name == typed || $0.aliases.contains(typed) }) { return exact }
        return all.first { command in
            typed.count >= command.minimumPrefix
                && (command.name.hasPrefix(typed) || command.aliases.contains { $0.hasPrefix(typed) })
        }
    }
}
