#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLshCore

/// What `.output` and `.once` share (sqlite3 3.40.1 runs both through one block of
/// `do_meta_command`): options, the file, pipe or stream named, and sqlite3's messages.
enum OutputRedirection {
    /// The three commands that redirect output.
    enum Kind: String {
        case output, once, excel
    }

    /// Redirects `shell.out` as `.output`, `.once` or `.excel` does.
    static func run(_ arguments: [String], kind: Kind, shell: Shell) throws -> CommandOutcome {
        let command = arguments[0]
        try shell.failIfSafeMode("cannot run .\(command) in safe mode")
        let once = kind != .output
        var file: String?
        var bom = false
        var editorMode: Character? = kind == .excel ? "x" : nil
        var i = 1
        while i < arguments.count {
            let argument = arguments[i]
            if argument.hasPrefix("-") {
                let option = argument.hasPrefix("--") ? String(argument.dropFirst()) : argument
                switch option {
                case "-bom": bom = true
                case "-x" where kind != .excel: editorMode = "x"
                case "-e" where kind != .excel: editorMode = "e"
                default:
                    shell.out.write("ERROR: unknown option: \"\(argument)\".  Usage:\n")
                    _ = HelpText.show(pattern: kind.rawValue, to: shell.out)
                    return .failure
                }
            } else if file == nil && editorMode == nil {
                file = argument
                if argument.hasPrefix("|") {
                    file = arguments[i...].joined(separator: " ")
                    break
                }
            } else {
                shell.out.write("ERROR: extra parameter: \"\(argument)\".  Usage:\n")
                _ = HelpText.show(pattern: kind.rawValue, to: shell.out)
                return .failure
            }
            i += 1
        }
        var name = file ?? "stdout"
        shell.outputResetCountdown = once ? 2 : 0
        shell.resetOutput()
        if let editorMode {
            let path = temporaryFile(suffix: editorMode == "x" ? "csv" : "txt")
            let saved = shell.settings
            if editorMode == "x" {
                shell.settings.echo = false
                shell.settings.select(OutputMode.csv.definition)  // as `.mode csv`
            }
            shell.outputClosing = { [unowned shell] in
                shell.out.flush()
                flushCStandardOutput()
                let status = system("xdg-open \(path)")
                if status != 0 {
                    shell.err.write("Failed: [xdg-open \(path)]\n")
                    unlink(path)
                } else {
                    // Give the program time to read the file (sqlite3 waits too).
                    sleep(2)
                }
                shell.settings.echo = saved.echo
                shell.settings.mode = saved.mode
                shell.settings.columnSeparator = saved.columnSeparator
                shell.settings.rowSeparator = saved.rowSeparator
            }
            name = path
        }
        if name.hasPrefix("|") {
            let command = String(name.dropFirst())
            flushCStandardOutput()
            guard let pipe = command.withRawCString({ popen($0, "w") }) else {
                shell.err.write("Error: cannot open pipe \"\(command)\"\n")
                return .failure
            }
            let writer = OutputWriter(fileDescriptor: fileno(pipe))
            if bom { writer.write([0xEF, 0xBB, 0xBF]) }
            shell.out = writer
            shell.settings.outputFile = name
            shell.outputClosing = {
                writer.flush()
                pclose(pipe)
            }
            return .success
        }
        switch name {
        case "stdout":
            shell.out = shell.standardOutput
        case "stderr":
            shell.out = shell.err
        case "off":
            // sqlite3 3.40.1 reports this as a failure (without a message) and keeps stdout.
            return .failure
        default:
            guard let writer = try? OutputWriter(path: name) else {
                shell.err.write("Error: cannot open \"\(name)\"\n")
                shell.err.write("Error: cannot write to \"\(name)\"\n")
                return .failure
            }
            shell.out = writer
            if shell.isTypedByPerson {
                shell.redirectNote = RedirectNote(path: name, mode: shell.settings.mode, rowsBefore: shell.renderedRows)
            }
        }
        if bom { shell.out.write([0xEF, 0xBB, 0xBF]) }
        shell.settings.outputFile = name
        return .success
    }

    /// sqlite3's `newTempFile`: a file name in the temporary directory.
    private static func temporaryFile(suffix: String) -> String {
        let random = SQLiteLibrary.random(UInt64.self)
        let directory = (getenv("TEMP") ?? getenv("TMP")).map { String(cString: $0) } ?? "/tmp"
        return "\(directory)/temp\(String(random, radix: 16)).\(suffix)"
    }
}
