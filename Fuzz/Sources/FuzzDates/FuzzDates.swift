import CSQLite
import FuzzSupport
import SQLshCatalog
@_spi(RawSQLite) import SQLshCore

/// DuckDB's date functions and unnest with fuzzed text: ISO dates and times, part names,
/// intervals, strptime formats and JSON arrays are parsed by hand-written readers, which random
/// bytes (FuzzCatalog) rarely get past; here libFuzzer edits real values from the seed corpus.
private let connection: Connection = {
    let db = try! Connection(path: ":memory:")
    try! Catalog.builtIn().register(on: db)
    FuzzSupport.confine(db)
    return db
}()

/// The calls, each with up to three arguments (?1, ?2, ?3).
private let calls = [
    "select date_trunc(?1, ?2)", "select date_part(?1, ?2), datepart(?1, ?2)", "select date_diff(?1, ?2, ?3)",
    "select date_add(?1, ?2)", "select age(?1, ?2), age(?1)",
    "select dayname(?1), monthname(?1), last_day(?1), epoch(?1), epoch_ms(?1)", "select strptime(?1, ?2)",
    "select make_time(?1, ?2, ?3), make_timestamp(?1), to_timestamp(?1)", "select count(*) from unnest(?1)",
    "select date_trunc(?1, time_date(2024, 1, 31)), date_add(time_date(2024, 1, 31), ?1)",
    "select date_add(?1, cast(?2 as integer)), date_part(?2, cast(?1 as real))",
]

/// The first byte picks the call; the rest, split at zero bytes, gives the arguments. An
/// argument starting with byte 1 is bound as the integer of its next 8 bytes, byte 2 as a
/// real, byte 3 as a blob (a 13-byte time blob when it has 13 bytes), anything else as text
/// (which need not be UTF-8).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDates(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = FuzzSupport.bytes(data, size)
    guard let first = bytes.first else { return 0 }
    let sql = calls[Int(first) % calls.count]
    guard let statement = try? connection.prepare(sql) else { return 0 }
    let handle = statement.handle
    let parts = bytes.dropFirst().split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false)
    for (index, part) in parts.prefix(3).enumerated() { bind(handle, Int32(index + 1), Array(part)) }
    FuzzSupport.stepsLeft = 2000
    while (try? statement.step()) == true {}
    return 0
}

private func bind(_ statement: OpaquePointer, _ index: Int32, _ part: [UInt8]) {
    let rest = Array(part.dropFirst())
    switch part.first {
    case 1:
        let raw = rest.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        sqlite3_bind_int64(statement, index, Int64(bitPattern: raw))
    case 2:
        let raw = rest.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        sqlite3_bind_double(statement, index, Double(bitPattern: raw))
    case 3:
        rest.withUnsafeBytes {
            _ = sqlite3_bind_blob(statement, index, $0.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32($0.count),
                                  sqlsh_sqlite_transient())
        }
    default:
        let terminated = part + [0]  // never an empty buffer: a nil pointer would bind NULL
        terminated.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.unsafelyUnwrapped.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                _ = sqlite3_bind_text(statement, index, $0, Int32(part.count), sqlsh_sqlite_transient())
            }
        }
    }
}

@_cdecl("FuzzDates_main")
public func FuzzDatesMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    FuzzSupport.runDriver(argc, argv, { fuzzDates($0, $1) })
}
