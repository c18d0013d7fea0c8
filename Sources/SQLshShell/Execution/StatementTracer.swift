import SQLshCore

/// `.trace` settings: where traced SQL goes and how it is shown.
final class TraceState {
    enum Style { case plain, expanded }
    /// The open trace output; nil when tracing is off.
    var output: OutputWriter?
    var style = Style.plain
}

extension Shell {
    /// Starts tracing the events of a `sqlite3_trace_v2` event mask (0: statements), or
    /// stops it when the trace output is off. Lines are printed as sqlite3's
    /// `sql_trace_callback` prints them.
    func installTrace(mask: UInt32) {
        guard trace.output != nil else {
            connection.setTrace([], nil)
            return
        }
        let events = mask == 0 ? TraceEvents.statement : TraceEvents(rawValue: mask)
        // Weak: the connection reports its closing after the shell may be gone.
        connection.setTrace(events) { [weak self] event in
            self?.traceEvent(event)
        }
    }

    private func traceEvent(_ event: TraceEvent) {
        guard let output = trace.output else { return }
        if event.kind == .close {
            output.write("-- closing database connection\n")
            return
        }
        if event.kind == .statement, let text = event.reportedTextBytes, text.first == 45 /* - */ {
            write(text, of: event, to: output)
        } else {
            _ = event.withStatementSQL(expanded: trace.style == .expanded) { write($0, of: event, to: output) }
        }
    }

    /// One trace line: the SQL without its trailing semicolons, then `;` (and the run time for
    /// a profile event).
    private func write(_ text: UnsafeBufferPointer<UInt8>, of event: TraceEvent, to output: OutputWriter) {
        var n = text.count
        while n > 0 && text[n - 1] == 59 /* ; */ { n -= 1 }
        output.write(UnsafeBufferPointer(rebasing: text[0..<n]))
        switch event.kind {
        case .row, .statement:
            output.write(";\n")
        case .profile:
            output.write("; -- \(event.nanoseconds ?? 0) ns\n")
        case .close:
            break
        }
        if output.fileDescriptor <= 2 { output.flush() }
    }
}
