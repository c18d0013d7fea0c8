/// A statement that failed to prepare, as a statement rewriter sees it
/// (``Connection/rewriteFailedStatements(_:)``).
public struct FailedStatement {
    /// The text being prepared: the failed statement first, then whatever followed it in the
    /// buffer (the rewriter finds where the statement ends). Valid only during the call.
    public let text: UnsafeBufferPointer<UInt8>
    /// SQLite's error for it (`no such table: read_csv`, `unrecognized token: "{"`).
    public let error: SQLiteError
    /// The table the statement names that the schema lacks, when that is the error: its
    /// schema, name and place in ``text`` (``MissingTable``). Read this rather than the
    /// error's message.
    public let missingTable: MissingTable?

    init(text: UnsafeBufferPointer<UInt8>, error: SQLiteError, handle: OpaquePointer?) {
        self.text = text
        self.error = error
        self.missingTable = MissingTable(error: error, text: text, handle: handle)
    }
}

/// What a statement rewriter makes of a statement that failed to prepare.
public enum StatementRewrite {
    /// Prepare the same text again: the rewriter made what was missing (a table, say).
    case retry
    /// Prepare `text` (one statement) in place of the first `length` bytes of the failed
    /// text. `edits` say which byte ranges of the failed text were replaced, and by how many
    /// bytes each, in order, so that an error in the new text is placed in the old one.
    case replace(text: String, length: Int, edits: [StatementEdit])
    /// Fail with this error rather than SQLite's; its `offset` is in the failed text.
    case fail(SQLiteError)
}

/// One replacement in a rewritten statement: the bytes `original` of the failed text became
/// `replacementCount` bytes.
public struct StatementEdit: Equatable, Sendable {
    /// The range of the failed text that was replaced.
    public var original: Range<Int>
    /// How many bytes replaced it.
    public var replacementCount: Int

    /// An edit.
    public init(original: Range<Int>, replacementCount: Int) {
        self.original = original
        self.replacementCount = replacementCount
    }
}

extension Connection {
    /// Gives statements that fail to prepare to `rewrite`, which may make what they need and
    /// ask for another try, or replace their text.
    ///
    /// This is for SQL that SQLite cannot prepare as written but an application can make
    /// sense of: a table-valued function whose columns depend on its arguments
    /// (`read_csv('data.csv')`, which SQLite would have to know before the arguments are
    /// seen), a file named in FROM. After on-demand registration
    /// (``registerOnDemand(_:)``) found nothing to register, the failed statement and its
    /// error go to `rewrite`:
    /// - nil: SQLite's error is thrown as it is;
    /// - ``StatementRewrite/retry``: the same text is prepared again;
    /// - ``StatementRewrite/replace(text:length:edits:)``: the new text is prepared in place
    ///   of the statement (``prepare(utf8:)`` still reports the bytes of the old text as
    ///   consumed; an error's offset is moved back into the old text);
    /// - ``StatementRewrite/fail(_:)``: that error is thrown instead.
    ///
    /// A statement is given to `rewrite` at most 8 times, and never twice with the same error.
    /// SQL compiled with ``compilingUntrustedSQL(_:)`` (a database's stored SQL) is never
    /// given to it. Statements keep the text they were prepared from (``Statement/sql`` is
    /// the new text).
    ///
    /// ```swift
    /// db.rewriteFailedStatements { db, failed in
    ///     guard failed.missingTable?.name == "today" else { return nil }
    ///     try? db.execute("create temp view today as select date('now') as day")
    ///     return .retry
    /// }
    /// ```
    public func rewriteFailedStatements(_ rewrite: @escaping (Connection, FailedStatement) -> StatementRewrite?) {
        statementRewriter = rewrite
        OpenConnections.add(self)
    }

    /// Stops giving failed statements to a rewriter.
    public func stopRewritingFailedStatements() {
        statementRewriter = nil
    }

    /// Calls `body` before this connection prepares a statement (``prepare(utf8:)`` and what
    /// is built on it: ``execute(_:)``, ``prepare(_:)``), for state that must be brought up
    /// to date before SQLite reads the schema: a subsystem that makes tables over files drops
    /// those whose file changed, so that the statement makes them again.
    ///
    /// Statements `body` prepares itself do not call it again. A connection has one such
    /// observer; nil removes it. Statements prepared on a borrowed connection (inside a
    /// function) do not call it.
    ///
    /// ```swift
    /// db.beforePreparing { db in
    ///     if cacheIsStale { try? db.execute("DROP TABLE IF EXISTS temp.cache") }
    /// }
    /// ```
    public func beforePreparing(_ body: ((Connection) -> Void)?) {
        beforePrepare = body
    }

    /// Runs the ``beforePreparing(_:)`` observer, unless it is what prepares.
    func runBeforePrepare() {
        guard let beforePrepare, !isRunningBeforePrepare else { return }
        isRunningBeforePrepare = true
        defer { isRunningBeforePrepare = false }
        beforePrepare(self)
    }
}

/// The text rawPrepare is preparing: the caller's, or a rewriter's replacement (owned), with
/// how to place an offset of it back in the caller's text.
struct PreparingText {
    /// The replacement's bytes (nil: the caller's buffer is prepared).
    var owned: [UInt8]?
    /// The edits from the caller's text to `owned`, composed over successive rewrites: for
    /// each, where it starts in the replacement and the original range it stands for.
    var placements: [(start: Int, count: Int, original: Range<Int>)] = []
    /// How many bytes of the caller's text the replacement stands for.
    var consumed: Int?
    /// How many rewrites so far, and the errors they were asked about.
    var rewrites = 0
    var askedAbout: Set<String> = []

    /// An offset in the text being prepared, as an offset in the caller's text.
    func originalOffset(_ offset: Int) -> Int {
        guard owned != nil else { return offset }
        var delta = 0
        for p in placements {
            if offset < p.start { break }
            if offset < p.start + p.count { return p.original.lowerBound }
            delta = p.original.upperBound - (p.start + p.count)
        }
        return offset + delta
    }

    /// Moves to a replacement of the text being prepared now.
    mutating func replace(with text: String, length: Int, edits: [StatementEdit]) {
        // The new placements, in the current text's coordinates, then mapped to the caller's.
        var mapped: [(start: Int, count: Int, original: Range<Int>)] = []
        var shift = 0
        for edit in edits.sorted(by: { $0.original.lowerBound < $1.original.lowerBound }) {
            let start = edit.original.lowerBound + shift
            let low = originalOffset(edit.original.lowerBound)
            let high = max(low, originalOffset(max(edit.original.lowerBound, edit.original.upperBound - 1)) + 1)
            mapped.append((start, edit.replacementCount, low..<high))
            shift += edit.replacementCount - edit.original.count
        }
        // Placements of earlier rewrites outside the new edits keep their places, shifted.
        if owned != nil {
            for p in placements {
                let inside = edits.contains { $0.original.overlaps(p.start..<(p.start + max(p.count, 1))) }
                if inside { continue }
                let before = edits.filter { $0.original.upperBound <= p.start }
                    .reduce(0) { $0 + $1.replacementCount - $1.original.count }
                mapped.append((p.start + before, p.count, p.original))
            }
            mapped.sort { $0.start < $1.start }
        } else {
            consumed = length
        }
        placements = mapped
        owned = Array(text.utf8)
    }
}
