#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CEditLine
import SQLshShell

/// Ctrl-X Ctrl-E: the statement being typed (its earlier lines included) opens in `$VISUAL`
/// or `$EDITOR` (see ``ExternalEditor``); saved changed, it is shown and run at once. Left
/// unchanged, it comes back on the line to go on typing; emptied, the input is discarded; an
/// editor that fails leaves the line as it was, with its message.
extension EditLineSource {
    func editStatement() -> UInt8 {
        let line = lineText
        var text = statementLines.joined(separator: "\n")
        if !statementLines.isEmpty { text += "\n" }
        text += line.all
        // The editor gets the terminal in its usual mode, below the line being edited.
        if libeditOutput >= 0 {
            render()
            leaveFrame()
        } else {
            let prompt = String(cString: promptText)
            let width = Terminal.width(of: terminalFD) ?? 80
            let down = Self.row(after: prompt + line.all, width: width) - Self.row(after: prompt + line.beforeCursor, width: width)
            fflush(terminalStream)
            Terminal.write(String(repeating: "\n", count: down + 1), to: terminalFD)
        }
        _ = sqlsh_el_prep_term(editLine, 0)
        let outcome = ExternalEditor.edit(text)
        _ = sqlsh_el_prep_term(editLine, 1)
        switch outcome {
        case .edited(let edited):
            // Shown in place of the line, then entered as if typed.
            editReplacesStatement = !statementLines.isEmpty
            if editReplacesStatement {
                // Shown as a statement of its own: under the main prompt (the next prompt
                // is set afresh by readLine).
                if let main = strdup(shell.settings.prompt) {
                    free(promptText)
                    promptText = main
                }
            }
            setLine(edited)
            acceptsNextEnter = true
            el_push(editLine, "\n")
        case .unchanged:
            break
        case .emptied:
            if statementLines.isEmpty {
                setLine("")
            } else {
                // The earlier lines are gone too: the input is discarded, as with Ctrl-C.
                setLine("")
                cancelRequested = true
                el_push(editLine, "\n")
            }
        case .failed(let message):
            Terminal.write("Error: \(message)\n", to: terminalFD)
        }
        // Drawn again from where the cursor is now, on a row of its own.
        return UInt8(CC_REDISPLAY)
    }
}
