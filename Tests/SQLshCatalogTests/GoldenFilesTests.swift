import Foundation
import GoldenFiles
import Testing

/// The golden files of the catalog's comparisons with the stock shell (Tests/GoldenFiles) are
/// still what `sqlite3` prints: every recorded query runs through it again, when it is on PATH.
@Suite struct CatalogGoldenFilesTests {
    @Test func everyFileParsesAndIsNamedByItsRequest() throws {
        let urls = try StockShell.golden.all()
        #expect(!urls.isEmpty)
        for url in urls {
            let (request, _) = try GoldenFiles.decode(Array(try Data(contentsOf: url)))
            #expect(url.deletingPathExtension().lastPathComponent == request.hash, "\(url.path)")
        }
    }

    @Test(.enabled(if: StockShell.isInstalled && !GoldenFiles.isWriting))
    func goldenFilesMatchTheStockShell() throws {
        for url in try StockShell.golden.all() {
            let (request, recorded) = try GoldenFiles.decode(Array(try Data(contentsOf: url)))
            #expect(try StockShell.stock(request) == recorded, "\(url.path) is stale: re-record with SQLSH_WRITE_GOLDEN=1")
        }
    }
}
