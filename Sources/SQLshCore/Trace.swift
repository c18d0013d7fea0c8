internal import CSQLite
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The kinds of events a trace hook receives (`SQLITE_TRACE_*`).
public struct TraceEvents: OptionSet, Sendable {
    /// The `SQLITE_TRACE_*` mask.
    public let rawValue: UInt32
    /// Events from their mask.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// A statement starts running (and each trigger it fires).
    public static let statement = TraceEvents(rawValue: UInt32(SQLITE_TRACE_STMT))
    /// A statement finished, with how long it ran.
    public static let profile = TraceEvents(rawValue: UInt32(SQLITE_TRACE_PROFILE))
    /// A statement produced a row.
    public static let row = TraceEvents(rawValue: UInt32(SQLITE_TRACE_ROW))
    /// The connection closes.
    public static let close = TraceEvents(rawValue: UInt32(SQLITE_TRACE_CLOSE))
}

/// One trace event (`sqlite3_trace_v2`). Valid only during the callback.
public struct TraceEvent {
    /// What happened.
    public enum Kind: Sendable {
        case statement, profile, row, close
    }

    /// What happened.
    public let kind: Kind
    /// The `sqlite3_stmt *` concerned (nil for ``Kind/close``).
    package let statementHandle: OpaquePointer?
    /// For ``Kind/profile``: the statement's run time in nanoseconds.
    public let nanoseconds: Int64?
    @usableFromInline let text: UnsafePointer<CChar>?

    /// The SQL text: for ``Kind/statement`` the text SQLite reports (the statement as written,
    /// or `-- TRIGGER name` for a trigger); for other kinds the statement's SQL.
    public var sql: String? {
        if let text { return String(cString: text) }
        return statementHandle.flatMap { sqlite3_sql($0) }.map { String(cString: $0) }
    }

    /// The statement's SQL with bound parameters expanded.
    public var expandedSQL: String? {
        guard let statementHandle, let p = sqlite3_expanded_sql(statementHandle) else { return nil }
        defer { sqlite3_free(p) }
        return String(cString: p)
    }

    /// For ``Kind/statement``: the text SQLite reports (the statement as written, or
    /// `-- TRIGGER name`), as bytes SQLite owns, valid during the callback; nil for other kinds.
    public var reportedTextBytes: UnsafeBufferPointer<UInt8>? {
        text.map { UnsafeBufferPointer(start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self), count: strlen($0)) }
    }

    /// Calls `body` with the statement's SQL text as bytes, with no copy into Swift: as
    /// prepared (`sqlite3_sql`), or with bound parameters expanded (`sqlite3_expanded_sql`,
    /// released after `body`).
    ///
    /// - Returns: `body`'s result, or nil when there is no statement or SQLite has no text.
    public func withStatementSQL<R>(expanded: Bool, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R? {
        guard let statementHandle else { return nil }
        if expanded {
            guard let p = sqlite3_expanded_sql(statementHandle) else { return nil }
            defer { sqlite3_free(p) }
            return try body(UnsafeBufferPointer(start: UnsafeRawPointer(p).assumingMemoryBound(to: UInt8.self), count: strlen(p)))
        }
        guard let p = sqlite3_sql(statementHandle) else { return nil }
        return try body(UnsafeBufferPointer(start: UnsafeRawPointer(p).assumingMemoryBound(to: UInt8.self), count: strlen(p)))
    }
}

extension Connection {
    /// Installs a trace hook for the given kinds of events; pass nil (or no events) to remove it.
    ///
    /// The shell's `.trace` prints each statement as it runs:
    ///
    /// ```swift
    /// db.setTrace(.statement) { event in
    ///     print(event.sql ?? "")
    /// }
    /// db.setTrace(.profile) { event in
    ///     print("\(event.sql ?? ""): \(event.nanoseconds ?? 0) ns")
    /// }
    /// ```
    public func setTrace(_ events: TraceEvents, _ handler: ((TraceEvent) -> Void)?) {
        guard let handler, !events.isEmpty else {
            sqlite3_trace_v2(handle, 0, nil, nil)
            traceBox = nil
            return
        }
        let box = CallbackBox(handler)
        traceBox = box
        sqlite3_trace_v2(handle, events.rawValue, { code, context, p, x in
            let handler = Unmanaged<CallbackBox<(TraceEvent) -> Void>>.fromOpaque(context.unsafelyUnwrapped)
                .takeUnretainedValue().callback
            let event: TraceEvent
            switch Int32(code) {
            case SQLITE_TRACE_STMT:
                event = TraceEvent(kind: .statement, statementHandle: OpaquePointer(p), nanoseconds: nil,
                                   text: x.map { UnsafePointer($0.assumingMemoryBound(to: CChar.self)) })
            case SQLITE_TRACE_PROFILE:
                let ns = x.map { $0.load(as: Int64.self) }
                event = TraceEvent(kind: .profile, statementHandle: OpaquePointer(p), nanoseconds: ns, text: nil)
            case SQLITE_TRACE_ROW:
                event = TraceEvent(kind: .row, statementHandle: OpaquePointer(p), nanoseconds: nil, text: nil)
            default:
                event = TraceEvent(kind: .close, statementHandle: nil, nanoseconds: nil, text: nil)
            }
            handler(event)
            return 0
        }, Unmanaged.passUnretained(box).toOpaque())
    }
}
