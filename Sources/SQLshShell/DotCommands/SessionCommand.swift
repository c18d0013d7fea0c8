#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLshCore

/// `.session ?NAME? CMD ...`: change recording with SQLite's session extension, as sqlite3
/// 3.40.1 has it: up to four sessions per connection; `open DB NAME`, then `attach TABLE`,
/// `filter GLOB...`, `enable`/`indirect ?BOOLEAN?`, `isempty`, `changeset FILE`
/// and `patchset FILE` (writing the recorded changes), `list` and `close`. Without NAME (or
/// with one that is not a session) the first session is used. A malformed command shows
/// this help.
struct SessionCommand: DotCommand {
    static let name = "session"
    static let usage = ".session ?NAME? CMD ..."
    static let summary = "Create or control sessions"
    static let details = """
       Subcommands:
         attach TABLE             Attach TABLE
         changeset FILE           Write a changeset into FILE
         close                    Close one session
         enable ?BOOLEAN?         Set or query the enable bit
         filter GLOB...           Reject tables matching GLOBs
         indirect ?BOOLEAN?       Mark or query the indirect status
         isempty                  Query whether the session is empty
         list                     List currently open session names
         open DB NAME             Open a new session on DB
         patchset FILE            Write a patchset into FILE
       If ?NAME? is omitted, the first defined session is used.
    """

    /// sqlite3 keeps at most this many sessions per connection.
    static let maximumSessions = 4

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        guard arguments.count > 1 else { return syntaxError(shell) }
        var command = Array(arguments.dropFirst())
        var index = 0
        if arguments.count >= 3, let found = shell.sessions.firstIndex(where: { $0.name == arguments[1] }) {
            index = found
            command.removeFirst()
        }
        let session = index < shell.sessions.count ? shell.sessions[index] : nil
        switch command[0] {
        case "attach":
            guard command.count == 2 else { return syntaxError(shell) }
            guard let session else { return notOpen(shell) }
            let rc = session.session.attach(table: command[1])
            if rc != ResultCode.ok.rawValue { shell.err.write("ERROR: sqlite3session_attach() returns \(rc)\n") }
        case "changeset", "patchset":
            try shell.failIfSafeMode("cannot run \".session \(command[0])\" in safe mode")
            guard command.count == 2 else { return syntaxError(shell) }
            guard let session else { return notOpen(shell) }
            try write(session, patchset: command[0] == "patchset", to: command[1], shell: shell)
        case "close":
            guard command.count == 1 else { return syntaxError(shell) }
            if let session {
                session.close()
                // As sqlite3: the last session takes the closed one's place.
                let last = shell.sessions.removeLast()
                if index < shell.sessions.count { shell.sessions[index] = last }
            }
        case "enable", "indirect":
            guard command.count <= 2 else { return syntaxError(shell) }
            let value = command.count == 1 ? -1 : Int32(truncatingIfNeeded: DotCommandArguments.booleanValue(command[1], shell: shell))
            if let session {
                let flag = command[0] == "enable" ? session.session.enable(value) : session.session.indirect(value)
                shell.out.write("session \(session.name) \(command[0]) flag = \(flag)\n")
            }
        case "filter":
            guard command.count >= 2 else { return syntaxError(shell) }
            session?.filters = Array(command.dropFirst())
        case "isempty":
            guard command.count == 1 else { return syntaxError(shell) }
            if let session {
                shell.out.write("session \(session.name) isempty flag = \(session.session.isEmptyFlag)\n")
            }
        case "list":
            for (number, session) in shell.sessions.enumerated() { shell.out.write("\(number) \(session.name)\n") }
        case "open":
            guard command.count == 3, !command[2].isEmpty else { return syntaxError(shell) }
            let name = command[2]
            if shell.sessions.contains(where: { $0.name == name }) {
                shell.err.write("Session \"\(name)\" already exists\n")
                return .success
            }
            guard shell.sessions.count < maximumSessions else {
                shell.err.write("Maximum of \(maximumSessions) sessions\n")
                return .success
            }
            switch ShellSession.open(name: name, connection: shell.connection, schema: command[1]) {
            case .success(let opened): shell.sessions.append(opened)
            case .failure(let error): shell.err.write("Cannot open session: error code=\(error.code)\n")
            }
        default:
            return syntaxError(shell)
        }
        return .success
    }

    /// Writes the session's changeset or patchset to `path` (replacing the file).
    private static func write(_ session: ShellSession, patchset: Bool, to path: String, shell: Shell) throws {
        guard let file = fopen(path, "wb") else {
            shell.err.write("ERROR: cannot open \"\(path)\" for writing\n")
            return
        }
        defer { fclose(file) }
        session.session.withChanges(patchset: patchset) { rc, bytes in
            if rc != ResultCode.ok.rawValue { shell.out.write("Error: error code \(rc)\n") }
            if let base = bytes.baseAddress, !bytes.isEmpty, fwrite(base, bytes.count, 1, file) != 1 {
                shell.err.write("ERROR: Failed to write entire \(bytes.count)-byte output\n")
            }
        }
    }

    private static func notOpen(_ shell: Shell) -> CommandOutcome {
        shell.err.write("ERROR: No sessions are open\n")
        return .success
    }

    /// As sqlite3: a malformed `.session` prints its help text and is not an error.
    private static func syntaxError(_ shell: Shell) -> CommandOutcome {
        _ = HelpText.show(pattern: "session", to: shell.out)
        return .success
    }
}
