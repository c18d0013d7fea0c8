import Foundation
import SQLshCore
import SQLshShell
import Testing

/// Fixed names for the completion engine.
private struct StubData: CompletionData {
    var tables = ["users", "Orders", "my table"]
    var columns = ["users": ["id", "name", "email"], "Orders": ["id", "user_id", "total"], "my table": ["select"]]
    var files: [String: [(String, Bool)]] = [".": [("data.csv", false), ("dump", true), (".hidden", false)],
                                             "dump/": [("a.sql", false)]]

    func keywords() -> [String] { ["SELECT", "FROM", "WHERE", "SET", "SAVEPOINT", "REPLACE", "UPDATE", "INTO", "JOIN", "AS", "ON", "INDEX"] }
    func tableNames() -> [String] { tables }
    func schemaNames() -> [String] { ["main", "temp"] }
    func columnNames(of table: String) -> [String] { columns[table] ?? [] }
    func functionNames() -> [String] { ["replace", "reverse", "round", "sum"] }
    func catalogNames() -> [String] { ["reverse", "slugify", "text", "stats"] }
    func dotCommandNames() -> [String] { ["mode", "headers", "read", "import", "enable", "schema", "open"] }
    func dotCommand(named typed: String) -> String? { dotCommandNames().first { $0.hasPrefix(typed) } }
    func dotCommandUsage(_ name: String) -> String? { name == "headers" ? ".headers on|off" : nil }
    func directoryEntries(_ path: String) -> [(name: String, isDirectory: Bool)] {
        (files[path] ?? []).map { (name: $0.0, isDirectory: $0.1) }
    }
    func homeDirectory() -> String? { "/home/me" }
    var allowsFileNames = true
}

@Suite struct CompletionEngineTests {
    let engine = CompletionEngine(data: StubData())

    func texts(_ line: String) -> [String] { engine.complete(line).candidates.map(\.text) }

    @Test func tablesAfterFromJoinIntoUpdate() {
        #expect(texts("select * from u") == ["users"])
        #expect(texts("SELECT * FROM ") == ["\"my table\"", "Orders", "users"])
        #expect(texts("select * from users join o") == ["Orders"])
        #expect(texts("insert into O") == ["Orders"])
        #expect(texts("update us") == ["users"])
        #expect(texts("select * from users, o") == ["Orders"])
        #expect(texts("create index i on us") == ["users"])
    }

    @Test func columnsOfMentionedTables() {
        #expect(texts("select * from users where em") == ["email"])
        #expect(texts("select * from users u where u.") == ["email", "id", "name"])
        #expect(texts("select * from Orders as o where o.t") == ["total"])
        #expect(texts("select users.i") == ["id"])
        #expect(texts("select * from main.u") == ["users"])
    }

    @Test func columnsOfAllTablesBeforeAnyIsNamed() {
        #expect(texts("select user_") == ["user_id"])
    }

    @Test func keywordsFollowTheTypedCase() {
        #expect(texts("wher") == ["where"])
        #expect(texts("WHER") == ["WHERE"])
        #expect(texts("Wher") == ["WHERE"])
        #expect(texts("select 1 wh") == ["where"])
    }

    @Test func functionsGetAParenthesis() {
        let completion = engine.complete("select rev")
        #expect(completion.candidates == [.init("reverse", .function)])
        #expect(completion.candidates[0].suffix == "(")
        // A keyword that is also a function is listed once.
        #expect(texts("insert or repl") == ["replace"])
    }

    @Test func quotedIdentifiers() {
        #expect(texts("select * from \"my") == ["\"my table\""])
        #expect(texts("select * from [my") == ["[my table]"])
        #expect(engine.complete("select * from \"my").fragment == "\"my")
        // Names that are keywords or need quotes are quoted when inserted.
        #expect(texts("select * from \"my table\" where sel") == ["\"select\"", "select"])
    }

    @Test func nothingInsideStringsOrComments() {
        #expect(texts("select 'fr").isEmpty)
        #expect(texts("select 1 -- fr").isEmpty)
        #expect(texts("select /* fr").isEmpty)
        #expect(texts("select 12").isEmpty)
    }

    @Test func multiLineStatements() {
        #expect(texts("select *\nfrom users\nwhere na") == ["name"])
        #expect(texts("select 1;\n.mo").contains("MODE") == false)
    }

    @Test func dotCommandNames() {
        #expect(texts(".he") == [".headers"])
        #expect(texts(".") == [".enable", ".headers", ".import", ".mode", ".open", ".read", ".schema"])
    }

    @Test func dotCommandArguments() {
        #expect(texts(".mode js") == ["json"])
        #expect(texts(".mode box --w") == ["--wordwrap", "--wrap", "--ww"])
        #expect(texts(".mode box --wordwrap o") == ["off", "on"])
        #expect(texts(".mode box --ww ").contains("on") == false)
        #expect(texts(".headers o") == ["off", "on"])
        #expect(texts(".enable s") == ["slugify", "stats"])
        #expect(texts(".schema u") == ["users"])
        #expect(texts(".import data.csv u") == ["users"])
        #expect(texts(".import --c") == ["--csv"])
    }

