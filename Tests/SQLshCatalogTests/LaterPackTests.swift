import SQLshCatalog
import SQLshCore
import Testing

/// Packs added at run time with `addPack(named:later:)` (the shell's own pack) are made when
/// the catalog is first read, as the built-in packs are.
@Suite struct LaterPackTests {
    final class Flag: @unchecked Sendable { var isSet = false }

    static func pack(_ flag: Flag) -> FunctionPack {
        flag.isSet = true
        let twice = CatalogFunction(arguments: "x",
                                    summary: "twice x", details: "Twice x.", example: "select later_twice(2); -- 4") {
            [SQLFunction("later_twice", argumentCount: 1) { args in args[0].int64 * 2 }]
        }
        return FunctionPack(name: "later", summary: "a pack added later", functions: [twice])
    }

    @Test func aLaterPackIsMadeWhenTheCatalogIsRead() throws {
        let catalog = Catalog.builtIn()
        let flag = Flag()
        catalog.addPack(named: "later") { Self.pack(flag) }
        #expect(!flag.isSet)
        #expect(catalog.packs.last?.name == "later")
        #expect(flag.isSet)
        let db = try Connection()
        try catalog.register(on: db)
        #expect(try db.scalar("select later_twice(21)") == .integer(42))
    }

    @Test func aPackOfTheSameNameIsAddedOnce() {
        let catalog = Catalog.builtIn()
        let first = Flag(), second = Flag()
        catalog.addPack(named: "later") { Self.pack(first) }
        catalog.addPack(named: "later") { Self.pack(second) }
        #expect(catalog.packs.filter { $0.name == "later" }.count == 1)
        #expect(first.isSet && !second.isSet)
        // Once the catalog is made, a pack is added at once, and still only once.
        let third = Flag()
        catalog.addPack(named: "later") { Self.pack(third) }
        #expect(!third.isSet)
    }
}
