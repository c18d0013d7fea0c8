/// `.connection ?close? ?N?`: up to ten database connections (slots 0 to 9), as sqlite3 3.40.1.
///
/// - `.connection` lists the slots in use: the current one as `ACTIVE N: FILE`, the others
///   that hold an open connection indented; a slot never given a file shows `(memory)`.
/// - `.connection N` makes slot N current; the previous connection stays open in its slot.
///   A new slot opens an in-memory database when first used; `.open` gives it a file.
/// - `.connection close N` closes the connection in slot N (not the current one).
struct ConnectionCommand: DotCommand {
    static let name = "connection"
    static let usage = ".connection [close] [#]"
    static let summary = "Open or close an auxiliary database connection"

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        func digit(_ text: String) -> Int? {
            guard text.utf8.count == 1, let byte = text.utf8.first, byte >= 48, byte <= 57 else { return nil }
            return Int(byte - 48)
        }
        if arguments.count == 1 {
            for slot in 0..<10 {
                if slot == shell.activeConnectionSlot {
                    shell.out.write("ACTIVE \(slot): \(displayName(shell.activeSlotPath))\n")
                } else if let parked = shell.parkedConnections[slot], parked.connection != nil {
                    shell.out.write("       \(slot): \(displayName(parked.path))\n")
                }
            }
            return .success
        }
        if arguments.count == 2, let slot = digit(arguments[1]) {
            shell.switchConnection(to: slot)
            return .success
        }
        if arguments.count == 3, arguments[1] == "close", let slot = digit(arguments[2]) {
            if slot == shell.activeConnectionSlot {
                shell.err.write("cannot close the active database connection\n")
                return .failure
            }
            if let parked = shell.parkedConnections[slot], let connection = parked.connection {
                shell.closeSessions(slot: slot)
                try? connection.close()
                shell.parkedConnections[slot] = (nil, parked.path)
            }
            return .success
        }
        shell.err.write("Usage: .connection [close] [CONNECTION-NUMBER]\n")
        return .failure
    }

    private static func displayName(_ path: String?) -> String {
        guard let path else { return "(memory)" }
        return path.isEmpty ? "(temporary-file)" : path
    }
}
