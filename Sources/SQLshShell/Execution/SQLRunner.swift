#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLshCore
import SQLshCatalog

/// Why running SQL failed, after sqlite3's conventions.
struct ExecutionFailure: Error {
    /// The SQLite (primary) result code.
    var code: Int32
    /// What failed: ``Kind/prepare`` or ``Kind/step``.
    var kind: Kind
    /// SQLite's message with ` (CODE)` and, for a prepare, the caret context: bytes as SQLite
    /// gave them (the SQL text and its messages need not be UTF-8).
    var message: [UInt8]
    /// For a prepare error SQLite could place: where it is, as a UTF-8 offset in the whole
    /// input given to ``Shell/execute(sql:)``.
    var position: Int?
    /// How many bytes at the end of ``message`` are sqlite3's caret context (the interactive
    /// prompt shows its own instead for a statement of several lines).
    var contextLength = 0

    enum Kind { case prepare, step }

    /// sqlite3's text after `Error: `: `in prepare, MSG` or `stepping, MSG`.
    var argumentText: [UInt8] { Array((kind == .prepare ? "in prepare, " : "stepping, ").utf8) + message }

    /// A failure with SQLite's result code `rc` (its primary code is kept) and message, which
    /// gets ` (CODE)` for codes above 1, as sqlite3 prints it.
    init(code rc: Int32, kind: Kind, message: [UInt8]) {
        code = rc & 0xFF
        self.kind = kind
        self.message = message
        if code > 1 { self.message += Array(" (\(code))".utf8) }
    }

    /// The failure of a thrown error: the connection's message as SQLite's own bytes when it
    /// is this error's (it need not be UTF-8), else the error's message.
    init(_ error: SQLiteError, kind: Kind, on db: Connection) {
        let raw = db.errorMessageBytes
        let message = String(decoding: raw, as: UTF8.self) == error.message ? raw : Array(error.message.utf8)
        self.init(code: error.code, kind: kind, message: message)
    }
}

extension Shell {
    /// Runs every statement of `sql` (UTF-8 bytes) as sqlite3's `shell_exec` does: walking
    /// SQLite's prepare tail, with `.eqp` plans, automatic EXPLAIN display, parameters bound
    /// from `temp.sqlite_parameters`, and rows rendered in the current mode.
    ///
    /// Callers pass the text with a terminating NUL included in `all`: SQLite then parses it in
    /// place, as sqlite3's `sqlite3_prepare_v2(db, zSql, -1, ...)`, and its SQL length limit
    /// reports `string or blob too big` as there (a length without the terminator gives
    /// `statement too long`, and a copy).
    ///
    /// - Returns: nil on success, else the failure of the first statement that failed (the
    ///   statements after it are not run).
    func execute(sql all: UnsafeBufferPointer<UInt8>) -> ExecutionFailure? {
        let db = connection
        var rest = all
        while let first = rest.first, first != 0 {
            let statement: Statement?
            let consumed: Int
            do {
                (statement, consumed) = try db.prepare(utf8: rest)
            } catch let error as SQLiteError {
                var failure = ExecutionFailure(error, kind: .prepare, on: db)
                // A statement SQLite rejects may be friendly SQL (DuckDB's forms); when it is
                // none, or its rewrite fails too, SQLite's own error stands.
                if FriendlySQL.mayExplain(error.message), let friendly = runFriendlySQL(rest) {
                    if let failure = friendly.failure { return failure }
                    rest = skippingSpaces(UnsafeBufferPointer(rebasing: rest[friendly.consumed...]))
                    continue
                }
                failure.message += disabledFunctionHint(failure.message)
                let context = errorContext(sql: rest, offset: error.offset)
                failure.message += context
                failure.contextLength = context.count
                if let offset = error.offset, offset >= 0 { failure.position = all.count - rest.count + offset }
                return failure
            } catch {
                return ExecutionFailure(code: ResultCode.error.rawValue, kind: .prepare, message: Array("\(error)".utf8))
            }
            guard var statement else {
                rest = skippingSpaces(UnsafeBufferPointer(rebasing: rest[consumed...]))
                continue
            }
            if autoEQP > 0 && statement.explainMode == 0 {
                statement = showQueryPlan(for: statement, source: rest) ?? statement
            }
            if let failure = run(statement) {
                return failure
            }
            rest = skippingSpaces(UnsafeBufferPointer(rebasing: rest[consumed...]))
        }
        return nil
    }

