import CSQLite
import FuzzSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLshCatalog
@testable import SQLshFiles
@_spi(RawSQLite) import SQLshCore

/// The files pack's readers on fuzzed files and options: the CSV and JSON scanners, gzip
/// (a content starting with `1f 8b` is read as gzip), type inference, the argument parser,
/// the statement rewriter and the equality index of joins.
///
/// The input: a control byte, the options text (what follows the file name inside
/// `read_csv(...)`, `read_json(...)`) up to the first NUL byte, then the file's content.
/// Control bits 0-1 choose the extension (`.csv`, `.tsv`, `.json`, `.ndjson`); bit 2 repeats
/// the content 64 times (at most 256 KiB: the stream's buffer is 256 KiB); bit 3 sets a small
/// length limit (4 KiB) so that the too-long paths run. Each input reads its file as a
/// name in FROM, through the reader with the options, and in a self-join on its first
/// column; the temp tables are dropped afterwards. Errors are expected; traps, sanitizer
/// reports, hangs and unbounded allocations are the findings.
private let connection: Connection = {
    let db = try! Connection(path: ":memory:")
    let catalog = Catalog.builtIn()
    try! catalog.register(on: db)
    try! FileTablesSubsystem.install(on: db, catalog: catalog)
    FuzzSupport.confine(db)
    return db
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFileTables(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let input = OptionsInput(FuzzSupport.bytes(data, size)) else { return 0 }
    let control = input.control, options = input.options
    let content = input.content(repeated: control & 4 != 0 ? 64 : 1, limit: 256 << 10)
    // The first four of the one list: csv, tsv, json, ndjson.
    let ext = FileTablesSubsystem.dataFileExtensions[Int(control & 3)]
    let name = "fuzz-input.\(ext)"
    guard let file = fopen(name, "wb") else { return 0 }
    _ = content.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
    fclose(file)
    sqlite3_limit(connection.handle, SQLITE_LIMIT_LENGTH, control & 8 != 0 ? 4096 : 1_000_000)

    // The argument parser alone, on what SQLite's tokenizer may never let through.
    _ = options.withUnsafeBufferPointer { try? FileCall(function: "read_csv", arguments: $0) }

    let reader = ext == "csv" || ext == "tsv" ? "read_csv" : "read_json"
    run(Array("select * from '\(name)'".utf8))
    run(Array("select * from \(reader)('\(name)', ".utf8) + options + Array(")".utf8))
    if let first = firstColumn(name) {
        let column = quotedName(first)
        run(Array("select count(*) from '\(name)' a join '\(name)' b on a.\(column) = b.\(column)".utf8))
    }
    dropTempTables()
    return 0
}

/// Runs the first statement of `sql` to its end, reading every column of every row.
private func run(_ sql: [UInt8]) {
    FuzzSupport.stepsLeft = 2000
    guard let (statement, _) = try? sql.withUnsafeBufferPointer({ try connection.prepare(utf8: $0) }), let statement
    else { return }
    while (try? statement.step()) == true {
        for column in 0..<statement.columnCount { _ = statement.value(at: column) }
    }
}

/// The name of the first column of the file's table, when it can be made.
private func firstColumn(_ name: String) -> String? {
    FuzzSupport.stepsLeft = 2000
    guard let statement = try? connection.prepare("select * from '\(name)'"), statement.columnCount > 0 else { return nil }
    return statement.columnName(at: 0)
}

private func dropTempTables() {
    FuzzSupport.stepsLeft = 2000
    guard let statement = try? connection.prepare("select name from temp.sqlite_schema where type = 'table'") else { return }
    var names: [String] = []
    while (try? statement.step()) == true { if let name = statement.string(at: 0) { names.append(name) } }
    for name in names {
        try? connection.execute("drop table temp." + quotedName(name))
    }
}

@_cdecl("FuzzFileTables_main")
public func FuzzFileTablesMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    FuzzSupport.runDriver(argc, argv, { fuzzFileTables($0, $1) })
}
