import FuzzSupport
@testable import SQLshShell
import SQLshCore

/// One connection for every input, with two tables for the forms to find.
nonisolated(unsafe) private let db: Connection = {
    let connection = try? Connection(path: ":memory:")
    guard let connection else { preconditionFailure("cannot open :memory:") }
    FuzzSupport.confine(connection)
    try? connection.execute("create table t(a integer primary key, b text not null default 'x', c real); create table u(a, d)")
    return connection
}()

private let words = ["select", "from", "where", "group", "by", "all", "order", "exclude", "replace", "as", "describe",
                     "show", "tables", "summarize", "copy", "to", "left", "right", "join", "using", "limit", "distinct",
                     "t", "u", "a", "b", "c", "d", "*", "(", ")", ",", ".", "'x.csv'", "1", "+", "count", "max",
                     "desc", "asc", "nulls", "first", "with", "format", "header", "'|'", "\"a\"", "--c\n", ";"]

/// The friendly-SQL rewriter on random token streams (first byte odd) and on real statements
/// with libFuzzer's edits (even): no trap, no hang, and a statement SQLite accepts is never
/// rewritten; a rewrite never gives back the text it was given.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFriendlySQL(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = FuzzSupport.bytes(data, size)
    guard let first = bytes.first, bytes.count <= 4096 else { return 0 }
    let text: String
    if first & 1 == 1 {
        text = bytes.dropFirst().map { words[Int($0) % words.count] }.joined(separator: " ")
    } else {
        text = String(decoding: bytes.dropFirst(), as: UTF8.self)
    }
    let accepted = (try? db.prepareFirst(text)) != nil
    let friendly = FriendlySQL.fallback(for: text, on: db)
    if accepted { precondition(friendly == nil, "rewrote a statement SQLite accepts: \(text)") }
    if case .query(let sql)? = friendly { precondition(sql != text, "rewrote to itself: \(text)") }
    return 0
}

@_cdecl("FuzzFriendlySQL_main")
public func FuzzFriendlySQLMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    FuzzSupport.runDriver(argc, argv, { fuzzFriendlySQL($0, $1) })
}
