/// A dot-command that shows or sets one of sqlsh's own on/off settings: `.NAME` prints
/// `NAME: on`, `.NAME on|off` sets it (also yes/no, true/false, 1/0, any case), anything else
/// is an error naming the command. Unlike sqlite3's boolean arguments, a word that is not one
/// of those is refused rather than read as off.
///
/// ```swift
/// struct TypesCommand: OnOffSettingCommand {
///     static var setting: ReferenceWritableKeyPath<Shell, Bool> { \.settings.columnTypes }
///     ...
/// }
/// ```
protocol OnOffSettingCommand: DotCommand {
    /// The setting the command shows and sets.
    static var setting: ReferenceWritableKeyPath<Shell, Bool> { get }
}

extension OnOffSettingCommand {
    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        switch arguments.count {
        case 1:
            shell.out.write("\(name): \(shell[keyPath: setting] ? "on" : "off")\n")
        case 2:
            switch arguments[1].lowercased() {
            case "on", "yes", "true", "1": shell[keyPath: setting] = true
            case "off", "no", "false", "0": shell[keyPath: setting] = false
            default: throw ShellError("Error: .\(name) takes on or off, not \"\(arguments[1])\"")
            }
        default:
            throw ShellError("Usage: .\(name) ?on|off?")
        }
        return .success
    }
}
