import CSQLite
import FuzzSupport
import SQLshCatalog
@_spi(RawSQLite) import SQLshCore

/// The functions the fuzzer may call: every catalog function but those that touch files,
/// which are exactly those `-safe` refuses (one list: SafeMode). Random names given to
/// `fileio_write` or `fileio_mkdir` once filled the working folder with files.
private let catalog = Catalog.builtIn()
private let callable = catalog.functions.filter {
    $0.kind != .collation && !$0.isRefusedInSafeMode && !SafeMode.isProhibitedTableFunction($0.name)
        && !SafeMode.isProhibitedModule($0.name)
}
private let connection: Connection = {
    let db = try! Connection(path: ":memory:")
    try! catalog.register(on: db)
    FuzzSupport.confine(db)
    return db
}()

/// `summarize`'s internal aggregates (``InternalFunctions``, in no pack) over a few rows of
/// fuzzed values, and their record reader given fuzzed records: statement and placeholders.
private let internalStatements: [(String, Int)] = {
    let (field, numbers, dates) = (InternalFunctions.summaryField, InternalFunctions.numberSummary, InternalFunctions.dateSummary)
    let rows = "(values (?, ?), (?, ?), (?, ?), (?, ?))"
    return [
        ("select \(field)(\(numbers)(column1), column2) from \(rows)", 8),
        ("select \(field)(\(dates)(column1, column2), 5) from \(rows)", 8),
        ("select \(InternalFunctions.approxUnique)(column1) from \(rows)", 8),
        ("select \(field)(?, ?)", 2),
    ]
}()

/// Reads the fuzz input a byte or a few at a time.
private struct Cursor {
    var bytes: ArraySlice<UInt8>
    mutating func byte() -> UInt8 { bytes.popFirst() ?? 0 }
    mutating func take(_ n: Int) -> [UInt8] {
        let part = bytes.prefix(n)
        bytes = bytes.dropFirst(part.count)
        return Array(part)
    }
}

/// Catalog functions called with random arguments of every storage type (NULL, integer,
/// real, text that need not be UTF-8, blob), as scalars, aggregates over a few rows, or table
/// functions. Errors are expected; crashes and sanitizer reports are the findings.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCatalog(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var input = Cursor(bytes: ArraySlice(FuzzSupport.bytes(data, size)))
    guard !callable.isEmpty else { return 0 }
    let choice = Int(input.byte()) % (callable.count + internalStatements.count)
    let sql: String, arity: Int
    if choice >= callable.count {
        (sql, arity) = internalStatements[choice - callable.count]
    } else {
        let function = callable[choice]
        arity = argumentCount(function.arity, choice: input.byte())
        let placeholders = Array(repeating: "?", count: arity).joined(separator: ",")
        switch function.kind {
        case .tableValued: sql = "select * from \(function.name)(\(placeholders)) limit 50"
        default: sql = "select \(function.name)(\(placeholders))"
        }
    }
    guard let statement = try? connection.prepare(sql) else { return 0 }
    let handle = statement.handle
    for index in 0..<arity { bind(handle, Int32(index + 1), &input) }
    FuzzSupport.stepsLeft = 2000
    while (try? statement.step()) == true {}
    return 0
}

/// A count of arguments allowed by an arity such as "2", "2-3", "1+" or "0-1".
private func argumentCount(_ arity: String, choice: UInt8) -> Int {
    let digits = arity.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
    guard let low = digits.first else { return Int(choice % 4) }
    let high = arity.hasSuffix("+") ? low + 3 : (digits.count > 1 ? digits[1] : low)
    return low + Int(choice) % (high - low + 1)
}

private func bind(_ statement: OpaquePointer, _ index: Int32, _ input: inout Cursor) {
    let kind = input.byte()
    switch kind % 6 {
    case 0: sqlite3_bind_null(statement, index)
    case 1:
        let raw = input.take(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        sqlite3_bind_int64(statement, index, Int64(bitPattern: raw))
    case 2:
        let small = [0, 1, -1, 2, 3, 10, 255, Int64.max, Int64.min, 1_000_000_000][Int(input.byte()) % 10]
        sqlite3_bind_int64(statement, index, small)
    case 3:
        let raw = input.take(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        sqlite3_bind_double(statement, index, Double(bitPattern: raw))
    case 4:
        let text = input.take(Int(input.byte()))
        let terminated = text + [0]  // never an empty buffer: a nil pointer would bind NULL
        terminated.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.unsafelyUnwrapped.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                _ = sqlite3_bind_text(statement, index, $0, Int32(text.count), sqlsh_sqlite_transient())
            }
        }
    default:
        let blob = input.take(Int(input.byte()))
        blob.withUnsafeBytes { _ = sqlite3_bind_blob(statement, index, $0.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32($0.count), sqlsh_sqlite_transient()) }
    }
}

@_cdecl("FuzzCatalog_main")
public func FuzzCatalogMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    FuzzSupport.runDriver(argc, argv, { fuzzCatalog($0, $1) })
}