    @Test func filePaths() {
        #expect(texts(".read ") == ["data.csv", "dump/"])
        #expect(texts(".read d") == ["data.csv", "dump/"])
        #expect(texts(".read dump/") == ["dump/a.sql"])
        #expect(texts(".read .h") == [".hidden"])
        #expect(texts(".open 'da") == ["'data.csv'"])
        let completion = engine.complete(".read du")
        #expect(completion.candidates == [.init("dump/", .directory)])
        #expect(completion.candidates[0].suffix == "")
    }

    /// A quoted name after FROM or JOIN may be a file read as a table (the files pack), and
    /// the first argument of read_csv(...) any file.
    @Test func dataFilesInFromAndReaders() {
        var data = StubData()
        data.files["."] = [("data.csv", false), ("dump", true), ("notes.txt", false), ("events.ndjson.gz", false)]
        let engine = CompletionEngine(data: data)
        func texts(_ line: String) -> [String] { engine.complete(line).candidates.map(\.text) }
        #expect(texts("select * from 'd") == ["'data.csv'", "'dump/"])
        #expect(texts("select * from users join 'e") == ["'events.ndjson.gz'"])
        #expect(texts("select * from read_csv('n") == ["'notes.txt'"])
        #expect(texts("select * from users where name = 'd").isEmpty)
        var safe = data
        safe.allowsFileNames = false
        #expect(CompletionEngine(data: safe).complete("select * from 'd").candidates.isEmpty)
    }

    @Test func filePathsWithSpacesAreQuoted() {
        var data = StubData()
        data.files["."] = [("my notes.sql", false), ("sub dir", true), ("it's.csv", false), ("plain.sql", false)]
        let engine = CompletionEngine(data: data)
        func texts(_ line: String) -> [String] { engine.complete(line).candidates.map(\.text) }
        #expect(texts(".read my") == ["'my notes.sql'"])
        #expect(texts(".read su") == ["'sub dir/"])
        #expect(texts(".import it") == ["\"it's.csv\""])
        #expect(texts(".read pl") == ["plain.sql"])
        #expect(texts(".read 'my") == ["'my notes.sql'"])
        // What Tab replaces: the typed fragment, not the quote it adds.
        #expect(engine.complete(".read my").fragment == "my")
    }

    @Test func commonPrefix() {
        let completion = Completion(fragment: "al", candidates: [.init("alpha_one", .table), .init("ALPHA_two", .table)])
        #expect(completion.commonPrefix == "alpha_")
        #expect(Completion(fragment: "x", candidates: []).commonPrefix == "x")
    }

    @Test func liveShellSeesNewTablesAndCatalogFunctions() throws {
        let shell = try Shell(connection: Connection(path: ":memory:"))
        let live = CompletionEngine(data: ShellCompletionData(shell: shell))
        #expect(live.complete("select * from fresh").candidates.isEmpty)
        try shell.connection.execute("create table fresh_table(a, b); create temp view fresh_view as select 1 as c")
        #expect(live.complete("select * from fresh").candidates.map(\.text) == ["fresh_table", "fresh_view"])
        #expect(live.complete("select * from fresh_table where ").candidates.map(\.text).prefix(3) == ["a", "b", "abs"])
        #expect(live.complete("select slugi").candidates.map(\.text) == ["slugify"])
        #expect(live.complete("select json_ext").candidates.map(\.text) == ["json_extract"])
        _ = try shell.catalog.disable(["slugify"])
        #expect(live.complete("select slugi").candidates.isEmpty)
        #expect(live.complete(".comp").candidates.map(\.text) == [".complete"])
    }

