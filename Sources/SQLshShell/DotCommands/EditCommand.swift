/// `.edit`: opens the previous statement in `$VISUAL` (else `$EDITOR`, else `vi`) and runs
/// what is saved; at the prompt the edited text is shown and run as if typed (and goes into
/// history). Ctrl-X Ctrl-E does the same for the statement being typed.
struct EditCommand: DotCommand {
    static let name = "edit"
    static let usage = ".edit"
    static let summary = "Edit the previous statement in $VISUAL or $EDITOR, then run it"
    static let details = """
           The statement runs when the file is saved changed; leaving it unchanged or
           empty, or an editor that fails, runs nothing. At the prompt, Ctrl-X Ctrl-E
           edits the statement being typed.
        """
    static let isUnsafe = true

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        guard arguments.count == 1 else { throw ShellError("Usage: .edit") }
        let previous = String(decoding: shell.previousStatement, as: UTF8.self)
        switch shell.typeAheadEcho.whileReleased({ ExternalEditor.edit(previous) }) {
        case .edited(let text):
            if shell.currentSource?.insertInput(text) == true { return .success }
            return try shell.process(StringLineSource(text))
        case .unchanged:
            if shell.isTypedByPerson { shell.out.write("unchanged; nothing run\n") }
            return .success
        case .emptied:
            if shell.isTypedByPerson { shell.out.write("empty; nothing run\n") }
            return .success
        case .failed(let message):
            throw ShellError("Error: \(message)")
        }
    }
}
