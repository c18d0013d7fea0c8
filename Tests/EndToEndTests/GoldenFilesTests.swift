import Foundation
import GoldenFiles
import Testing

/// The golden files of the end-to-end comparisons (Tests/GoldenFiles) are still what the stock
/// `sqlite3` prints: every recorded request runs through it again, when it is installed.
@Suite struct EndToEndGoldenFilesTests {
    @Test func everyFileParsesAndIsNamedByItsRequest() throws {
        let urls = try ShellRunner.golden.all()
        #expect(!urls.isEmpty)
        for url in urls {
            let (request, _) = try GoldenFiles.decode(Array(try Data(contentsOf: url)))
            #expect(url.deletingPathExtension().lastPathComponent == request.hash, "\(url.path)")
        }
    }

    @Test(.enabled(if: ShellRunner.referenceAvailable && !GoldenFiles.isWriting))
    func goldenFilesMatchTheStockShell() throws {
        for url in try ShellRunner.golden.all() {
            let (request, recorded) = try GoldenFiles.decode(Array(try Data(contentsOf: url)))
            #expect(try ShellRunner.reference(request) == recorded, "\(url.path) is stale: re-record with SQLSH_WRITE_GOLDEN=1")
        }
    }
}
