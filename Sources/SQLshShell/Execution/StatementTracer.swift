import Glibc
import CSQLite
import SQLshCore

/// `.trace` settings: where traced SQL goes and how it is shown.
final class TraceState {
    enum Style { case plain, expanded }
    /// The open trace output; nil when tracing is off.
    var output: OutputWriter?
    var style = Style.plain
}

extension Shell {
    /// Starts tracing with the event mask of `sqlite3_trace_v2`, or stops it when the trace
    /// output is off. Lines are printed as sqlite3's `sql_trace_callback` prints them.
    func installTrace(mask: UInt32) {
        guard trace.output != nil else {
            sqlite3_trace_v2(connection.handle, 0, nil, nil)
            return
        }
        let context = Unmanaged.passUnretained(self).toOpaque()
        sqlite3_trace_v2(connection.handle, mask == 0 ? UInt32(SQLITE_TRACE_STMT) : mask, { type, context, p, x in
            guard let context else { return 0 }
            let shell = Unmanaged<Shell>.fromOpaque(context).takeUnretainedValue()
            shell.traceEvent(type: type, p: p, x: x)
            return 0
        }, context)
    }

    private func traceEvent(type: UInt32, p: UnsafeMutableRawPointer?, x: UnsafeMutableRawPointer?) {
        guard let output = trace.output else { return }
        if type == UInt32(SQLITE_TRACE_CLOSE) {
            output.write("-- closing database connection\n")
            return
        }
        var text: UnsafePointer<CChar>?
        var owned: UnsafeMutablePointer<CChar>?
        if type == UInt32(SQLITE_TRACE_STMT), let x, x.assumingMemoryBound(to: CChar.self).pointee == 45 /* - */ {
            text = UnsafePointer(x.assumingMemoryBound(to: CChar.self))
        } else if let p {
            let statement = OpaquePointer(p)
            switch trace.style {
            case .expanded:
                owned = sqlite3_expanded_sql(statement)
                text = owned.map { UnsafePointer($0) }
            case .plain:
                text = sqlite3_sql(statement)
            }
        }
        defer { if let owned { sqlite3_free(owned) } }
        guard let text else { return }
        var n = strlen(text)
        while n > 0 && text[n - 1] == 59 /* ; */ { n -= 1 }
        output.write(UnsafeRawBufferPointer(start: text, count: n))
        switch Int32(bitPattern: type) {
        case SQLITE_TRACE_ROW, SQLITE_TRACE_STMT:
            output.write(";\n")
        case SQLITE_TRACE_PROFILE:
            let nanoseconds = x?.assumingMemoryBound(to: Int64.self).pointee ?? 0
            output.write("; -- \(nanoseconds) ns\n")
        default:
            break
        }
        if output.fileDescriptor <= 2 { output.flush() }
    }
}
