import SQLshCore

extension Shell {
    /// Reads and runs lines until the source ends, `.exit`/`.quit`, or an error under
    /// `.bail on`, splitting input exactly as sqlite3's `process_input` does: dot-commands and
    /// `#` comments only between statements, SQL accumulated until it ends with `;` and
    /// `sqlite3_complete` accepts it, a line of only `/` or `go` counting as `;`, blank input
    /// swallowed, and incomplete SQL at the end still run.
    ///
    /// - Returns: `.failure` when any error occurred, else `.success`.
    /// - Throws: ``ShellExit`` when the shell must end at once, as sqlite3 exits: `.exit N`
    ///   with N other than 0, a refusal of safe mode, a wrong `.nonce`.
    public func process(_ source: LineSource) throws -> CommandOutcome {
        if inputNesting == 25 {
            err.write("Input nesting limit (25) reached at line \(lineNumber). Check recursion.\n")
            return .failure
        }
        inputNesting += 1
        let outerSource = currentSource
        currentSource = source
        defer {
            inputNesting -= 1
            currentSource = outerSource
        }
        lineNumber = 0
        let interactive = source.isInteractive && isInteractive
        var line: [UInt8] = []
        line.reserveCapacity(256)
        var sql: [UInt8] = []
        sql.reserveCapacity(1024)
        var errors = 0
        var startLine = 0
        var scan = QuickScanState.start
        var vertical = false
        while errors == 0 || !settings.bail || interactive {
            // sqlite3 flushes its output before reading each line; errors go to the unbuffered
            // standard error at once, so this keeps the two interleaved exactly as sqlite3 does.
            out.flush()
            guard source.readLine(prompt: sql.isEmpty ? settings.prompt : settings.continuationPrompt, into: &line) else {
                if interactive { out.flush(); standardOutput.write(byte: 10); standardOutput.flush() }
                break
            }
            lineNumber += 1
            startInputLine()
            // Ctrl-C stops a `.read` file (as in sqlite3); at the prompt it only stopped the
            // statement.
            if !source.isInteractive, let interrupted = interruptRequested, interrupted() { break }
            if source.takeCancellation() {
                sql.removeAll(keepingCapacity: true)
                scan = .start
                vertical = false
                continue
            }
            if interactive, let query = verticalQuery(line, pending: sql, after: scan) {
                line = query
                vertical = true
            }
            if scan.isInPlainText && Self.isCommandTerminator(line) && isCompleteWithSemicolon(&sql) {
                line.removeAll(keepingCapacity: true)
                line.append(UInt8(ascii: ";"))
            }
            scan = line.withUnsafeBufferPointer { scan.scanning($0) }
            if scan.isPlainWhite && sql.isEmpty {
                echo(line)
                scan = .start
                continue
            }
            if sql.isEmpty, let first = line.first, first == UInt8(ascii: ".") || first == UInt8(ascii: "#") {
                echo(line)
                if first == UInt8(ascii: ".") {
                    source.inputCompleted(line)
                    source.willRun()
                    let outcome = try runDotCommand(line: String(rawBytes: line))
                    source.didRun()
                    switch outcome {
                    case .exit(let status):
                        if status != 0 { try terminate(status) }
                        scan = .start
                        return finish(errors: errors)
                    case .failure:
                        errors += 1
                    case .success:
                        break
                    }
                }
                scan = .start
                continue
            }
            if interactive && sql.isEmpty && QuitWords.matches(line) {
                source.inputCompleted(line)
                return finish(errors: errors)
            }
            if sql.isEmpty {
                var i = 0
                while i < line.count && isSpace(line[i]) { i += 1 }
                sql.append(contentsOf: line[i...])
                startLine = lineNumber
            } else {
                sql.append(10)
                sql.append(contentsOf: line)
            }
            if !sql.isEmpty && scan.endsWithSemicolon && isComplete(&sql) {
                echo(sql)
                // History keeps the `\G` the person typed (it was replaced by `;` to run).
                source.inputCompleted(vertical ? Array(sql.dropLast()) + Array("\\G".utf8) : sql)
                // Copied into its own buffer: sharing `sql`'s would make the next statement's
                // append allocate a new one.
                previousStatement.removeAll(keepingCapacity: true)
                previousStatement.append(contentsOf: sql)
                source.willRun()
                verticalResult = vertical
                errors += runSQLInput(&sql, startLine: startLine, reportLines: !interactive)
                try throwPendingExit()
                verticalResult = false
                vertical = false
                source.didRun()
                sql.removeAll(keepingCapacity: true)
                afterInput()
                scan = .start
            } else if !sql.isEmpty && scan.isPlainWhite {
                echo(sql)
                sql.removeAll(keepingCapacity: true)
                scan = .start
            }
        }
        if !sql.isEmpty {
            // Possibly incomplete: SQLite's parser says what is wrong with it.
            echo(sql)
            source.inputCompleted(sql)
            source.willRun()
            errors += runSQLInput(&sql, startLine: startLine, reportLines: !interactive)
            try throwPendingExit()
            source.didRun()
            afterInput()
        }
        return finish(errors: errors)
    }

