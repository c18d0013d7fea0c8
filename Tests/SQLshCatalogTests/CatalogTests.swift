import SQLshCatalog
import SQLshCore
import Testing

@Suite struct CatalogTests {
    @Test func everyFunctionHasFullMetadata() throws {
        let catalog = Catalog.builtIn()
        var names = Set<String>()
        for function in catalog.functions {
            #expect(names.insert(function.name.lowercased()).inserted, "duplicate \(function.name)")
            #expect(!function.summary.isEmpty && !function.summary.hasSuffix("."), "\(function.name) summary")
            #expect(function.details.count > 40, "\(function.name) details")
            #expect(function.example.contains(function.name) || function.name == "regexp", "\(function.name) example")
            #expect(catalog.pack(named: function.pack)?.functions.contains { $0.name == function.name } == true)
        }
        for pack in ["text", "regexp", "stats"] { #expect(catalog.pack(named: pack) != nil) }
        let expected = ["reverse", "text_reverse", "slugify", "regexp", "regexpi", "regexp_like", "regexp_substr",
                        "regexp_capture", "regexp_replace", "median", "percentile", "percentile_25", "percentile_75",
                        "percentile_90", "percentile_95", "percentile_99", "stddev", "stddev_samp", "stddev_pop",
                        "variance", "var_samp", "var_pop", "mode", "maxlength", "minlength"]
        for name in expected { #expect(names.contains(name), "\(name) missing") }
    }

    @Test func disablingUnregistersFromEveryConnection() throws {
        let catalog = Catalog.builtIn()
        let one = try catalogConnection(catalog)
        let two = try catalogConnection(catalog)
        #expect(try value(one, "select reverse('ab')") == .text("ba"))
        let changed = try catalog.disable(["reverse"])
        #expect(changed.map(\.name) == ["reverse"])
        #expect(!catalog.isEnabled("REVERSE"))
        #expect(errorMessage(one, "select reverse('ab')") == "no such function: reverse")
        #expect(errorMessage(two, "select reverse('ab')") == "no such function: reverse")
        #expect(try value(one, "select text_reverse('ab')") == .text("ba"))
        try catalog.enable(["reverse"])
        #expect(try value(two, "select reverse('ab')") == .text("ba"))
        #expect(try catalog.enable(["reverse"]).isEmpty)  // already enabled: nothing changes
    }

    /// A connection that refuses the change (a statement running on it) leaves everything as
    /// it was: the catalog's state and the connections already changed.
    @Test func failedDisablingChangesNothing() throws {
        let catalog = Catalog.builtIn()
        let idle = try catalogConnection(catalog)
        let busy = try catalogConnection(catalog)
        let running = try busy.prepare("select reverse('ab') union all select reverse('cd')")
        #expect(try running.step())
        #expect(throws: SQLiteError.self) { try catalog.disable(["reverse"]) }
        #expect(catalog.isEnabled("reverse"))
        #expect(try value(idle, "select reverse('ab')") == .text("ba"))
        #expect(try running.step())
        #expect(try !running.step())
        try catalog.disable(["reverse"])
        #expect(errorMessage(busy, "select reverse('ab')") == "no such function: reverse")
    }

    @Test func packsDisableTogether() throws {
        let catalog = Catalog.builtIn()
        let db = try catalogConnection(catalog)
        try catalog.disable(["stats", "regexp_replace"])
        #expect(errorMessage(db, "select median(1)") == "no such function: median")
        #expect(errorMessage(db, "select percentile(1, 50)") == "no such function: percentile")
        #expect(errorMessage(db, "select regexp_capture('a', 'a', 0)") == nil)
        #expect(errorMessage(db, "select regexp_replace('a', 'a', 'b')") == "no such function: regexp_replace")
        // Window use is gone too.
        #expect(errorMessage(db, "select median(1) over ()") == "no such function: median")
        try catalog.enable(["STATS"])
        #expect(try value(db, "select median(1)") == .real(1))
    }

    /// sqlsh's internal functions (summarize's) register whatever packs are disabled, and
    /// appear in no pack or listing.
    @Test func internalFunctionsIgnoreDisabledPacks() throws {
        let catalog = Catalog.builtIn()
        try catalog.disable(["duckdb", "stats"])
        let db = try catalogConnection(catalog)
        #expect(errorMessage(db, "select approx_count_distinct(1)") == "no such function: approx_count_distinct")
        #expect(errorMessage(db, "select stddev(1)") == "no such function: stddev")
        let values = "(values (1), (2), (2), (4), (NULL))"
        #expect(try value(db, "select \(InternalFunctions.approxUnique)(column1) from \(values)") == .integer(3))
        let std = "select round(\(InternalFunctions.summaryField)(\(InternalFunctions.numberSummary)(column1), 2), 6) from \(values)"
        #expect(try value(db, std) == .real(1.258306))
        let q75 = "select \(InternalFunctions.summaryField)(\(InternalFunctions.numberSummary)(column1), 5) from \(values)"
        #expect(try value(db, q75) == .real(2.5))
        catalog.setAllEnabled(false)
        let bare = try catalogConnection(catalog)
        let q50 = "select \(InternalFunctions.summaryField)(\(InternalFunctions.dateSummary)(column1, column1), 4) from \(values)"
        #expect(try value(bare, q50) == .real(2))
        for name in [InternalFunctions.approxUnique, InternalFunctions.numberSummary, InternalFunctions.dateSummary,
                     InternalFunctions.summaryField] {
            #expect(catalog.function(named: name) == nil && catalog.resolve(name).isEmpty, "\(name)")
        }
    }

    @Test func stateCarriesOverToNewConnections() throws {
        let catalog = Catalog.builtIn()
        try catalog.disable(["slugify", "regexp"])
        let db = try catalogConnection(catalog)  // as after .open
        #expect(errorMessage(db, "select slugify('a')") == "no such function: slugify")
        #expect(errorMessage(db, "select 'a' regexp 'a'") == "no such function: regexp")
        #expect(try value(db, "select regexpi('a', 'A')") == .integer(1))  // "regexp" is the function, not the pack
        try catalog.enable(["slugify"])
        #expect(try value(db, "select slugify('A b')") == .text("a-b"))
    }

    @Test func namesResolveToFunctionsThenPacksThenPatterns() throws {
        let catalog = Catalog.builtIn()
        #expect(catalog.resolve("regexp").map(\.name) == ["regexp"])
        #expect(catalog.resolve("text").prefix(3).map(\.name) == ["reverse", "text_reverse", "slugify"])
        #expect(catalog.resolve("text").count == catalog.pack(named: "text")?.functions.count)
        #expect(catalog.resolve("regexp*").count == 9)  // the regexp pack's 6, the duckdb pack's 3
        #expect(catalog.resolve("nosuch").isEmpty)
    }

    @Test func unknownNamesAreErrorsAndChangeNothing() throws {
        let catalog = Catalog.builtIn()
        let db = try catalogConnection(catalog)
        #expect(throws: CatalogError.unknownName("nosuch")) { try catalog.disable(["reverse", "nosuch"]) }
        #expect(catalog.isEnabled("reverse"))
        #expect(try value(db, "select reverse('ab')") == .text("ba"))
        #expect(CatalogError.unknownName("nosuch").description == "no such function or pack: nosuch")
    }

    @Test func allOffAtStartup() throws {
        let catalog = Catalog.builtIn()
        catalog.setAllEnabled(false)
        let db = try catalogConnection(catalog)
        #expect(errorMessage(db, "select reverse('a')") == "no such function: reverse")
        #expect(errorMessage(db, "select median(1)") == "no such function: median")
        try catalog.enable(["text"])
        #expect(try value(db, "select reverse('ab')") == .text("ba"))
    }

    @Test func closedConnectionsAreForgotten() throws {
        let catalog = Catalog.builtIn()
        do {
            let db = try catalogConnection(catalog)
            #expect(catalog.connections.count == 1)
            catalog.detach(db)
            #expect(catalog.connections.isEmpty)
            try catalog.register(on: db)
        }
        #expect(catalog.connections.isEmpty)  // released
        try catalog.disable(["reverse"])  // nothing to apply to: no crash
    }

    @Test func disablingWhileAStatementRunsIsAnErrorNotACrash() throws {
        let catalog = Catalog.builtIn()
        let db = try catalogConnection(catalog)
        let statement = try db.prepare("select reverse('ab') from generate_series(1, 3)")
        #expect(try statement.step())
        #expect(throws: SQLiteError.self) { try catalog.disable(["reverse"]) }
        statement.reset()
    }

    @Test func patternMatching() throws {
        let catalog = Catalog.builtIn()
        #expect(catalog.functions(matching: "reverse").map(\.name) == ["reverse"])
        #expect(catalog.functions(matching: "regexp_*").map(\.name) == ["regexp_like", "regexp_substr", "regexp_capture", "regexp_replace",
                                                                           "regexp_extract", "regexp_extract_all", "regexp_matches"])
        #expect(catalog.functions(matching: "percentile%").count == 8)
        #expect(catalog.functions(matching: "stats_*").count == 14)
        #expect(catalog.functions(matching: "percentile_9?").count == 3)
        #expect(catalog.functions(matching: "percentile_9_").isEmpty)  // glob: _ is literal
        #expect(catalog.functions(matching: "%percentile_9_").count == 3)  // LIKE: _ is one character
        #expect(catalog.functions(matching: "STATS").count == 32)  // 18 + sqlean's 13 stats_* aggregates and stats_seq
        #expect(catalog.functions(matching: "*length").map(\.name) == ["char_length", "character_length", "text_length", "octet_length", "bit_length", "maxLength", "minLength"])
        #expect(catalog.functions(matching: "m*length").map(\.name) == ["maxLength", "minLength"])
        #expect(catalog.functions(matching: "nosuch").isEmpty)
        #expect(catalog.functions(matching: nil).count == catalog.functions.count)
    }
}
