#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLshCore
import SQLshParquet

/// ``FriendlySchema`` over a connection: `pragma table_xinfo` for names, a prepared (never
/// run) `select` for anything else.
struct ConnectionSchema: FriendlySchema {
    let connection: Connection

    func columns(of source: String) -> [FriendlyColumn]? {
        let t = FriendlyTokens(source)
        let isName = (t.count == 1 || (t.count == 3 && t.isOp(1, ".")))
            && (0..<t.count).allSatisfy { $0 % 2 == 1 || t.tokens[$0].isWord || t.tokens[$0].kind == .quotedIdentifier }
        if isName, let name = t.unquoted(t.count - 1) {
            let schemaArgument = t.count == 3 ? ", " + FriendlySQL.quoteString(t.unquoted(0) ?? "main") : ""
            let sql = "select name, type, \"notnull\", dflt_value, pk from pragma_table_xinfo("
                + FriendlySQL.quoteString(name) + schemaArgument + ")"
            var columns: [FriendlyColumn] = []
            if let statement = try? connection.prepare(sql) {
                while (try? statement.step()) == true {
                    columns.append(FriendlyColumn(name: statement.string(at: 0) ?? "", type: statement.string(at: 1) ?? "",
                                                  notNull: statement.int64(at: 2) != 0, primaryKey: statement.int64(at: 4) != 0,
                                                  defaultValue: statement.string(at: 3)))
                }
            }
            if !columns.isEmpty { return columns }
        }
        guard let statement = try? connection.prepare("select * from " + source) else { return nil }
        return (0..<statement.columnCount).map {
            FriendlyColumn(name: statement.columnName(at: $0), type: statement.columnDeclaredType(at: $0) ?? "")
        }
    }

    func resultColumns(of query: String) -> [String]? {
        guard let statement = try? connection.prepare(query) else { return nil }
        return (0..<statement.columnCount).map { statement.columnName(at: $0) }
    }

    func isAggregate(_ name: String) -> Bool {
        let sql = "select 1 from pragma_function_list where name = " + FriendlySQL.quoteString(name.lowercased())
            + " and type in ('a', 'w')"
        if let statement = try? connection.prepare(sql), (try? statement.step()) == true { return true }
        return ["count", "sum", "total", "avg", "min", "max", "group_concat", "string_agg"].contains(name.lowercased())
    }
}