    private func finish(errors: Int) -> CommandOutcome {
        out.flush()
        errorCount += errors
        return errors > 0 ? .failure : .success
    }

    /// What sqlite3 does after each SQL input: end a `.once` redirection, and end a one-shot
    /// safe-mode exemption.
    private func afterInput() {
        if let note = redirectNote, isTypedByPerson {
            out.flush()
            writeHint(note.text(rows: renderedRows &- note.rowsBefore))
            redirectNote?.rowsBefore = renderedRows
        }
        if outputResetCountdown > 0 {
            resetOutput()
            outputResetCountdown = 0
        }
    }

    /// Writes a hint for a person (`Did you mean orders?`) to standard error, in yellow when
    /// colour is on.
    func writeHint(_ hint: String) {
        err.write(settings.palette.paint(hint, .hint) + "\n")
    }

    /// Writes an error message and a newline to standard error, in red when colour is on.
    func writeError(_ message: String) {
        err.write(settings.palette.paint(message, .error) + "\n")
    }

    /// Writes an error message, text then bytes, and a newline, in red when colour is on.
    func writeError(_ prefix: String, _ bytes: [UInt8]) {
        err.write(settings.colour ? Style.error.start + prefix : prefix)
        err.write(bytes)
        err.write(settings.colour ? Style.reset + "\n" : "\n")
    }

    // Forced inlining in this file: Benchmarks/shell.sh (the INSERT script): every input line.
    @inline(__always)
    private func echo(_ text: [UInt8]) {
        guard settings.echo else { return }
        out.write(text)
        out.write(byte: 10)
    }

    /// At the prompt, a line ending in `\G` (then optionally `;`), outside strings and comments,
    /// ends the statement and asks for its result as vertical records (as in MySQL): the line
    /// with `\G` replaced by `;`, or nil for any other line.
    private func verticalQuery(_ line: [UInt8], pending: [UInt8], after scan: QuickScanState) -> [UInt8]? {
        var end = line.count
        while end > 0 && isSpace(line[end - 1]) { end -= 1 }
        if end > 0 && line[end - 1] == UInt8(ascii: ";") { end -= 1 }
        while end > 0 && isSpace(line[end - 1]) { end -= 1 }
        guard end >= 2, line[end - 1] == UInt8(ascii: "G"), line[end - 2] == UInt8(ascii: "\\") else { return nil }
        var query = Array(line[0..<(end - 2)])
        if pending.isEmpty {
            guard let first = query.first(where: { !isSpace($0) }), first != UInt8(ascii: "."), first != UInt8(ascii: "#") else { return nil }
        }
        let state = query.withUnsafeBufferPointer { scan.scanning($0) }
        guard state.isInPlainText else { return nil }
        query.append(UInt8(ascii: ";"))
        return query
    }

    /// sqlite3's `line_is_command_terminator`: optional blanks, then `/` or `go` (any case),
    /// then nothing but blanks and comments.
    static func isCommandTerminator(_ line: [UInt8]) -> Bool {
        var i = 0
        while i < line.count && isSpace(line[i]) { i += 1 }
        guard i < line.count else { return false }
        if line[i] == UInt8(ascii: "/") {
            i += 1
        } else if i + 1 < line.count, line[i] | 0x20 == UInt8(ascii: "g"), line[i + 1] | 0x20 == UInt8(ascii: "o") {
            i += 2
        } else {
            return false
        }
        return line.withUnsafeBufferPointer {
            QuickScanState.start.scanning(UnsafeBufferPointer(rebasing: $0[i...])) == .start
        }
    }

    /// sqlite3's `line_is_complete`: whether the pending SQL with a `;` added is complete.
    private func isCompleteWithSemicolon(_ sql: inout [UInt8]) -> Bool {
        sql.append(UInt8(ascii: ";"))
        defer { sql.removeLast() }
        return isComplete(&sql)
    }

    /// `sqlite3_complete` on the pending SQL.
    private func isComplete(_ sql: inout [UInt8]) -> Bool {
        sql.append(0)
        defer { sql.removeLast() }
        return sql.withUnsafeBufferPointer { SQLText.isComplete(nulTerminated: $0) }
    }

