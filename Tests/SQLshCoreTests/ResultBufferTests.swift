import CSQLite
import SQLshCore
import Testing

/// Results written in place (small ones on the stack, large ones into a buffer SQLite takes
/// over), byte views of arguments that are never nil, and SQLite's own error results.
@Suite struct ResultBufferTests {
    /// `rev(x)`: the bytes of x reversed, a blob for a blob, else text, through `write`.
    private func database() throws -> Connection {
        let db = try Connection()
        try db.add(SQLFunction("rev", argumentCount: 1, writingResult: { args, result in
            let argument = args[0]
            if argument.isNull { return result.setNull() }
            let kind: ResultBytesKind = argument.storageType == .blob ? .blob : .text
            let input = argument.blobBytes
            result.write(kind, capacity: input.count) { out in
                for i in 0..<input.count { out[input.count - 1 - i] = input[i] }
                return input.count
            }
        }))
        try db.add(SQLFunction("dup", argumentCount: 2, writingResult: { args, result in
            let input = args[0].textBytes
            let (count, overflow) = input.count.multipliedReportingOverflow(by: args[1].int)
            guard !overflow else { return result.setTooBig() }
            result.setText(count: count) { out in
                for i in 0..<count { out[i] = input[i % input.count] }
            }
        }))
        try db.add(SQLFunction("refuse", argumentCount: 1, writingResult: { args, result in
            if !result.write(.text, capacity: args[0].int, { _ in nil }) { result.setError("gave up") }
        }))
        return db
    }

    @Test func smallAndLargeTextResults() throws {
        let db = try database()
        #expect(try db.value("select rev('abc')") == .text("cba"))
        #expect(try db.value("select rev('')") == .text(""))
        #expect(try db.value("select rev(123)") == .text("321"))
        let long = String(repeating: "ab", count: 1000)
        #expect(try db.value("select rev(?)", [long]) == .text(String(repeating: "ba", count: 1000)))
        #expect(try db.value("select typeof(rev(?))", [long]) == .text("text"))
    }

    @Test func blobResults() throws {
        let db = try database()
        #expect(try db.value("select hex(rev(x'0102ff'))") == .text("FF0201"))
        #expect(try db.value("select typeof(rev(x''))") == .text("blob"))
        #expect(try db.value("select length(rev(zeroblob(1000)))") == .integer(1000))
    }

    @Test func exactCountResults() throws {
        let db = try database()
        #expect(try db.value("select dup('xy', 3)") == .text("xyxyxy"))
        #expect(try db.value("select length(dup('xy', 500))") == .integer(1000))
        #expect(try db.value("select dup('xy', 0)") == .text(""))
    }

    @Test func overTheLengthLimitIsTooBigBeforeAllocating() throws {
        let db = try database()
        _ = db.setLimit(.length, 1000)
        #expect(try db.value("select length(dup('x', 1000))") == .integer(1000))
        let error = #expect(throws: SQLiteError.self) { _ = try db.value("select dup('x', 1001)") }
        #expect(error?.message == "string or blob too big")
        #expect(error?.code == SQLITE_TOOBIG)
        // Short results (on the stack) are checked by SQLite itself when it copies them.
        _ = db.setLimit(.length, 30)
        let short = #expect(throws: SQLiteError.self) { _ = try db.value("select dup('x', 31)") }
        #expect(short?.code == SQLITE_TOOBIG)
        #expect(try db.value("select length(dup('x', 30))") == .integer(30))
        let huge = #expect(throws: SQLiteError.self) { _ = try db.value("select dup('xy', 9223372036854775807)") }
        #expect(huge?.code == SQLITE_TOOBIG)
        let negative = #expect(throws: SQLiteError.self) { _ = try db.value("select dup('xy', -1)") }
        #expect(negative?.code == SQLITE_TOOBIG)
    }

    @Test func fillGivingUpSetsNoResult() throws {
        let db = try database()
        for capacity in [10, 10_000] {
            let error = #expect(throws: SQLiteError.self) { _ = try db.value("select refuse(?)", [capacity]) }
            #expect(error?.message == "gave up")
        }
    }

    @Test func byteViewsAreNeverNil() throws {
        let db = try Connection()
        try db.add(SQLFunction("views", argumentCount: 1) { args in
            let text = args[0].textBytes, blob = args[0].blobBytes
            return "\(text.baseAddress != nil) \(text.count) \(blob.baseAddress != nil) \(blob.count) \(args[0].byteCount)"
        })
        #expect(try db.value("select views(null)") == .text("true 0 true 0 0"))
        #expect(try db.value("select views('')") == .text("true 0 true 0 0"))
        #expect(try db.value("select views(x'')") == .text("true 0 true 0 0"))
        #expect(try db.value("select views(15)") == .text("true 2 true 2 2"))
        #expect(try db.value("select views(x'00ff00')") == .text("true 3 true 3 3"))
    }

    @Test func sqliteOwnErrors() throws {
        let db = try Connection()
        try db.add(SQLFunction("toobig", argumentCount: 0, writingResult: { _, result in result.setTooBig() }))
        try db.add(SQLFunction("nomem", argumentCount: 0, writingResult: { _, result in result.setNoMemory() }))
        try db.add(SQLFunction("length_limit", argumentCount: 0, writingResult: { _, result in result.set(result.lengthLimit) }))
        try db.add(SQLFunction("busy", argumentCount: 0, writingResult: { _, result in
            result.setError("locked out")
            result.setErrorCode(SQLITE_BUSY)
        }))
        let tooBig = #expect(throws: SQLiteError.self) { _ = try db.value("select toobig()") }
        #expect(tooBig?.message == "string or blob too big")
        let noMemory = #expect(throws: SQLiteError.self) { _ = try db.value("select nomem()") }
        #expect(noMemory?.code == SQLITE_NOMEM)
        let busy = #expect(throws: SQLiteError.self) { _ = try db.value("select busy()") }
        #expect(busy?.code == SQLITE_BUSY)
        #expect(busy?.message == "locked out")
        _ = db.setLimit(.length, 12345)
        #expect(try db.value("select length_limit()") == .integer(12345))
    }
}