    /// ` (disabled: .enable NAME)` after SQLite's `no such function: NAME` when NAME is a
    /// catalog function switched off. sqlite3 has no such function, so the hint changes no
    /// output of sqlite3's, except for the catalog functions that start disabled because
    /// they would replace one of SQLite's (`soundex` where SQLite lacks it): for those the
    /// hint is given at the prompt only, and scripts see sqlite3's text.
    private func disabledFunctionHint(_ message: [UInt8]) -> [UInt8] {
        let prefix = Array("no such function: ".utf8)
        guard message.count > prefix.count, Array(message.prefix(prefix.count)) == prefix else { return [] }
        let name = String(decoding: message[prefix.count...], as: UTF8.self)
        guard let function = catalog.function(named: name), !catalog.isEnabled(function.name),
              function.enabledByDefault || isTypedByPerson else { return [] }
        return Array(" (disabled: .enable \(function.name))".utf8)
    }

    /// Runs SQL given on the command line (or with `-cmd`), without `.timer` or `.changes`.
    ///
    /// - Returns: nil on success; else the SQLite result code and the message that sqlite3
    ///   prints after `Error: ` (`in prepare, ...` or `stepping, ...`).
    /// - Throws: ``ShellExit`` when the shell must end (safe mode refused the SQL, the
    ///   database cannot be opened).
    public func runArgumentSQL(_ sql: String) throws -> (code: Int32, message: [UInt8])? {
        try runArgumentSQL(utf8: Array(sql.utf8))
    }

    /// Runs SQL given on the command line as bytes (an argument need not be UTF-8).
    public func runArgumentSQL(utf8 sql: [UInt8]) throws -> (code: Int32, message: [UInt8])? {
        _ = connection
        try throwPendingExit()
        var bytes = sql
        if let nul = bytes.firstIndex(of: 0) { bytes.removeSubrange(nul...) }
        bytes.append(0)
        let failure = bytes.withUnsafeBufferPointer { execute(sql: $0) }
        try throwPendingExit()
        return failure.map { ($0.code, $0.argumentText) }
    }

    private func skippingSpaces(_ text: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var i = 0
        while i < text.count && isSpace(text[i]) { i += 1 }
        return UnsafeBufferPointer(rebasing: text[i...])
    }

    /// `.timer on` at the prompt: the CPU times a footer shows (and notes it showed them, so
    /// that sqlite3's `Run Time` line is left out); nil otherwise.
    func footerCPUTimes() -> String? {
        guard let footerTimer, showsFooters else { return nil }
        footerShowedTimes = true
        return footerTimer.cpuTimes()
    }

    /// At the prompt, after a statement or command that wrote rows and returned none:
    /// `100 rows written · 0.24 s`.
    func writeRowsWritten(_ rows: Int64, since started: Double) {
        guard showsFooters else { return }
        ResultFooter.write(["\(ResultFooter.count(Int(rows))) row\(rows == 1 ? "" : "s") written · "
                            + ResultFooter.duration(ResultFooter.now() - started)
                            + (footerCPUTimes().map { " · " + $0 } ?? "")], colour: settings.colour, to: out)
    }

    /// Renders and steps one prepared statement; returns its failure, if any.
    /// Whether results get the screen's footers: `pretty` mode at the prompt, on the terminal.
    var showsFooters: Bool {
        settings.mode == .pretty && isTypedByPerson && out === standardOutput && settings.terminalHeight > 0
    }

    /// Runs one prepared statement as ``execute(sql:)`` does (the friendly-SQL path's entry).
    func runStatement(_ statement: Statement) -> ExecutionFailure? { run(statement) }

