@testable import SQLshCatalog
import SQLshCore
import Testing

/// Built-in packs are made when first needed; their functions registered up front are listed
/// in ``BuiltInPacks/all`` (a test checks the list), so a connection opens without making them.
@Suite struct LazyPackTests {
    @Test func packsWithUpFrontFunctionsAreMarked() {
        for entry in BuiltInPacks.all {
            let pack = entry.make()
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
}

