import SQLshCore

/// `.expert ?-verbose? ?-sample PERCENT?`: the next SQL input is not run but analysed: for each
/// statement, the indexes that would help it (``IndexAdvisor``) and the query plan with them,
/// in sqlite3 3.40.1's format. `-verbose` also lists every candidate index and each statement.
/// `-sample PERCENT` (0 to 100) bases the planner's statistics on the table data.
struct ExpertCommand: DotCommand {
    static let name = "expert"
    static let usage = ".expert"
    static let summary = "EXPERIMENTAL. Suggest indexes for queries"

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        // As sqlite3: refused in safe mode, with a message, without ending the shell.
        if shell.isSafeModeActive {
            shell.err.write("Cannot run experimental commands such as \"expert\" in safe mode\n")
            return .failure
        }
        var verbose = false
        var sample = 0
        var i = 1
        // As sqlite3, a bad option is reported but does not count as an error.
        while i < arguments.count {
            var option = arguments[i]
            if option.hasPrefix("--") { option.removeFirst() }
            if option.count >= 2 && "-verbose".hasPrefix(option) {
                verbose = true
            } else if option.count >= 2 && "-sample".hasPrefix(option) {
                guard i + 1 < arguments.count else {
                    shell.err.write("option requires an argument: \(option)\n")
                    return .success
                }
                i += 1
                let value = DotCommandArguments.integerValue(arguments[i])
                guard value >= 0 && value <= 100 else {
                    shell.err.write("value out of range: \(arguments[i])\n")
                    return .success
                }
                sample = Int(value)
            } else {
                shell.err.write("unknown option: \(option)\n")
                return .success
            }
            i += 1
        }
        do {
            shell.pendingExpert = try IndexAdvisor(source: shell.connection, samplePercent: sample)
            shell.pendingExpertVerbose = verbose
        } catch {
            shell.err.write("sqlite3_expert_new: \(error)\n")
        }
        return .success
    }
}

extension Shell {
    /// Analyses `sql` with the advisor `.expert` set up, prints the report, and ends expert
    /// mode. Returns the error message when a statement could not be prepared or analysed.
    func runExpert(_ advisor: IndexAdvisor, sql: String) -> String? {
        let verbose = pendingExpertVerbose
        pendingExpert = nil
        pendingExpertVerbose = false
        let result: (candidates: [String], reports: [IndexAdvisor.Report])
        do {
            try advisor.add(sql: sql)
            result = try advisor.analyze()
        } catch let error as ShellError {
            return error.message
        } catch let error as SQLiteError {
            return error.message
        } catch {
            return "\(error)"
        }
        if verbose {
            out.write("-- Candidates -----------------------------\n")
            out.write(result.candidates.isEmpty ? "(null)\n" : result.candidates.map { $0 + ";\n" }.joined() + "\n")
        }
        for (number, report) in result.reports.enumerated() {
            if verbose {
                out.write("-- Query \(number + 1) --------------------------------\n")
                out.write(report.sql + "\n\n")
            }
            out.write(report.indexes.isEmpty ? "(no new indexes)\n" : report.indexes.map { $0 + ";\n" }.joined())
            out.write("\n")
            out.write(report.plan.map { $0 + "\n" }.joined() + "\n")
        }
        return nil
    }
}