    private func run(_ statement: Statement) -> ExecutionFailure? {
        let previousOutput = ShellFunctionOutput.current
        ShellFunctionOutput.current = out
        defer { ShellFunctionOutput.current = previousOutput }
        var explainIndents: [Int]?
        var queryPlanMode = false
        var mode = settings.mode
        if autoExplain {
            switch statement.explainMode {
            case 1: mode = .explain
            case 2: queryPlanMode = true
            default: break
            }
        }
        if mode == .explain && !queryPlanMode {
            explainIndents = ExplainRenderer.indents(for: statement)
            if explainIndents == nil && settings.mode != .explain { mode = settings.mode }
        }
        bindParameters(statement)
        startScanProgress(for: statement)
        defer { runningScan = nil }
        var failure: ExecutionFailure?
        if statement.columnCount == 0 {
            // No result columns: nothing can be printed but, on the screen, what a write changed.
            let started = ResultFooter.now()
            do {
                while try statement.step() {}
            } catch let error as SQLiteError {
                failure = stepFailure(error)
            } catch {
                failure = ExecutionFailure(code: ResultCode.error.rawValue, kind: .step, message: Array("\(error)".utf8))
            }
            if failure == nil, showsFooters, ChangeFooter.isDataChange(statement.sql) {
                let changed = connection.changes
                ResultFooter.write(["\(ResultFooter.count(Int(changed))) row\(changed == 1 ? "" : "s") changed · "
                                    + ResultFooter.duration(ResultFooter.now() - started)
                                    + (footerCPUTimes().map { " · " + $0 } ?? "")], colour: settings.colour, to: out)
            } else if failure == nil, showsFooters, trace.output == nil, !printsAuthorizerCallbacks,
                      let table = ChangeFooter.createdTable(statement.sql),
                      case .integer(let rows)? = try? connection.scalar("SELECT count(*) FROM \(table)") {
                // CREATE TABLE ... AS: SQLite's change count leaves its rows out.
                writeRowsWritten(rows, since: started)
            }
        } else {
            let renderer: any ResultRenderer
            if queryPlanMode {
                renderer = QueryPlanCollector(shell: self)
            } else if mode == .explain {
                renderer = ExplainRenderer(out: out, nullValue: settings.nullValue, indents: explainIndents ?? [])
            } else {
                renderer = RendererFactory.make(for: self, statement: statement)
            }
            failure = render(statement, with: renderer)
        }
        if !queryPlan.isEmpty { queryPlan.render(to: out) }
        if statsEnabled { statementStatistics?(self, statement) }
        return failure
    }

    /// Steps a statement through a renderer: `begin` once the first row is there, `row` for
    /// each row, `end` at the end (also after a failing step once rows were shown).
    func render(_ statement: Statement, with renderer: any ResultRenderer) -> ExecutionFailure? {
        do {
            guard try statement.step() else {
                // No rows: on the screen, the headers and a footer say so (sqlite3 prints
                // nothing).
                if let screen = renderer as? InteractiveTableRenderer, showsFooters {
                    screen.endEmpty(statement)
                }
                return nil
            }
            // The screen's renderers print only after the last row (and say so themselves).
            if !(renderer is InteractiveTableRenderer || renderer is RecordRenderer) { willPrintRows?() }
            renderer.begin(statement)
            do {
                if let screen = renderer as? InteractiveTableRenderer {
                    // The screen may have the rest of a big result without stepping it
                    // (BigResultShortcut).
                    repeat {
                        screen.row(statement)
                        renderedRows &+= 1
                    } while try screen.wantsMoreRows && statement.step()
                } else {
                    repeat {
                        renderer.row(statement)
                        renderedRows &+= 1
                    } while try statement.step()
                }
            } catch {
                renderer.end(statement)
                throw error
            }
            renderer.end(statement)
            return nil
        } catch let error as SQLiteError {
            // The connection's message as SQLite's own bytes, as sqlite3 prints it.
            return ExecutionFailure(code: error.code, kind: .step, message: connection.errorMessageBytes)
        } catch {
            return ExecutionFailure(code: ResultCode.error.rawValue, kind: .step, message: Array("\(error)".utf8))
        }
    }

    private func stepFailure(_ error: SQLiteError) -> ExecutionFailure {
        ExecutionFailure(error, kind: .step, on: connection)
    }

