import Foundation
import SQLshCatalog
@_spi(RawSQLite) import SQLshCore
@testable import SQLshFiles
import Testing

/// FileTablesSubsystem.install: one call gives a connection files as tables, the catalog the
/// `files` pack, and stale tables are dropped before each statement without the caller.
@Suite struct FileTablesSubsystemTests {
    func temporaryFile(_ name: String, _ text: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sqlsh-subsystem-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func withoutInstallNoFileIsATable() throws {
        let path = try temporaryFile("a.csv", "x\n1\n")
        let catalog = Catalog.builtIn()
        let db = try Connection()
        try catalog.register(on: db)
        #expect(errorMessage(db, "select * from '\(path)'") == "no such table: \(path)")
        // The generic catalog has no files pack of its own.
        #expect(catalog.pack(named: "files") == nil)
        #expect(catalog.function(named: "read_csv") == nil)
    }

    @Test func installMakesFilesTablesAndAddsThePack() throws {
        let path = try temporaryFile("b.csv", "x,y\n1,2\n")
        let catalog = Catalog.builtIn()
        let db = try Connection()
        try catalog.register(on: db)
        try FileTablesSubsystem.install(on: db, catalog: catalog)
        #expect(try rows(db, "select x + y from '\(path)'") == [[.integer(3)]])
        #expect(try rows(db, "select y from read_csv('\(path)')") == [[.integer(2)]])
        // Listed where it was when it was a built-in pack: after vsv, before archive.
        let names = catalog.packs.map(\.name)
        let files = try #require(names.firstIndex(of: "files"))
        #expect(names[files - 1] == "vsv")
        #expect(names[files + 1] == "archive")
        #expect(catalog.function(named: "read_ndjson")?.pack == "files")
    }

    @Test func aSecondConnectionGetsTheModulesFromTheCatalog() throws {
        let path = try temporaryFile("c.json", "[{\"k\": 5}]")
        let catalog = Catalog.builtIn()
        let first = try Connection()
        try catalog.register(on: first)
        try FileTablesSubsystem.install(on: first, catalog: catalog)
        let second = try Connection()
        try catalog.register(on: second)
        try FileTablesSubsystem.install(on: second, catalog: catalog)
        #expect(try rows(second, "select k from '\(path)'") == [[.integer(5)]])
        #expect(try rows(second, "select count(*) from pragma_module_list where name = 'read_json'") == [[.integer(1)]])
        // Disabling a reader reaches both connections.
        try catalog.disable(["read_json"])
        #expect(errorMessage(first, "select * from read_json('\(path)')") == "no such table: read_json")
        #expect(errorMessage(second, "select * from 'other-\(path).json'") != nil)
    }

    @Test func staleTablesAreDroppedBeforeTheNextStatement() throws {
        let path = try temporaryFile("d.csv", "a\n1\n")
        let db = try catalogConnection()
        #expect(try rows(db, "select * from '\(path)'") == [[.integer(1)]])
        try Data("a,b\n1,2\n".utf8).write(to: URL(fileURLWithPath: path))
        // No call from the caller: the subsystem checks before each statement.
        #expect(try rows(db, "select * from '\(path)'") == [[.integer(1), .integer(2)]])
        FileTablesSubsystem.uninstall(from: db)
        try FileManager.default.removeItem(atPath: path)
        // Uninstalled: the table made stays, stale or not, and no new one is made.
        #expect(try rows(db, "select count(*) from temp.sqlite_schema") == [[.integer(1)]])
    }

    @Test func theExtensionListIsOne() {
        #expect(FileTablesSubsystem.dataFileExtensions == ["csv", "tsv", "json", "ndjson", "jsonl", "parquet"])
        for ext in FileTablesSubsystem.dataFileExtensions {
            #expect(FileTablesSubsystem.isDataFileName("x." + ext))
            // A Parquet file is compressed page by page, never as a whole.
            #expect(FileTablesSubsystem.isDataFileName("X." + ext.uppercased() + ".GZ") == (ext != "parquet"))
        }
        #expect(!FileTablesSubsystem.isDataFileName("notes.txt"))
        #expect(!FileTablesSubsystem.isDataFileName("data.gz"))
        #expect(FileTablesSubsystem.listedExtensions(prefix: "*.", conjunction: "or") == "*.csv, *.tsv, *.json, *.ndjson, *.jsonl or *.parquet")
        #expect(FileTablesSubsystem.listedExtensions(prefix: ".", conjunction: "and", json: true) == ".json, .ndjson and .jsonl")
        #expect(FileTablesSubsystem.tableName(forFile: "dir/data.csv.gz") == "data")
        #expect(FileTablesSubsystem.isReader("READ_CSV_AUTO"))
    }
}
