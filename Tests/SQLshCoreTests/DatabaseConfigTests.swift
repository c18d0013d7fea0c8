import CSQLite
import SQLshCore
import Testing

@Suite struct DatabaseConfigTests {
    @Test func trustedSchemaMatchesThePragma() throws {
        let db = try Connection()
        #expect(try db.config(.trustedSchema))
        #expect(try db.setConfig(.trustedSchema, enabled: false) == false)
        #expect(try db.value("pragma trusted_schema") == .integer(0))
        try db.execute("pragma trusted_schema = on")
        #expect(try db.config(.trustedSchema))
    }

    @Test func defensiveModeRefusesWritableSchema() throws {
        let db = try Connection()
        #expect(try !db.config(.defensive))
        try db.setConfig(.defensive, enabled: true)
        #expect(try db.config(.defensive))
        try db.execute("create table t(x); pragma writable_schema = on")
        let error = #expect(throws: SQLiteError.self) { try db.execute("update sqlite_schema set sql = sql") }
        #expect(error?.message == "table sqlite_master may not be modified")
    }

    @Test func loadExtensionThroughTheCAPIOnly() throws {
        let db = try Connection()
        try db.setConfig(.loadExtension, enabled: true)
        #expect(try db.config(.loadExtension))
        let c = #expect(throws: SQLiteError.self) { try db.loadExtension(path: "/nonexistent/ext") }
        #expect(c?.message.contains("cannot open shared object file") == true)
        let sql = #expect(throws: SQLiteError.self) { _ = try db.value("select load_extension('/nonexistent/ext')") }
        #expect(sql?.message == "not authorized")
    }

    @Test func unknownOptionIsAnError() throws {
        let db = try Connection()
        #expect(throws: SQLiteError.self) { _ = try db.config(DatabaseConfigOption(rawValue: 4242)) }
    }

    @Test func namesFollowTheShell() {
        #expect(DatabaseConfigOption.all.count == 16)
        #expect(DatabaseConfigOption.trustedSchema.name == "trusted_schema")
        #expect(DatabaseConfigOption.all.map(\.name) == DatabaseConfigOption.all.map(\.name).sorted())
    }
}
