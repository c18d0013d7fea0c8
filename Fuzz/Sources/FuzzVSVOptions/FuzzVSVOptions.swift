import CSQLite
import FuzzSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import SQLshCatalog
@_spi(RawSQLite) import SQLshCore

/// The file a `filename=` option is made to name: in the working folder (`make fuzz` runs each
/// target in `.build-fuzz/work/<target>`), holding the input's content part.
private let scratchFile = "vsv-input"

/// The content part of the current input (repeated as its control byte says), what
/// `filename=` reads.
nonisolated(unsafe) private var content: [UInt8] = []

/// The `vsv` module as the catalog registers it, except that `filename=` never names a file
/// outside the working folder: any name but "" (no such file) and "." (a folder) becomes
/// `vsv-input`, written with the input's content. Options parsing, the header and column
/// count, the reader and the cursor are the product's (`VSVOptions`, `VSVTable`, `VSVReader`).
private enum ConfinedVSV: VirtualTableModule {
    static var options: TableValuedOptions { VSVModule.options }

    static func makeTable(arguments: [String], context: VirtualTableContext) throws -> any VirtualTable {
        var options = try VSVOptions(arguments: arguments)
        if case .file(let name) = options.source {
            if name.isEmpty || name == "." {
                options.source = .file(name)
            } else {
                guard writeScratchFile() else { throw SQLiteError(message: "fuzz harness: cannot write \(scratchFile)") }
                options.source = .file(scratchFile)
            }
        }
        return try VSVTable(options, maxRecordBytes: context.connection.limit(.length))
    }

    private static func writeScratchFile() -> Bool {
        guard let file = fopen(scratchFile, "wb") else { return false }
        defer { fclose(file) }
        return content.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) } == content.count
    }
}

private let connection: Connection = {
    let db = try! Connection(path: ":memory:")
    try! Catalog.builtIn().register(on: db)
    try! db.removeTableValuedFunction(named: "vsv")
    try! db.addVirtualTableModule("vsv", ConfinedVSV.self)
    FuzzSupport.confine(db)
    return db
}()

/// `CREATE VIRTUAL TABLE temp.v USING vsv(OPTIONS)` then `SELECT * FROM v`.
///
/// The input: a control byte, the options text (SQLite splits it into arguments at top-level
/// commas) up to the first NUL byte, then the content. Control bits 0-1 repeat the content
/// 1, 16, 256 or 4096 times (at most 160 KiB: `filename=` reads through a 64 KiB buffer);
/// bit 2 appends `, data='CONTENT'` (its first 16 KiB, quotes doubled, NULs dropped) to the
/// options: longer inline data only slowed the fuzzer down (125 runs a second). The
/// options are also given to the parser directly, split at every comma. Errors are expected;
/// traps, sanitizer reports, hangs and unbounded allocations are the findings.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzVSVOptions(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let input = OptionsInput(FuzzSupport.bytes(data, size)) else { return 0 }
    let control = input.control, optionBytes = input.options
    content = input.content(repeated: [1, 16, 256, 4096][Int(control & 3)], limit: 160 << 10)
    let optionText = String(decoding: optionBytes, as: UTF8.self)

    // The parser alone, on arguments SQLite's tokenizer would not let through.
    _ = try? VSVOptions(arguments: optionText.split(separator: ",", omittingEmptySubsequences: false).map(String.init))

    var sql: [UInt8] = Array("create virtual table temp.v using vsv(".utf8) + optionBytes
    if control & 4 != 0 {
        sql += Array(", data='".utf8)
        for byte in content.prefix(16 << 10) where byte != 0 {
            sql.append(byte)
            if byte == UInt8(ascii: "'") { sql.append(byte) }
        }
        sql.append(UInt8(ascii: "'"))
    }
    sql += Array(")".utf8)
    FuzzSupport.stepsLeft = 2000
    guard run(sql) else { return 0 }
    FuzzSupport.stepsLeft = 2000
    _ = run(Array("select * from temp.v".utf8))
    _ = run(Array("drop table temp.v".utf8))
    return 0
}

/// Runs the first statement of `sql` to its end; false when it failed to prepare or run.
private func run(_ sql: [UInt8]) -> Bool {
    var statement: OpaquePointer?
    let rc = sql.withUnsafeBufferPointer { buffer in
        buffer.withMemoryRebound(to: CChar.self) {
            sqlite3_prepare_v2(connection.handle, $0.baseAddress, Int32($0.count), &statement, nil)
        }
    }
    guard rc == SQLITE_OK, let statement else { return false }
    defer { sqlite3_finalize(statement) }
    var step = sqlite3_step(statement)
    while step == SQLITE_ROW {
        for column in 0..<sqlite3_column_count(statement) { _ = sqlite3_column_text(statement, column) }
        step = sqlite3_step(statement)
    }
    return step == SQLITE_DONE
}

@_cdecl("FuzzVSVOptions_main")
public func FuzzVSVOptionsMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    FuzzSupport.runDriver(argc, argv, { fuzzVSVOptions($0, $1) })
}