    /// Runs one complete SQL input as sqlite3's `runOneSqlLine`: with `.timer` and `.changes`
    /// reports; an error is printed as `Parse error near line N: ...`, `Runtime error near
    /// line N: ...` or `Error near line N: ...`. Returns 1 when it failed, else 0.
    ///
    /// `sql` comes with a NUL byte appended (and removed again before this returns): it is
    /// prepared with its terminator, as sqlite3 prepares a C string (see `execute`), without a
    /// copy of each statement of a piped script.
    func runSQLInput(_ sql: inout [UInt8], startLine: Int, reportLines: Bool) -> Int {
        _ = connection
        if pendingExit != nil { return 1 }
        if resolveBackslashesInSQL {
            var text = DotCommandArguments.resolveEscapes(sql)
            text.append(0)
            return runSQLInput(nulTerminated: text, original: sql, startLine: startLine, reportLines: reportLines)
        }
        sql.append(0)
        defer { sql.removeLast() }
        return runSQLInput(nulTerminated: sql, original: nil, startLine: startLine, reportLines: reportLines)
    }

    /// ``runSQLInput(_:startLine:reportLines:)`` on the text to prepare, NUL-terminated, and
    /// the input it came from when that differs (backslash escapes resolved).
    private func runSQLInput(nulTerminated text: [UInt8], original: [UInt8]?, startLine: Int, reportLines: Bool) -> Int {
        let sql: ArraySlice<UInt8> = original.map { $0[...] } ?? text.dropLast()
        if progressState.resetPerInput { progressState.count = 0 }
        if let advisor = pendingExpert {
            // After `.expert`, the input is analysed, not run (sqlite3's expertHandleSQL).
            guard let message = runExpert(advisor, sql: String(decoding: sql, as: UTF8.self)) else { return 0 }
            err.write(reportLines ? "Error near line \(startLine): \(message)\n" : "Error: \(message)\n")
            return 1
        }
        let timer = settings.timer ? RunTimer() : nil
        // At the prompt the footers give the time (with the CPU times while `.timer` is on):
        // sqlite3's `Run Time` line then only for an input that showed no footer.
        footerTimer = isTypedByPerson && settings.mode == .pretty ? timer : nil
        footerShowedTimes = false
        defer { footerTimer = nil }
        let started = ResultFooter.now()
        let failure = text.withUnsafeBufferPointer { execute(sql: $0) }
        // Refused by safe mode: sqlite3 has exited inside the authorizer, printing nothing more.
        if pendingExit != nil { return 1 }
        if let timer, !footerShowedTimes { timer.report(to: standardOutput, flushing: out) }
        if let failure {
            let kind = failure.kind == .prepare ? "Parse error" : "Runtime error"
            if FileDataError.isFileError(failure.message) {
                // An error in a file's data, not in the SQL: said so, with the file's line and
                // caret (the SQL's own context would point at the file's name only).
                let message = Array(failure.message.dropLast(failure.contextLength))
                if reportLines {
                    err.write("Error near line \(startLine): ")
                    err.write(message + [10])
                } else {
                    writeError("Error in ", message)
                }
                return 1
            }
            if reportLines {
                err.write("\(kind) near line \(startLine): ")
                err.write(failure.message + [10])
            } else if failure.code == ResultCode.interrupt.rawValue && failure.kind == .step {
                // Ctrl-C at the prompt: what the person did, not a failure of the statement.
                let note = "cancelled after " + Self.seconds(ResultFooter.now() - started)
                err.write(settings.palette.paint(note, .dim) + "\n")
            } else if let position = failure.position, sql.contains(10) || !contextFits(failure) {
                // At the prompt, a statement of several lines: the line number and a caret
                // under the offending token instead of sqlite3's one-line context; a long line
                // cut to the terminal's width.
                writeError(kind + ": ", Array(failure.message.dropLast(failure.contextLength)))
                err.write(lineContext(text, position: position, labelled: sql.contains(10)))
            } else if isTypedByPerson, failure.kind == .prepare, let alias = AliasMisuse.alias(in: failure.message),
                      let position = AliasMisuse.position(of: alias, in: text) {
                // SQLite gives no position for a misused alias: a caret under its use.
                writeError(kind + ": ", failure.message)
                err.write(lineContext(text, position: position, labelled: sql.contains(10)))
            } else {
                writeError(kind + ": ", failure.message)
            }
            if !reportLines, failure.kind == .prepare, let hint = suggestion(forError: failure.message) { writeHint(hint) }
            // At the prompt, a write to a file read as a table: what it is and what to do.
            if !reportLines, isTypedByPerson, let hint = FileDataError.readOnlyHint(forError: failure.message) { writeHint(hint) }
            // At the prompt, what the function takes (sqlite3 says only that the count is wrong).
            if !reportLines, isTypedByPerson, let usage = signatureHint(forError: failure.message) { writeHint(usage) }
            return 1
        }
        if settings.showChanges {
            out.write("changes: \(connection.changes)   total_changes: \(connection.totalChanges)\n")
        }
        return 0
    }