    /// `.eqp on|trigger|full`: prints the statement's query plan (and with `full` its
    /// bytecode) before it runs. With `trigger`, the statement is prepared again afterwards;
    /// the new statement is returned then.
    private func showQueryPlan(for statement: Statement, source: UnsafeBufferPointer<UInt8>) -> Statement? {
        let db = connection
        let triggerEQP = (try? db.config(.triggerEQP)) ?? false
        if autoEQP >= 2 { _ = try? db.setConfig(.triggerEQP, enabled: true) }
        var text = Array(statement.sql.utf8)
        while let c = text.first, isSpace(c) { text.removeFirst() }
        let statementSQL = String(decoding: text, as: UTF8.self)
        if let plan = try? db.prepareFirst("EXPLAIN QUERY PLAN " + statementSQL) {
            while (try? plan.step()) == true {
                let line = plan.textBytes(at: 3)
                if QueryPlanGraph.startsNewPlan(line) { queryPlan.render(to: out) }
                queryPlan.append(id: plan.int32(at: 0), parent: plan.int32(at: 1), text: line)
            }
            queryPlan.render(to: out)
        }
        if autoEQP >= 3, let explain = try? db.prepareFirst("EXPLAIN " + statementSQL) {
            let indents = ExplainRenderer.indents(for: explain) ?? []
            _ = render(explain, with: ExplainRenderer(out: out, nullValue: settings.nullValue, indents: indents))
        }
        var replacement: Statement?
        if autoEQP >= 2 && !triggerEQP {
            _ = try? db.setConfig(.triggerEQP, enabled: false)
            replacement = (try? db.prepare(utf8: source))?.statement
        }
        return replacement
    }
}

/// Collects the rows of an EXPLAIN QUERY PLAN statement (shown automatically as a tree).
private final class QueryPlanCollector: ResultRenderer {
    private unowned let shell: Shell
    init(shell: Shell) { self.shell = shell }
    func begin(_ statement: Statement) {}
    func row(_ statement: Statement) {
        let id = Int32(truncatingIfNeeded: atoi(statement, 0))
        let parent = Int32(truncatingIfNeeded: atoi(statement, 1))
        if statement.columnType(at: 3) == .null { return }
        shell.queryPlan.append(id: id, parent: parent, text: statement.textBytes(at: 3))
    }
    func end(_ statement: Statement) {}

    private func atoi(_ statement: Statement, _ column: Int) -> Int {
        var value = 0
        var negative = false
        var started = false
        for byte in statement.textBytes(at: column) {
            if !started && isSpace(byte) { continue }
            if !started && (byte == 45 || byte == 43) { negative = byte == 45; started = true; continue }
            started = true
            guard byte >= 48 && byte <= 57 else { break }
            value = value &* 10 &+ Int(byte - 48)
        }
        return negative ? -value : value
    }
}

extension Shell {
    /// Runs `last` again and shows every row and column of its result on `writer` (`.last`):
    /// as a `pretty` table `width` columns wide (0: no limit, for a pager that scrolls
    /// sideways) or as vertical records. Returns the failure, if any.
    func showWhole(_ last: LastResult, on writer: OutputWriter, width: Int) -> ExecutionFailure? {
        let statement: Statement
        do {
            guard let prepared = try connection.prepareFirst(last.sql) else { return nil }
            statement = prepared
        } catch let error as SQLiteError {
            return ExecutionFailure(error, kind: .prepare, on: connection)
        } catch {
            return ExecutionFailure(code: ResultCode.error.rawValue, kind: .prepare, message: Array("\(error)".utf8))
        }
        bindParameters(statement)
        var settings = self.settings
        settings.terminalWidth = width
        settings.terminalHeight = 0
        if settings.mode != .pretty && !last.vertical { settings.headers = true }
        if last.vertical {
            return render(statement, with: RecordRenderer(settings: settings, out: writer))
        }
        // Two passes, no rows kept: measure the columns, then draw each row as it is read.
        let names = (0..<statement.columnCount).map { statement.columnName(at: $0) }
        let measurer = StreamingTableRenderer.Measurer(names: names, settings: settings,
                                                       showsTypes: settings.columnTypes && isInteractive)
        if let failure = render(statement, with: measurer) { return failure }
        statement.reset()
        let drawer = StreamingTableRenderer(names: names, measure: measurer.measure, types: measurer.types?.names,
                                            alignment: measurer.alignment, settings: settings,
                                            width: width > 0 ? width : Int.max, out: writer)
        return render(statement, with: drawer)
    }
}