    @Test func completeCommandPrintsCandidates() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sqlsh-complete-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let out = try OutputWriter(path: path)
        let shell = try Shell(connection: Connection(path: ":memory:"), standardOutput: out)
        _ = try shell.process(StringLineSource("""
            create table songs(title, artist);
            create table singers(name);
            .complete 'select * from s'
            .complete select art
            """))
        out.flush()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "singers\nsongs\nartist\n")
    }

    // MARK: The screen editor's needs

    @Test func dotAndSpaceOffersNothingAndDoesNotCrash() {
        #expect(texts(". ").isEmpty)
        #expect(texts(".  ").isEmpty)
        #expect(texts(".\t").isEmpty)
    }

    @Test func namesGivenToDotCommandsGetNoParenthesis() {
        for line in [".enable rev", ".enable reverse"] {
            let completion = engine.complete(line)
            #expect(completion.candidates.map(\.text) == ["reverse"])
            #expect(completion.candidates.first?.suffix == " ")
        }
    }

    @Test func noFileNamesInSafeMode() {
        var data = StubData()
        data.allowsFileNames = false
        let safe = CompletionEngine(data: data)
        #expect(safe.complete(".read ").candidates.isEmpty)
        #expect(safe.complete(".open d").candidates.isEmpty)
        #expect(safe.complete(".cd ").candidates.isEmpty)
        // Other arguments still complete.
        #expect(safe.complete(".schema u").candidates.map(\.text) == ["users"])
    }

    @Test func whatFollowsATableInFrom() {
        let afterTable = texts("select * from users ")
        #expect(afterTable.prefix(3) == ["as", "cross join", "except"])
        #expect(afterTable.contains("u"))  // an alias
        for follower in ["where", "join", "left join", "group by", "order by", "limit", "union all", "window"] {
            #expect(afterTable.contains(follower))
        }
        #expect(!afterTable.contains("on"))
        #expect(!afterTable.contains("SAVEPOINT") && !afterTable.contains("savepoint"))
        #expect(texts("select * from users gr") == ["group by"])
        #expect(texts("SELECT * FROM users WH") == ["WHERE"])
        #expect(texts("select * from users u w") == ["where", "window"])
        #expect(texts("select * from users as u o") == ["order by"])
        #expect(!texts("select * from users u ").contains("u"))
        #expect(texts("select * from users join Orders o o") == ["on", "order by"])
        #expect(texts("select * from users, Orders li") == ["limit"])
        #expect(texts("select * from main.users wh") == ["where"])
    }

    @Test func whatFollowsATableElsewhere() {
        #expect(texts("update users ") == ["as", "set"])
        #expect(texts("insert into users ") == ["as", "default values", "select", "values"])
        #expect(texts("delete from users ") == ["indexed by", "not indexed", "returning", "where"])
        // Past the table, columns and keywords as before.
        #expect(texts("select * from users where em") == ["email"])
    }

    @Test func suggestedAliases() {
        #expect(CompletionEngine.suggestedAlias(for: "customers", keywords: []) == "c")
        #expect(CompletionEngine.suggestedAlias(for: "order_items", keywords: []) == "oi")
        #expect(CompletionEngine.suggestedAlias(for: "Orders", keywords: ["ON"]) == "o")
        // An alias that would be a keyword is not offered.
        #expect(CompletionEngine.suggestedAlias(for: "apple_sauce", keywords: ["AS"]) == nil)
        #expect(CompletionEngine.suggestedAlias(for: "2fa", keywords: []) == nil)
    }

    @Test func textAfterTheCursorCounts() {
        // The table is named after the cursor.
        #expect(engine.complete("select em", after: " from users").candidates.map(\.text) == ["email"])
        // An alias defined after the cursor.
        #expect(engine.complete("select o.to", after: " from Orders o").candidates.map(\.text) == ["total"])
        // The word the cursor is in does not count as mentioned.
        #expect(engine.complete("select em", after: "xx from users").candidates.map(\.text) == ["email"])
    }

    @Test func insertionLeavesOutWhatFollowsAlready() {
        let column = Completion.Candidate("email", .column)
        let function = Completion.Candidate("reverse", .function)
        #expect(Completion.insertion(for: column, after: "") == "email ")
        #expect(Completion.insertion(for: column, after: ") from users") == "email")
        #expect(Completion.insertion(for: column, after: " from users") == "email")
        #expect(Completion.insertion(for: column, after: ", id") == "email")
        #expect(Completion.insertion(for: function, after: "") == "reverse(")
        #expect(Completion.insertion(for: function, after: "(name)") == "reverse")
        #expect(Completion.insertion(for: .init("dump/", .directory), after: "") == "dump/")
    }

    /// After WHERE, AND, SELECT, SET, ON or BY the statement's columns come first, then
    /// functions, then the keywords that can start an expression; `.complete` shows the same.
    @Test func expressionsOfferColumnsFirst() throws {
        let shell = try Shell(connection: Connection(path: ":memory:"))
        try shell.connection.execute("create table orders(id, customer, total)")
        let engine = CompletionEngine(data: ShellCompletionData(shell: shell))
        for sql in ["select * from orders where ", "select * from orders where id = 1 and ", "select ",
                    "update orders set ", "select * from orders order by "] {
            let candidates = engine.complete(sql).candidates
            #expect(candidates.prefix(3).map(\.text) == ["customer", "id", "total"], "\(sql)")
            #expect(candidates.dropFirst(3).first?.kind == .function, "\(sql)")
            let keywords = candidates.filter { $0.kind == .keyword }.map(\.text)
            #expect(keywords.contains("NOT") && !keywords.contains("ALTER"), "\(sql): \(keywords)")
            #expect(!candidates.contains { $0.kind == .table }, "\(sql)")
        }
        // A typed prefix still finds every keyword (in the case typed) and table it starts.
        let typed = engine.complete("select * from orders where o").candidates.map(\.text)
        #expect(typed.contains("or") && typed.contains("orders"), "\(typed)")
    }
}
