// The query helpers (`rows`, `column`, `value`, `bytes`, `errorMessage`) come from the shared
// QueryTestSupport target, visible to every file of this target.
@_exported import QueryTestSupport
import SQLshCatalog
import SQLshCore
import SQLshFiles

/// A connection with the built-in catalog registered and files as tables installed.
func catalogConnection(_ catalog: Catalog = Catalog.builtIn()) throws -> Connection {
    let db = try Connection(path: ":memory:")
    try catalog.register(on: db)
    try FileTablesSubsystem.install(on: db, catalog: catalog)
    return db
}
