import CSQLite

extension Shell {
    /// Reads and runs lines until the source ends (or `.exit`, or an error under `.bail on`),
    /// splitting input the way sqlite3 does: dot-commands and `#` comments only between
    /// statements, SQL accumulated until `sqlite3_complete` accepts it, a line of only `/` or
    /// `go` counting as `;`.
    ///
    /// - Returns: `.exit(code)` when a command asked to exit, `.failure` when any error
    ///   occurred, else `.success`.
    public func process(_ source: LineSource) -> CommandOutcome {
        var pending: [UInt8] = []
        var lineNumber = 0
        var startLine = 0
        var errors = 0
        while errors == 0 || !settings.bail || source.isInteractive {
            guard let line = source.readLine(prompt: pending.isEmpty ? settings.prompt : settings.continuationPrompt) else { break }
            lineNumber += 1
            if source.takeCancellation() {
                pending.removeAll(keepingCapacity: true)
                continue
            }
            if pending.isEmpty {
                if line.allSatisfy(isSpace) { continue }
                if line.first == UInt8(ascii: ".") || line.first == UInt8(ascii: "#") {
                    if settings.echo { out.write(line); out.write(byte: 10) }
                    guard line.first == UInt8(ascii: ".") else { continue }
                    source.inputCompleted(line)
                    source.willRun()
                    let outcome = runDotCommand(line: String(decoding: line, as: UTF8.self))
                    source.didRun()
                    switch outcome {
                    case .exit(let code): out.flush(); return .exit(code)
                    case .failure: errors += 1
                    case .success: break
                    }
                    continue
                }
                startLine = lineNumber
                pending = Array(line.drop(while: isSpace))
            } else {
                pending.append(10)
                pending.append(contentsOf: line)
            }
            if isComplete(pending) {
                source.inputCompleted(pending)
                errors += runSQL(pending, startLine: startLine, source: source)
                pending.removeAll(keepingCapacity: true)
            }
        }
        if !pending.isEmpty && !pending.allSatisfy(isSpace) {
            source.inputCompleted(pending)
            errors += runSQL(pending, startLine: startLine, source: source)
        }
        out.flush()
        errorCount += errors
        return errors > 0 ? .failure : .success
    }

    private func isComplete(_ sql: [UInt8]) -> Bool {
        guard sql.contains(UInt8(ascii: ";")) else { return false }
        var text = sql
        text.append(0)
        return text.withUnsafeBufferPointer { p in
            p.baseAddress!.withMemoryRebound(to: CChar.self, capacity: p.count) { sqlite3_complete($0) != 0 }
        }
    }

    /// Runs one complete SQL input; returns 1 when it failed (message printed), else 0.
    private func runSQL(_ sql: [UInt8], startLine: Int, source: LineSource) -> Int {
        if settings.echo { out.write(sql); out.write(byte: 10) }
        source.willRun()
        let failure = execute(sql: sql)
        source.didRun()
        guard let message = failure else { return 0 }
        let (kind, tail): (String, Substring)
        if message.hasPrefix("in prepare, ") {
            (kind, tail) = ("Parse error", message.dropFirst(12))
        } else if message.hasPrefix("stepping, ") {
            (kind, tail) = ("Runtime error", message.dropFirst(10))
        } else {
            (kind, tail) = ("Error", Substring(message))
        }
        out.flush()
        if source.isInteractive {
            err.write(settings.colour ? "\u{1B}[31m\(kind): \(tail)\u{1B}[0m\n" : "\(kind): \(tail)\n")
        } else {
            err.write("\(kind) near line \(startLine): \(tail)\n")
        }
        return 1
    }

    /// Runs one dot-command line.
    public func runDotCommand(line: String) -> CommandOutcome {
        let arguments = DotCommandArguments.split(line)
        guard let name = arguments.first, let command = DotCommandRegistry.command(named: name) else {
            err.write("Error: unknown command or invalid arguments:  \"\(arguments.first ?? "")\". Enter \".help\" for help\n")
            return .failure
        }
        if settings.safeMode && command.isUnsafe {
            err.write("line 1: cannot run .\(command.name) in safe mode\n")
            return .exit(1)
        }
        do {
            return try command.run(arguments, shell: self)
        } catch let error as ShellError {
            err.write(error.message + "\n")
            return .failure
        } catch {
            err.write("Error: \(error)\n")
            return .failure
        }
    }
}

@inline(__always)
func isSpace(_ byte: UInt8) -> Bool {
    byte == 32 || (byte >= 9 && byte <= 13)
}
