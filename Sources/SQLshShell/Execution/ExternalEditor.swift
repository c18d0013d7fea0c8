#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLshCore

/// Opens a statement in the user's editor (`$VISUAL`, else `$EDITOR`, else `vi`), for Ctrl-X
/// Ctrl-E at the prompt and `.edit`.
///
/// The text goes to a temporary `.sql` file (so editors pick SQL highlighting), the editor
/// runs through `/bin/sh` (so `EDITOR="code -w"` works) on the terminal, and the file is read
/// back. What happens next is decided like bash's `edit-and-execute-command` and psql's `\e`:
/// an editor that fails runs nothing; a file left unchanged runs nothing (the text goes back
/// on the line); a file emptied runs nothing; otherwise the new text runs.
public enum ExternalEditor {
    /// How an edit ended.
    public enum Outcome: Equatable {
        /// The saved text, to run (a `;` added when the statement lacked only that).
        case edited(String)
        /// The file was saved as it was given.
        case unchanged
        /// The file was emptied (only blanks left).
        case emptied
        /// The editor could not run or exited with a failure; the message says why.
        case failed(String)
    }

    /// The editor command: `$VISUAL`, else `$EDITOR`, else `vi`.
    public static var command: String {
        for name in ["VISUAL", "EDITOR"] {
            if let value = getenv(name), value.pointee != 0 { return String(cString: value) }
        }
        return "vi"
    }

    /// Runs the editor on `text` and says what came back. The terminal must be in its normal
    /// (cooked) mode.
    public static func edit(_ text: String) -> Outcome {
        guard let (fd, path) = FileDescriptorIO.makeTemporaryFile(prefix: "sqlsh-edit-", suffix: ".sql") else {
            return .failed("cannot create a temporary file in \(FileDescriptorIO.temporaryDirectory)")
        }
        defer { unlink(path) }
        var original = text.isEmpty || text.hasSuffix("\n") ? text : text + "\n"
        let wrote = original.withUTF8 { FileDescriptorIO.writeAll(fd, UnsafeRawBufferPointer($0)) }
        close(fd)
        guard wrote else { return .failed("cannot write \(path)") }
        let editor = command
        let status = system("\(editor) '\(path)'")
        guard status == 0 else {
            let code = status > 0 ? (status >> 8) & 0xFF : -1
            return .failed("\(editor) exited with status \(code); nothing run")
        }
        guard let edited = readFile(path) else { return .failed("cannot read \(path) back") }
        if edited == original || edited == text { return .unchanged }
        var trimmed = edited
        while let last = trimmed.utf8.last, isSpace(last) { trimmed.removeLast() }
        if trimmed.utf8.allSatisfy(isSpace) { return .emptied }
        return .edited(completed(trimmed))
    }

    /// SQL that lacks only its final `;` gets one (so that the edited statement runs at once
    /// rather than waiting for more lines); dot-commands and complete SQL are kept as they are.
    static func completed(_ text: String) -> String {
        guard text.utf8.first != UInt8(ascii: "."), !isComplete(text) else { return text }
        if isComplete(text + ";") { return text + ";" }
        if isComplete(text + "\n;") { return text + "\n;" }
        return text
    }

    private static func isComplete(_ sql: String) -> Bool {
        SQLText.isComplete(sql)
    }

    private static func readFile(_ path: String) -> String? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&chunk, 1, chunk.count, file)
            if n > 0 { bytes.append(contentsOf: chunk[..<n]) }
            if n < chunk.count { break }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
