/// `.prompt MAIN CONTINUE`: replaces the prompts (each at most 19 bytes, as in sqlite3).
struct PromptCommand: DotCommand {
    static let name = "prompt"
    static let usage = ".prompt MAIN CONTINUE"
    static let summary = "Replace the standard prompts"

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        if arguments.count >= 2 { shell.settings.prompt = truncated(arguments[1]) }
        if arguments.count >= 3 { shell.settings.continuationPrompt = truncated(arguments[2]) }
        return .success
    }

    static func truncated(_ text: String) -> String {
        String(decoding: text.utf8.prefix(19), as: UTF8.self)
    }
}
