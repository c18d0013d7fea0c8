import CSQLite
import SQLshCore
import Testing

@Suite struct LibraryTests {
    @Test func versionAndClock() {
        #expect(SQLiteLibrary.versionNumber == Int(SQLITE_VERSION_NUMBER) || SQLiteLibrary.versionNumber >= 3_040_000)
        #expect(String(cString: SQLiteLibrary.versionCString) == SQLiteLibrary.version)
        // Milliseconds since the Julian epoch: about 212 trillion in this century.
        let now = SQLiteLibrary.currentTimeMilliseconds()
        #expect(now > 210_000_000_000_000 && now < 220_000_000_000_000)
    }

    @Test func keywordsInSQLitesOrder() {
        #expect(SQLText.keywords.count > 100)
        #expect(SQLText.keywords.contains("SELECT"))
        #expect(SQLText.keywords.allSatisfy { SQLText.isKeyword($0) })
    }

    @Test func completenessOfABufferWithItsNUL() {
        func complete(_ text: String, nul: Bool = true) -> Bool {
            let bytes = Array(text.utf8) + (nul ? [0] : [])
            return bytes.withUnsafeBufferPointer { SQLText.isComplete(nulTerminated: $0) }
        }
        #expect(complete("select 1;"))
        #expect(!complete("select ';"))
        #expect(!complete("select 1;", nul: false))
        #expect(!complete("create trigger t after insert on x begin select 1;"))
    }

    @Test func globWithACString() {
        #expect("sqlite_stat1".withCString { SQLText.glob("sqlite_stat?", matches: $0) })
        #expect(!"Table".withCString { SQLText.glob("t*", matches: $0) })
    }

    @Test func temporaryFilenamesAreFresh() throws {
        let directory = try TemporaryDirectory()
        let db = try Connection(path: directory.file("a.db"))
        let a = try #require(db.temporaryFilename())
        let b = try #require(db.temporaryFilename())
        #expect(a != b)
        #expect(a.hasPrefix("/"))
    }

    @Test func anInMemoryDatabaseHasNoTemporaryFilename() throws {
        #expect(try Connection().temporaryFilename() == nil)
    }

    @Test func aFunctionGetsATemporaryFilename() throws {
        let directory = try TemporaryDirectory()
        let db = try Connection(path: directory.file("a.db"))
        try db.add(SQLFunction("scratch", argumentCount: 0, writingResult: { _, result in
            result.set(result.temporaryFilename() ?? "")
        }))
        guard case .text(let name) = try db.value("select scratch()") else { Issue.record("no text"); return }
        #expect(name.contains("etilqs_"))
    }
}
