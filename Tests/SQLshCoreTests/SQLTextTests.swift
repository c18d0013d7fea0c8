import SQLshCore
import Testing

@Suite struct SQLTextTests {
    @Test func globIsCaseSensitive() {
        #expect(SQLText.glob("sqlite_stat?", matches: "sqlite_stat1"))
        #expect(!SQLText.glob("sqlite_stat?", matches: "SQLITE_STAT1"))
        #expect(SQLText.glob("no such table: *", matches: "no such table: main.t"))
        #expect(SQLText.glob("[a-c]x", matches: "bx"))
    }

    @Test func likeFoldsASCIIOnlyAndTakesAnEscape() {
        #expect(SQLText.like("create view%", matches: "CREATE VIEW v AS SELECT 1"))
        #expect(!SQLText.like("é%", matches: "É"))
        #expect(SQLText.like("sqlite\\_%", matches: "sqlite_x", escape: "\\"))
        #expect(!SQLText.like("sqlite\\_%", matches: "sqliteXx", escape: "\\"))
        #expect(SQLText.like("sqlite\\_%", matches: "sqlite\\xx"))  // no escape: `\` is literal, `_` any
    }

    @Test func caseInsensitiveComparisons() {
        #expect(SQLText.equalIgnoringCase("Main", "MAIN"))
        #expect(!SQLText.equalIgnoringCase("É", "é"))
        #expect(SQLText.compareIgnoringCase("a", "B") < 0)
        #expect(SQLText.prefixEqualIgnoringCase("-verbose", "-VERB", count: 5))
        #expect(!SQLText.prefixEqualIgnoringCase("-verbose", "-vx", count: 3))
    }

    @Test func completenessAndKeywords() {
        #expect(SQLText.isComplete("select 1;"))
        #expect(!SQLText.isComplete("select ';"))
        #expect(!SQLText.isComplete("create trigger t after insert on x begin select 1;"))
        #expect(SQLText.isKeyword("select"))
        #expect(SQLText.isKeyword("WHERE"))
        #expect(!SQLText.isKeyword("players"))
    }

    @Test func formatWithSQLitePrintf() {
        #expect(SQLText.format("%d-%d", [Int32(3), Int32(4)]) == "3-4")
        "it's".withCString { text in
            #expect(SQLText.format("SELECT %Q", [text]) == "SELECT 'it''s'")
            #expect(SQLText.format("\"%w\"", [text]) == "\"it's\"")
        }
    }

    @Test func libraryFacts() {
        #expect(SQLiteLibrary.version.hasPrefix("3."))
        #expect(SQLiteLibrary.sourceID.count > 20)
        var bytes = [UInt8](repeating: 0, count: 64)
        bytes.withUnsafeMutableBytes { SQLiteLibrary.fillRandom($0) }
        #expect(bytes.contains { $0 != 0 })
        #expect(SQLiteLibrary.random(UInt64.self) != SQLiteLibrary.random(UInt64.self))
    }
}
