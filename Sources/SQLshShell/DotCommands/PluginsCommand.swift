/// `.plugins`: lists the loaded plugins with the functions each added, then the SQLite
/// extensions `.load` loaded; at the prompt, says so when nothing is loaded.
struct PluginsCommand: DotCommand {
    static let name = "plugins"
    static let minimumPrefix = 3
    static let usage = ".plugins"
    static let summary = "List loaded plugins and the functions they added"

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        guard arguments.count == 1 else { throw ShellError("Usage: .plugins") }
        if shell.plugins.plugins.isEmpty && shell.plugins.extensions.isEmpty {
            // Said at the prompt; a script gets no output, as for an empty `.tables`.
            if shell.isTypedByPerson { shell.out.write("No plugins or SQLite extensions loaded (.load FILE adds one).\n") }
            return .success
        }
        for plugin in shell.plugins.plugins {
            shell.out.write("\(plugin.name) \(plugin.version)  \(plugin.path)\n")
            if !plugin.summary.isEmpty { shell.out.write("  \(plugin.summary)\n") }
            if let sandbox = plugin.sandbox { shell.out.write("  WebAssembly sandbox: \(sandbox)\n") }
            let packs = plugin.packs == [plugin.name.lowercased()] ? "" : " (packs: \(plugin.packs.joined(separator: ", ")))"
            shell.out.write("  functions: \(plugin.functions.joined(separator: " "))\(packs)\n")
        }
        for library in shell.plugins.extensions {
            shell.out.write("SQLite extension  \(library.path)")
            if let entry = library.entryPoint { shell.out.write(" (entry point \(entry))") }
            shell.out.write("\n")
        }
        return .success
    }
}
