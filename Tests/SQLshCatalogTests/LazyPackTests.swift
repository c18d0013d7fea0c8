@testable import SQLshCatalog
import SQLshCore
import Testing

/// Built-in packs are made when first needed; their functions registered up front are listed
/// in ``BuiltInPacks/all`` (a test checks the list), so a connection opens without making them.
@Suite struct LazyPackTests {
    @Test func packsWithUpFrontFunctionsAreMarked() {
        for entry in BuiltInPacks.all {
            let pack = entry.make()
            #expect(entry.name == pack.name)
            // Functions that start disabled are registered only by .enable, which makes every pack.
            let upFront = pack.functions.filter { $0.registeredUpFront && $0.enabledByDefault }.map(\.name)
            #expect(entry.upFront().map(\.name) == upFront, "\(pack.name): up-front functions \(upFront)")
        }
    }

    @Test func aConnectionGetsTableValuedFunctionsBeforeAnythingElseIsMade() throws {
        let catalog = Catalog.builtIn()
        let db = try Connection()
        try catalog.register(on: db)
        #expect(try db.scalar("select count(*) from pragma_module_list where name in ('generate_series', 'fsdir', 'vsv')") == .integer(3))
        // The first statement naming a catalog function makes the rest.
        #expect(try db.scalar("select reverse('abc')") == .text("cba"))
        #expect(catalog.functions.count > 200)
        #expect(catalog.packs.first?.name == "text")  // the order of BuiltInPacks, made early or not
    }

    /// A pack from outside the catalog (the files subsystem's) joins later, where it asks to be
    /// listed, with its up-front functions registered without making the built-in packs.
    @Test func aPackAddedLaterWithUpFrontFunctions() throws {
        let catalog = Catalog.builtIn()
        let db = try Connection()
        try catalog.register(on: db)
        let series = SeriesPack.generateSeries
        var made = false
        #expect(catalog.addPack(named: "later", upFront: { [series] }, after: "vsv", later: {
            made = true
            return FunctionPack(name: "later", summary: "a later pack", functions: [])
        }))
        #expect(!catalog.addPack(named: "later", later: { FunctionPack(name: "later", summary: "", functions: []) }))
        try catalog.registerUpFront(ofPack: "later", on: db)
        #expect(!made)
        let names = catalog.packs.map(\.name)
        #expect(made)
        #expect(names.firstIndex(of: "later") == names.firstIndex(of: "vsv").map { $0 + 1 })
    }
}