    /// Whether sqlite3's one-line context under `failure` fits the terminal (each of its
    /// lines narrower than the screen, so that none wraps).
    private func contextFits(_ failure: ExecutionFailure) -> Bool {
        guard settings.terminalWidth > 0, failure.contextLength > 0 else { return true }
        let context = String(decoding: failure.message.suffix(failure.contextLength), as: UTF8.self)
        return context.split(separator: "\n").allSatisfy { DisplayWidth.of(String($0)) < settings.terminalWidth }
    }

    /// A duration as a person reads it after a cancelled statement: `3.4 s`, `0.0 s`, `12 s`.
    static func seconds(_ seconds: Double) -> String {
        let tenths = seconds.isFinite && seconds > 0 ? Int(min(seconds, 1e15) * 10) : 0
        return tenths >= 100 ? "\(tenths / 10) s" : "\(tenths / 10).\(tenths % 10) s"
    }

    /// `  line 2: select * form t;` and a caret under the byte at `position` of `sql`, for an
    /// error in a statement of several lines (`  select ...` without the label for one line).
    /// Long lines are cut around the position, with `...`, to fit the terminal's width (and
    /// about 100 columns), so that the caret stays under the token.
    func lineContext(_ sql: [UInt8], position: Int, labelled: Bool = true) -> String {
        let position = min(max(0, position), sql.count)
        var start = position
        while start > 0 && sql[start - 1] != 10 { start -= 1 }
        var end = position
        while end < sql.count && sql[end] != 10 && sql[end] != 0 { end += 1 }
        let line = sql[..<start].reduce(1) { $1 == 10 ? $0 + 1 : $0 }
        func text(_ bytes: ArraySlice<UInt8>) -> String {
            String(decoding: bytes.map { isSpace($0) ? 32 : $0 }, as: UTF8.self)
        }
        var before = text(sql[start..<position])
        var after = text(sql[position..<end])
        let label = labelled ? "  line \(line): " : "  "
        // The room on a line: the terminal's width less one (a line exactly as wide as the
        // terminal would leave the cursor on the next), at most about 100 columns.
        let width = settings.terminalWidth > 0 ? min(settings.terminalWidth - 1, 100) : 100
        let room = max(20, width - DisplayWidth.of(label))
        // The caret within two thirds of the room (about 60 columns at most).
        let beforeRoom = min(60, room * 2 / 3)
        if DisplayWidth.of(before) > beforeRoom {
            while DisplayWidth.of(before) > beforeRoom - 3 { before.removeFirst() }
            before = "..." + before
        }
        let beforeWidth = DisplayWidth.of(before)
        if beforeWidth + DisplayWidth.of(after) > room {
            while !after.isEmpty && beforeWidth + DisplayWidth.of(after) > room - 3 { after.removeLast() }
            after += "..."
        }
        let caret = String(repeating: " ", count: DisplayWidth.of(label) + beforeWidth) + "^"
        return label + before + after + "\n" + caret + "\n"
    }

    /// Runs one dot-command line (with its leading `.`). Unknown commands print sqlite3's
    /// message; a blank command does nothing.
    /// - Throws: ``ShellExit`` when the shell must end (`.exit N`, safe mode, `.nonce`).
    public func runDotCommand(line: String) throws -> CommandOutcome {
        let arguments = DotCommandArguments.split(line)
        defer {
            if outputResetCountdown > 0 {
                outputResetCountdown -= 1
                if outputResetCountdown == 0 { resetOutput() }
            }
        }
        guard let name = arguments.first else { return .success }
        // As sqlite3, a dot-command ends a suspension of safe mode, except a correct `.nonce`.
        var keepsSafeModeSuspended = false
        defer { if !keepsSafeModeSuspended { safeModeSuspended = false } }
        guard let command = DotCommandRegistry.command(named: name) else {
            writeError("Error: unknown command or invalid arguments:  \"\(name)\". Enter \".help\" for help")
            if isTypedByPerson, let hint = suggestion(forCommand: name) { writeHint(hint) }
            return .failure
        }
        if command.isUnsafe {
            try failIfSafeMode("cannot run .\(command.isRefusedAsTyped ? name : command.name) in safe mode")
        }
        do {
            let outcome = try command.run(arguments, shell: self)
            // The database could not be opened, or safe mode refused SQL the command ran.
            try throwPendingExit()
            keepsSafeModeSuspended = command == NonceCommand.self && outcome == .success
            return outcome
        } catch let exit as ShellExit {
            throw exit
        } catch let error as ShellError {
            writeError(error.message)
            return .failure
        } catch {
            writeError("Error: \(error)")
            return .failure
        }
    }
}

@inline(__always)
func isSpace(_ byte: UInt8) -> Bool {
    byte == 32 || (byte >= 9 && byte <= 13)
}
