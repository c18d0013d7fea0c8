import CSQLite
import FuzzSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import SQLshShell
import SQLshCatalog
@_spi(RawSQLite) import SQLshCore

/// A small valid database, 512-byte pages: rowid tables, an index, a view, a trigger, a
/// WITHOUT ROWID table, AUTOINCREMENT's sqlite_sequence, sqlite_stat1, a generated column, a
/// name needing quotes, and text and a blob long enough for overflow pages.
private let image: [UInt8] = {
    let db = try! Connection(path: ":memory:")
    try! db.execute("""
        PRAGMA page_size=512;
        CREATE TABLE t(a INTEGER PRIMARY KEY, b TEXT, c BLOB, d REAL);
        INSERT INTO t VALUES(1, 'one', x'00ff', 1.5), (2, 'it''s', NULL, -0.0),
          (3, printf('%.*c', 1500, 'x'), zeroblob(700), 1e300), (4, 'a'||char(10)||'b'||char(13), x'', 2);
        CREATE INDEX tb ON t(b, d);
        CREATE TABLE w(k TEXT PRIMARY KEY, v) WITHOUT ROWID;
        INSERT INTO w VALUES('k1', 1), ('k2', printf('%.*c', 900, 'y')), ('k3', 3.25);
        CREATE TABLE s(id INTEGER PRIMARY KEY AUTOINCREMENT, x UNIQUE);
        INSERT INTO s(x) VALUES('p'), ('q');
        CREATE TABLE [odd "name](x, "y z" DEFAULT 'q', g AS (x * 2));
        INSERT INTO [odd "name](x) VALUES(7), (NULL);
        CREATE TABLE r(rowid, x);
        INSERT INTO r VALUES(10, 20);
        CREATE VIEW vt AS SELECT a, b FROM t WHERE a > 1;
        CREATE TRIGGER tr AFTER INSERT ON t BEGIN INSERT INTO s(x) VALUES(new.b); END;
        ANALYZE;
        """)
    return try! db.serialize()
}()

/// Output is discarded, or goes to standard output when FUZZ_SHOW_OUTPUT is set (to look at
/// what one input does).
private let devNull = getenv("FUZZ_SHOW_OUTPUT") != nil ? OutputWriter(fileDescriptor: 1)
    : try? OutputWriter(path: "/dev/null", append: true)

/// The dot-commands an input's first byte chooses from.
private let commands = [".dump", ".dump --preserve-rowids", ".dump --data-only --newlines", ".dump t% w",
                        ".dump --nosys", ".schema", ".schema --indent", ".schema --nosys t%"]

/// `.dump` and `.schema` of a damaged database: a copy of the image above with the input's
/// edits, loaded with `sqlite3_deserialize` into a new shell's connection, the dot-command run
/// in process with its output discarded.
///
/// The input: a control byte (bits 0-2 the command; bit 3 set: the next byte cuts the image
/// to that many 512-byte pages), then edits of three bytes each: a big-endian offset (modulo
/// the image's size) and the byte to put there. Nothing may trap, hang or grow without bound.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDumpDamaged(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = FuzzSupport.bytes(data, size)
    guard let control = bytes.first, let sink = devNull else { return 0 }
    var edits = bytes.dropFirst()
    var copy = image
    if control & 8 != 0, let pages = edits.popFirst() {
        copy.removeSubrange(min(copy.count, Int(pages) * 512)...)
    }
    while edits.count >= 3, !copy.isEmpty {
        let offset = (Int(edits.removeFirst()) << 8 | Int(edits.removeFirst())) % copy.count
        copy[offset] = edits.removeFirst()
    }
    guard let connection = try? Connection(path: ":memory:"),
          (try? copy.withUnsafeBytes { try connection.deserialize(copying: $0) }) != nil,
          let shell = try? Shell(connection: connection, catalog: Catalog(), standardOutput: sink, standardError: sink)
    else { return 0 }
    // An empty catalog: no function or module that reads files is there for a damaged schema
    // to reach; the shell's own edit() is refused, as is ATTACH.
    sqlite3_set_authorizer(connection.handle, { _, op, _, a2, _, _ in
        switch op {
        case SQLITE_ATTACH: return SQLITE_DENY
        case SQLITE_FUNCTION:
            guard let a2 else { return SQLITE_OK }
            return String(cString: a2).lowercased() == "edit" ? SQLITE_DENY : SQLITE_OK
        default: return SQLITE_OK
        }
    }, nil)
    var steps = 0
    connection.setProgressHandler(instructions: 1000) {
        steps += 1
        return steps > 20_000
    }
    _ = try? shell.runDotCommand(line: commands[Int(control & 7)])
    shell.close()
    return 0
}

@_cdecl("FuzzDumpDamaged_main")
public func FuzzDumpDamagedMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    FuzzSupport.runDriver(argc, argv, { fuzzDumpDamaged($0, $1) })
}
