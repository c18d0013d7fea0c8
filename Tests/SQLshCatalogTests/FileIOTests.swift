import Foundation
import Testing
import SQLshCatalog
import SQLshCore

/// A fresh directory under the system temporary directory.
private func makeTemporaryDirectory(_ label: String) throws -> String {
    let path = NSTemporaryDirectory() + "sqlsh-fileio-\(label)-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// A small tree: a file, an empty file, a binary file in a subdirectory, links.
private func makeFixture() throws -> String {
    let root = try makeTemporaryDirectory("fixture")
    let fm = FileManager.default
    try fm.createDirectory(atPath: root + "/sub/deep", withIntermediateDirectories: true)
    try Data("hello\n".utf8).write(to: URL(fileURLWithPath: root + "/a.txt"))
    try Data().write(to: URL(fileURLWithPath: root + "/empty"))
    try Data([0x78, 0x00, 0x79, 0xff]).write(to: URL(fileURLWithPath: root + "/sub/b.bin"))
    try Data("héllo ✓".utf8).write(to: URL(fileURLWithPath: root + "/sub/deep/u.txt"))
    try fm.createSymbolicLink(atPath: root + "/link", withDestinationPath: "a.txt")
    try fm.createSymbolicLink(atPath: root + "/dangling", withDestinationPath: "nowhere")
    return root
}

@Suite struct FileIOTests {
    static let readQueries = [
        "select quote(readfile('$D/nonexist')), quote(readfile(null)), quote(readfile('')), hex(readfile('$D/a.txt')), typeof(readfile('$D/a.txt'))",
        "select quote(readfile('$D/empty')), length(readfile('$D/empty')), hex(readfile('$D/sub/b.bin')), hex(readfile('$D/link'))",
        "select readfile('$D/sub/deep/u.txt'), typeof(readfile('$D/sub/deep/u.txt'))",
        "select quote(readfile('$D/sub'))",
        "select quote(readfile('$D/dangling'))",
        "select readfile()", "select readfile('a','b')",
        "create view v as select readfile('$D/a.txt'); select * from v",
        "select lsmode(null), lsmode(16877), lsmode(-1), lsmode('33188'), lsmode(4095), lsmode(41471), lsmode(2.5), lsmode(8192), lsmode('x')",
        "select lsmode()", "select lsmode(1, 2)",
        "select name, mode, lsmode(mode), typeof(mtime), hex(data), path, dir from fsdir('$D') order by name",
        "select name, mtime from fsdir('$D') where name not like '%sub'",
        "select rowid, name from fsdir('sub', '$D')",
        "select name from fsdir('$D/')",
        "select name from fsdir('$D//sub')",
        "select name from fsdir('a.txt', '$D')",
        "select name from fsdir('$D/a.txt')",
        "select name from fsdir('$D/link')",
        "select name from fsdir('$D/sub', null)",
        "select name from fsdir where path = '$D/sub' and dir is null",
        "select name from fsdir where path = '$D/sub' and dir = '/'",
        "select count(*) from fsdir('$D') a, fsdir('$D') b",
        "create table t(p); insert into t values ('$D/sub'), ('$D/a.txt'); select p, name from t, fsdir(t.p) order by 1, 2",
        "create table t(p); insert into t values ('sub'); select name from fsdir(t.p, '$D'), t",
        "select * from fsdir(null)", "select * from fsdir", "select * from fsdir('$D/nonexist')",
        "select * from fsdir('$D', '/tmp', 3)",
        "select * from fsdir where name = 'x'",
        "create view v as select * from fsdir('$D'); select * from v",
        "pragma table_xinfo(fsdir)",
    ]

    // The SQL names a fresh directory, so these run the stock shell live.
    @Test(.enabled(if: StockShell.isInstalled), arguments: readQueries)
    func readingMatchesStockShell(_ template: String) throws {
        let root = try makeFixture()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let sql = template.replacingOccurrences(of: "$D", with: root)
        let expected = try StockShell.live(sql)
        #expect(StockShell.ours(sql) == expected, "\(template)")
    }

    static let writeQueries = [
        "select writefile('$D/w1.txt', 'abc'), writefile('$D/w2.txt', 123), writefile('$D/w3.txt', null), writefile('$D/w4.txt', x'00ff'), writefile('$D/w5.txt', 1.5)",
        "select writefile('$D/n1/n2/w.txt', 'z')",
        "select writefile('$D/w.txt', 'one'); select writefile('$D/w.txt', 'three'); select hex(readfile('$D/w.txt'))",
        "select writefile('$D/w6.txt')", "select writefile('a','b','c','d','e')", "select writefile()",
        "select writefile('$D/nodir/x/', 'x')",
        "select writefile('/proc/nope', 'x')",
        "select writefile('/proc/nope', 'x', 420)",
        "select writefile('$D/d1', null, 16877), writefile('$D/d1/l1', 'target', 41471), writefile('$D/m1', 'mm', 33152, 1000000)",
        "select writefile('$D/d1', null, 16877); select writefile('$D/d1', null, 16832)",
        "select writefile('$D/d1', null, 16877); select writefile('$D/d1/l1', 'x', 41471); select writefile('$D/d1/l1', 'x', 41471)",
        "select writefile('$D/f', 'a'); select writefile('$D/f/x', 'a', 16877)",
        "select writefile('$D/f', 'a'); select writefile('$D/f/x', 'a')",
        "select writefile('$D/f', 'a'); select writefile('$D/f/x', 'a', 33188)",
        "select writefile('$D/f', 'a'); select writefile('$D/f', 'b', 16877)",
        "select writefile('$D/deep/er/dir', null, 16877)",
        "select writefile('$D/link', 'nowhere/x', 41471, 5)",
        "select writefile('$D/t', 'x'); select writefile('$D/link', 't', 41471, 5)",
        "select writefile('$D/m2', 'data', 420, 86400), writefile('$D/m3', 'data', 0, 0)",
        "select writefile(null, 'x'), writefile('$D/z', 'x', null), writefile('$D/y', 'y', 420, null)",
        "select writefile('$D/p', 'p', '420')",
        "create view v as select writefile('$D/v', 'x'); select * from v",
    ]

    /// Lists a directory as the stock shell sees it, with the modification times writefile set
    /// explicitly (the tests use old ones; fresh times may differ between the two runs).
    private func tree(_ dir: String) throws -> String {
        try StockShell.live("select name, mode, case when mtime < 1000000000 then mtime else '' end, hex(data) from fsdir('.', '\(dir)') order by name").rows
    }

    @Test(.enabled(if: StockShell.isInstalled), arguments: writeQueries)
    func writingMatchesStockShell(_ template: String) throws {
        let stockDir = try makeTemporaryDirectory("stock")
        let ourDir = try makeTemporaryDirectory("ours")
        defer {
            try? FileManager.default.removeItem(atPath: stockDir)
            try? FileManager.default.removeItem(atPath: ourDir)
        }
        var expected = try StockShell.live(template.replacingOccurrences(of: "$D", with: stockDir))
        expected.error = expected.error?.replacingOccurrences(of: stockDir, with: "$D")
        var actual = StockShell.ours(template.replacingOccurrences(of: "$D", with: ourDir))
        actual.error = actual.error?.replacingOccurrences(of: ourDir, with: "$D")
        #expect(actual == expected, "\(template)")
        let stockTree = try tree(stockDir).replacingOccurrences(of: stockDir, with: "$D")
        let ourTree = try tree(ourDir).replacingOccurrences(of: ourDir, with: "$D")
        #expect(ourTree == stockTree, "\(template)")
    }

    @Test func unsafeFunctionsAreListed() {
        let catalog = Catalog.builtIn()
        #expect(catalog.function(named: "readfile")?.isRefusedInSafeMode == true)
        #expect(catalog.function(named: "writefile")?.isRefusedInSafeMode == true)
        #expect(catalog.function(named: "lsmode")?.isRefusedInSafeMode == false)
        #expect(SafeMode.isProhibited("LOAD_EXTENSION"))
        #expect(SafeMode.message(for: "ReadFile") == "cannot use the readfile() function in safe mode")
        for name in ["readfile", "writefile", "fsdir"] {
            #expect(catalog.function(named: name)?.flags.contains(.directOnly) == true, "\(name)")
        }
    }
}
