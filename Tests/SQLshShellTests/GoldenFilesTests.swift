import Foundation
import GoldenFiles
import Testing

/// The golden files of the comparison tests (Tests/GoldenFiles) are still what the stock
/// `sqlite3` prints: every recorded request runs through it again, when it is on PATH.
@Suite struct GoldenFilesTests {
    @Test func everyFileParsesAndIsNamedByItsRequest() throws {
        let urls = try DotCommandComparison.golden.all()
        #expect(!urls.isEmpty)
        for url in urls {
            let (request, _) = try GoldenFiles.decode(Array(try Data(contentsOf: url)))
            #expect(url.deletingPathExtension().lastPathComponent == request.hash, "\(url.path)")
        }
    }

    @Test(.enabled(if: GoldenFiles.stockShell != nil && !GoldenFiles.isWriting))
    func goldenFilesMatchTheStockShell() throws {
        for url in try DotCommandComparison.golden.all() {
            let (request, recorded) = try GoldenFiles.decode(Array(try Data(contentsOf: url)))
            let now = request.kind == "render" ? try RenderingComparison.stock(request) : try DotCommandComparison.stock(request)
            #expect(now == recorded, "\(url.path) is stale: re-record with SQLSH_WRITE_GOLDEN=1")
        }
    }

    @Test func theFormatKeepsEveryByte() throws {
        let request = GoldenRequest(kind: "render", input: Array("select 1;\r\n== x 3\n".utf8) + [0xFF], arguments: ["-csv", "-separator", " "],
                                    files: ["a b.csv": [0, 255, 10]])
        let output = GoldenOutput(out: [0xFF, 0, 13, 10], err: Array("Error: x\n".utf8), status: 1, files: ["out.txt": []])
        let (readRequest, readOutput) = try GoldenFiles.decode(GoldenFiles.encode(request, output))
        #expect(readRequest == request)
        #expect(readOutput == output)
    }
}
