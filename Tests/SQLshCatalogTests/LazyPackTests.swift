@testable import SQLshCatalog
import SQLshCore
import Testing

/// Built-in packs are made when first needed; those with functions registered up front
/// (``BuiltInPacks/upFront``, generated from the packs) when a connection opens.
@Suite struct LazyPackTests {
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