extension Shell {
    /// After SQLite failed to prepare the statement at the start of `rest`: runs it as friendly
    /// SQL (``FriendlySQL``) when it is a friendly form.
    ///
    /// - Returns: nil when it is none (or its rewrite fails to prepare too): the caller shows
    ///   SQLite's original error. Else the failure of running it, if any, and the bytes of
    ///   `rest` the statement took (its `;` included).
    func runFriendlySQL(_ rest: UnsafeBufferPointer<UInt8>) -> (failure: ExecutionFailure?, consumed: Int)? {
        var end = rest.count
        var consumed = rest.count
        var tokenizer = SQLTokenizer(rest)
        while let token = tokenizer.next() {
            if token.isOperator(";", in: rest) { end = token.start; consumed = token.end; break }
            if token.kind == .illegal && token.start < rest.count && rest[token.start] == 0 {
                end = token.start; consumed = token.start; break
            }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: rest[0..<end]), as: UTF8.self)
        let db = connection
        // SQLite has failed to prepare it already (no second prepare: `.log` and `.progress`
        // would see it).
        guard let friendly = FriendlySQL.rewrite(text, schema: ConnectionSchema(connection: db)) else { return nil }
        switch friendly {
        case .query(let sql):
            guard let statement = try? db.prepare(sql) else { return nil }
            return (runFriendly(statement), consumed)
        case .failure(let message):
            return (ExecutionFailure(code: ResultCode.error.rawValue, kind: .prepare, message: Array(message.utf8)), consumed)
        case .copyFrom(let insert, let path):
            guard access(path, F_OK) == 0 else {
                return (ExecutionFailure(code: ResultCode.error.rawValue, kind: .prepare, message: Array("copy: no such file: \(path)".utf8)), consumed)
            }
            let statement: Statement
            do {
                statement = try db.prepare(insert)
            } catch let error as SQLiteError {
                return (ExecutionFailure(error, kind: .prepare, on: db), consumed)
            } catch {
                return (ExecutionFailure(code: ResultCode.error.rawValue, kind: .prepare, message: Array("\(error)".utf8)), consumed)
            }
            return (runFriendly(statement), consumed)
        case .copyTo(let query, let path, let format):
            if refuseInSafeMode("cannot run COPY ... TO in safe mode") {
                return (ExecutionFailure(code: ResultCode.error.rawValue, kind: .prepare, message: Array("not authorized".utf8)), consumed)
            }
            return (copy(query: query, to: path, format: format), consumed)
        }
    }

    /// Runs a statement the friendly rewriter made, as the shell runs any other.
    private func runFriendly(_ statement: Statement) -> ExecutionFailure? {
        runStatement(statement)
    }

    /// `COPY ... TO path`: the rows of `query` written to a temporary file in `path`'s folder,
    /// renamed to `path` once complete (a failure or an interrupt leaves no file and the old
    /// one as it was).
    func copy(query: String, to path: String, format: CopyFormat) -> ExecutionFailure? {
        func failure(_ message: String, kind: ExecutionFailure.Kind = .prepare) -> ExecutionFailure {
            ExecutionFailure(code: ResultCode.error.rawValue, kind: kind, message: Array(message.utf8))
        }
        let db = connection
        let statement: Statement
        do {
            statement = try db.prepare(query)
        } catch let error as SQLiteError {
            return ExecutionFailure(error, kind: .prepare, on: db)
        } catch {
            return failure("\(error)")
        }
        bindParameters(statement)
        var info = stat()
        if stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR { return failure("copy: \(path) is a directory", kind: .step) }
        guard !path.isEmpty else { return failure("copy: no file name") }
        let folder: String
        if let slash = path.lastIndex(of: "/") {
            folder = slash == path.startIndex ? "/" : String(path[..<slash])
        } else {
            folder = "."
        }
        var template = Array((folder + "/.sqlsh-copy-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return failure("copy: cannot write \(path): \(String(cString: strerror(errno)))", kind: .step) }
        let temporary = String(cString: template.withUnsafeBufferPointer { $0.baseAddress! })
        let mask = umask(0)
        umask(mask)
        fchmod(fd, 0o666 & ~mask)
        var rows = 0
        var stepFailure: ExecutionFailure?
        var written = true
        if case .parquet(let compression, let rowGroupSize, let dataPageVersion) = format {
            var options = ParquetWriteOptions()
            options.compression = compression
            options.rowGroupSize = rowGroupSize
            options.dataPageVersion = dataPageVersion
            options.createdBy = "sqlsh version \(Shell.version)"
            do {
                rows = Int(try ParquetCopy(statement: statement, options: options).write(to: fd))
            } catch let error as SQLiteError {
                stepFailure = ExecutionFailure(code: error.code, kind: .step, message: db.errorMessageBytes)
            } catch let error as ParquetError {
                stepFailure = failure("copy: cannot write \(path): \(error.message)", kind: .step)
            } catch {
                stepFailure = failure("\(error)", kind: .step)
            }
        } else {
            var writer = CopyFileWriter(fd: fd, format: format)
            do {
                writer.begin(statement)
                while try statement.step() {
                    writer.row(statement)
                    rows += 1
                    if !writer.ok { break }
                }
                writer.end()
            } catch let error as SQLiteError {
                stepFailure = ExecutionFailure(code: error.code, kind: .step, message: db.errorMessageBytes)
            } catch {
                stepFailure = failure("\(error)", kind: .step)
            }
            written = writer.flush()
        }
        let closed = closeFile(fd) == 0
        if stepFailure == nil && !(written && closed) {
            stepFailure = failure("copy: cannot write \(path): \(String(cString: strerror(errno)))", kind: .step)
        }
        if stepFailure == nil && rename(temporary, path) != 0 {
            stepFailure = failure("copy: cannot write \(path): \(String(cString: strerror(errno)))", kind: .step)
        }
        if let stepFailure {
            unlink(temporary)
            return stepFailure
        }
        if showsFooters {
            ResultFooter.write(["\(ResultFooter.count(rows)) row\(rows == 1 ? "" : "s") written to \(path)"],
                               colour: settings.colour, to: out)
        }
        return nil
    }
}

/// `close(2)`, out of reach of the methods named `close`.
private func closeFile(_ fd: Int32) -> Int32 { close(fd) }

/// Writes rows as CSV or JSON to a file descriptor, buffered.
struct CopyFileWriter {
    let fd: Int32
    let format: CopyFormat
    private var buffer: [UInt8] = []
    private var names: [[UInt8]] = []
    private var rowCount = 0
    /// False once a write failed.
    private(set) var ok = true

    init(fd: Int32, format: CopyFormat) {
        self.fd = fd
        self.format = format
        buffer.reserveCapacity(1 << 16)
    }

    mutating func begin(_ statement: Statement) {
        names = (0..<statement.columnCount).map { Array(statement.columnName(at: $0).utf8) }
        switch format {
        case .csv(let delimiter, let header):
            guard header else { return }
            for (i, name) in names.enumerated() {
                if i > 0 { buffer += Array(delimiter.utf8) }
                appendCSV(name[...], delimiter: delimiter)
            }
            buffer.append(0x0A)
        case .jsonArray: buffer += Array("[\n".utf8)
        case .ndjson, .parquet: break
        }
    }

    mutating func row(_ statement: Statement) {
        switch format {
        case .csv(let delimiter, _):
            for i in 0..<names.count {
                if i > 0 { buffer += Array(delimiter.utf8) }
                switch statement.columnType(at: i) {
                case .null: break
                case .blob: buffer += Array(statement.blobBytes(at: i).bindMemory(to: UInt8.self))
                default: appendCSV(Array(statement.textBytes(at: i))[...], delimiter: delimiter)
                }
            }
            buffer.append(0x0A)
        case .jsonArray, .ndjson:
            if case .jsonArray = format { buffer += Array((rowCount > 0 ? ",\n\t" : "\t").utf8) }
            buffer.append(UInt8(ascii: "{"))
            for i in 0..<names.count {
                if i > 0 { buffer.append(UInt8(ascii: ",")) }
                appendJSONString(names[i][...])
                buffer.append(UInt8(ascii: ":"))
                switch statement.columnType(at: i) {
                case .null: buffer += Array("null".utf8)
                case .integer: buffer += Array(String(statement.int64(at: i)).utf8)
                case .real:
                    let value = statement.double(at: i)
                    if value.isFinite { buffer += Array(statement.textBytes(at: i)) } else { buffer += Array("null".utf8) }
                case .blob:
                    let hex = Array("0123456789abcdef".utf8)
                    var text: [UInt8] = []
                    for byte in statement.blobBytes(at: i) { text += [hex[Int(byte >> 4)], hex[Int(byte & 15)]] }
                    appendJSONString(text[...])
                default: appendJSONString(Array(statement.textBytes(at: i))[...])
                }
            }
            buffer.append(UInt8(ascii: "}"))
            if case .ndjson = format { buffer.append(0x0A) }
        case .parquet:
            break  // ParquetCopy writes these
        }
        rowCount += 1
        if buffer.count >= 1 << 16 { _ = flush() }
    }

    mutating func end() {
        if case .jsonArray = format { buffer += Array((rowCount > 0 ? "\n]\n" : "]\n").utf8) }
    }

    /// Writes out the buffer; false when a write failed (now or before).
    mutating func flush() -> Bool {
        var offset = 0
        while ok && offset < buffer.count {
            let n = buffer[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                ok = false
            } else {
                offset += n
            }
        }
        buffer.removeAll(keepingCapacity: true)
        return ok
    }

    private mutating func appendCSV(_ field: ArraySlice<UInt8>, delimiter: String) {
        let d = Array(delimiter.utf8)
        var needsQuotes = field.contains(UInt8(ascii: "\"")) || field.contains(0x0A) || field.contains(0x0D)
        if !needsQuotes, let first = d.first {
            var i = field.startIndex
            while i < field.endIndex && !needsQuotes {
                if field[i] == first && field[i...].starts(with: d) { needsQuotes = true }
                i += 1
            }
        }
        guard needsQuotes else { buffer += field; return }
        buffer.append(UInt8(ascii: "\""))
        for byte in field {
            buffer.append(byte)
            if byte == UInt8(ascii: "\"") { buffer.append(byte) }
        }
        buffer.append(UInt8(ascii: "\""))
    }

    private mutating func appendJSONString(_ text: ArraySlice<UInt8>) {
        let hex = Array("0123456789abcdef".utf8)
        buffer.append(UInt8(ascii: "\""))
        for byte in text {
            switch byte {
            case UInt8(ascii: "\""): buffer += Array("\\\"".utf8)
            case UInt8(ascii: "\\"): buffer += Array("\\\\".utf8)
            case 0x0A: buffer += Array("\\n".utf8)
            case 0x0D: buffer += Array("\\r".utf8)
            case 0x09: buffer += Array("\\t".utf8)
            case 0..<0x20: buffer += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            default: buffer.append(byte)
            }
        }
        buffer.append(UInt8(ascii: "\""))
    }
}
