import Foundation
import SQLshCatalog
import SQLshCore
import Testing

/// A fresh directory with a few files: a.txt (3 lines, CRLF), empty, sub/deep/x, a link.
private func makeTree() throws -> String {
    let root = NSTemporaryDirectory() + "sqlsh-sqlean-fileio-\(UUID().uuidString)"
    let fm = FileManager.default
    try fm.createDirectory(atPath: root + "/sub/deep", withIntermediateDirectories: true)
    try Data("one\r\ntwo\n\nfour\n".utf8).write(to: URL(fileURLWithPath: root + "/a.txt"))
    try Data().write(to: URL(fileURLWithPath: root + "/empty"))
    try Data("deep".utf8).write(to: URL(fileURLWithPath: root + "/sub/deep/x"))
    try fm.createSymbolicLink(atPath: root + "/link", withDestinationPath: "sub")
    return root
}

/// sqlean's fileio_* functions and its lsdir/scanfile table-valued functions.
@Suite final class SqleanFileIOTests {
    let db: Connection
    let root: String

    init() throws {
        db = try catalogConnection()
        root = try makeTree()
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    func q(_ sql: String) -> String { sql.replacingOccurrences(of: "$D", with: root) }
    func contents(_ path: String) -> [UInt8]? { FileManager.default.contents(atPath: q(path)).map { Array($0) } }
    func permissions(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: q(path)))?[.posixPermissions] as? Int
    }

    // MARK: fileio_read

    @Test func read() throws {
        #expect(try value(db, q("select fileio_read('$D/a.txt')")) == .blob(Array("one\r\ntwo\n\nfour\n".utf8)))
        #expect(try value(db, q("select fileio_read('$D/a.txt', 5)")) == .blob(Array("two\n\nfour\n".utf8)))
        #expect(try value(db, q("select fileio_read('$D/a.txt', '5', 3)")) == .blob(Array("two".utf8)))
        #expect(try value(db, q("select fileio_read('$D/a.txt', null, 3)")) == .blob(Array("one".utf8)))
        #expect(try value(db, q("select fileio_read('$D/a.txt', 5, 0)")) == .blob(Array("two\n\nfour\n".utf8)))  // 0: no limit
        #expect(try value(db, q("select fileio_read('$D/a.txt', 5, null)")) == .blob(Array("two\n\nfour\n".utf8)))
        #expect(try value(db, q("select quote(fileio_read('$D/a.txt', 15)), quote(fileio_read('$D/a.txt', 1000))")) == .text("X''"))
        #expect(try rows(db, q("select quote(fileio_read('$D/empty')), quote(fileio_read('$D/nope')), quote(fileio_read(null))"))
                == [[.text("X''"), .text("NULL"), .text("NULL")]])
        #expect(errorMessage(db, q("select fileio_read('$D/a.txt', -1)")) == "offset must be >= 0")
        #expect(errorMessage(db, q("select fileio_read('$D/a.txt', 0, -1)")) == "limit must be >= 0")
        #expect(errorMessage(db, q("select fileio_read('$D/sub')")) == "string or blob too big")
        #expect(errorMessage(db, "select fileio_read()") == "wrong number of arguments to function fileio_read()")
        #expect(errorMessage(db, "select fileio_read('a', 1, 2, 3)") == "wrong number of arguments to function fileio_read()")
    }

    /// The length limit is checked before reading: a part within it is fine.
    @Test func readStopsAtTheLengthLimitBeforeAllocating() throws {
        try Data(repeating: 0x61, count: 5000).write(to: URL(fileURLWithPath: q("$D/5k")))
        _ = db.setLimit(.length, 1000)
        #expect(errorMessage(db, q("select fileio_read('$D/5k')")) == "string or blob too big")
        #expect(errorMessage(db, q("select fileio_read('$D/5k', 3999)")) == "string or blob too big")
        #expect(try value(db, q("select length(fileio_read('$D/5k', 4000))")) == .integer(1000))
        #expect(try value(db, q("select length(fileio_read('$D/5k', 100, 1000))")) == .integer(1000))
    }

    // MARK: fileio_write, fileio_append

    @Test func write() throws {
        #expect(try value(db, q("select fileio_write('$D/w.txt', 'hello')")) == .integer(5))
        #expect(contents("$D/w.txt") == Array("hello".utf8))
        #expect(permissions("$D/w.txt") == 0o666)  // chmod-ed, whatever the umask
        #expect(try value(db, q("select fileio_write('$D/w.txt', x'00ff', 420)")) == .integer(2))
        #expect(contents("$D/w.txt") == [0, 0xFF])
        #expect(permissions("$D/w.txt") == 0o644)
        #expect(try value(db, q("select fileio_write('$D/new/dirs/n.txt', 12.5)")) == .integer(4))
        #expect(contents("$D/new/dirs/n.txt") == Array("12.5".utf8))
        #expect(try value(db, q("select fileio_write('$D/null.txt', null)")) == .integer(0))
        #expect(contents("$D/null.txt") == [])
        #expect(try value(db, q("select fileio_write('$D/m.txt', 'm', 420, 86400)")) == .integer(1))
        #expect(try value(db, q("select mtime from fileio_ls('$D/m.txt')")) == .integer(86400))
        // Type bits are ignored: a regular file, not a directory.
        #expect(try value(db, q("select fileio_write('$D/d', 'x', 16877)")) == .integer(1))
        #expect(try value(db, q("select fileio_mode(mode) from lsdir('$D/d')")) == .text("-rwxr-xr-x"))
        #expect(try value(db, "select fileio_write(null, 'x')") == .null)
        // A NUL inside a path would name another file in C: treated as no path.
        #expect(try value(db, q("select fileio_write('$D/cut' || char(0) || 'x', 'x')")) == .null)
        #expect(!FileManager.default.fileExists(atPath: q("$D/cut")))
        #expect(try value(db, q("select quote(fileio_read('$D/a.txt' || char(0) || 'x'))")) == .text("NULL"))
        // Failures: NULL with two arguments, an error with more.
        #expect(try value(db, q("select fileio_write('$D/a.txt/x', 'x')")) == .null)
        #expect(errorMessage(db, q("select fileio_write('$D/a.txt/x', 'x', 420)")) == q("failed to write file: $D/a.txt/x"))
        #expect(errorMessage(db, "select fileio_write('x')") == "wrong number of arguments to function fileio_write()")
    }

    @Test func append() throws {
        #expect(try column(db, q("select fileio_append('$D/log/l.txt', 'line ' || value || char(10)) from generate_series(1, 3)"))
                == [.integer(7), .integer(7), .integer(7)])
        #expect(try value(db, q("select fileio_append('$D/log/l.txt', 'end')")) == .integer(3))
        #expect(contents("$D/log/l.txt") == Array("line 1\nline 2\nline 3\nend".utf8))
        // Writes happen at once: readable in the same statement.
        #expect(try value(db, q("select fileio_append('$D/x.txt', 'ab') + length(fileio_read('$D/x.txt'))")) == .integer(4))
        #expect(try value(db, q("select fileio_append('$D/x.txt', null)")) == .null)
        #expect(try value(db, q("select fileio_append('$D/x.txt', 'a' || char(0) || 'b')")) == .integer(3))
        #expect(contents("$D/x.txt") == [0x61, 0x62, 0x61, 0, 0x62])
        #expect(errorMessage(db, "select fileio_append(null, 'x')") == "failed to open file")
        #expect(errorMessage(db, q("select fileio_append('$D/sub', 'x')")) == "failed to open file")
    }

    // MARK: fileio_mkdir, fileio_symlink, fileio_mode

    @Test func mkdirBothNames() throws {
        #expect(try value(db, q("select fileio_mkdir('$D/m1')")) == .null)
        #expect(try value(db, q("select mkdir('$D/m2', 448)")) == .null)
        #expect(permissions("$D/m2") == 0o700)
        // An existing directory is accepted, its permissions set when they differ.
        #expect(try value(db, q("select mkdir('$D/m2', 493)")) == .null)
        #expect(permissions("$D/m2") == 0o755)
        #expect(try value(db, "select fileio_mkdir(null)") == .null)
        #expect(errorMessage(db, q("select mkdir('$D/a.txt')")) == q("failed to create directory: $D/a.txt"))
        #expect(errorMessage(db, q("select fileio_mkdir('$D/no/parent')")) == q("failed to create directory: $D/no/parent"))
        #expect(errorMessage(db, "select mkdir()") == "wrong number of arguments to function mkdir()")
    }

    @Test func symlinkBothNames() throws {
        #expect(try value(db, q("select fileio_symlink('a.txt', '$D/l1')")) == .null)
        #expect(try value(db, q("select symlink('$D/sub', '$D/l2')")) == .null)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: q("$D/l1")) == "a.txt")
        #expect(contents("$D/l1") == Array("one\r\ntwo\n\nfour\n".utf8))
        #expect(try rows(db, q("select fileio_symlink(null, '$D/l3'), symlink('x', null)")) == [[.null, .null]])
        // sqlean drops this failure silently.
        #expect(errorMessage(db, q("select symlink('a.txt', '$D/l1')")) == "failed to create symlink to: a.txt")
    }

    @Test func modeIsLsmode() throws {
        #expect(try rows(db, "select fileio_mode(33188), fileio_mode(16877), fileio_mode(0), fileio_mode(null), fileio_mode('abc'), fileio_mode(41471)")
                == [[.text("-rw-r--r--"), .text("drwxr-xr-x"), .text("?---------"), .text("?---------"), .text("?---------"), .text("lrwxrwxrwx")]])
        #expect(try value(db, "select count(*) from generate_series(0, 70000, 7) where fileio_mode(value) <> lsmode(value)") == .integer(0))
    }

    // MARK: fileio_ls / lsdir

    @Test func listing() throws {
        for name in ["fileio_ls", "lsdir"] {
            #expect(try column(db, q("select name from \(name)('$D') order by name"))
                    == ["$D", "$D/a.txt", "$D/empty", "$D/link", "$D/sub"].map { .text(q($0)) }, "\(name)")
            #expect(try column(db, q("select name from \(name)('$D', 1) order by name"))
                    == ["$D", "$D/a.txt", "$D/empty", "$D/link", "$D/sub", "$D/sub/deep", "$D/sub/deep/x"].map { .text(q($0)) })
            #expect(try column(db, q("select count(*) from \(name)('$D/nope')")) == [.integer(0)])
            #expect(errorMessage(db, "select * from \(name)") == "table function lsdir requires an argument")
            #expect(errorMessage(db, "select * from \(name)(null)") == "table function lsdir requires a non-NULL argument")
        }
        #expect(try rows(db, q("select fileio_mode(mode), size, typeof(mtime), path, dir from lsdir('$D/a.txt')"))
                == [[.text("-rw-r--r--"), .integer(15), .text("integer"), .null, .null]])
        // Depth first: each directory followed by its contents; the root row first.
        let recursive = try column(db, q("select name from lsdir('$D/sub', 1)"))
        #expect(recursive == ["$D/sub", "$D/sub/deep", "$D/sub/deep/x"].map { .text(q($0)) })
        #expect(try column(db, q("select rowid from lsdir('$D/sub', 1)")) == [1, 2, 3].map { SQLValue.integer($0) })
        // A link is listed, not followed; a trailing slash doubles.
        #expect(try column(db, q("select fileio_mode(mode) from lsdir('$D/link', 1)")) == [.text("lrwxrwxrwx")])
        #expect(try column(db, q("select name from lsdir('$D/sub/')")) == [.text(q("$D/sub/")), .text(q("$D/sub//deep"))])
        // Arguments from a table.
        try db.execute(q("create table dirs(p); insert into dirs values ('$D/sub'), ('$D/sub/deep')"))
        #expect(try value(db, "select count(*) from dirs, lsdir(dirs.p)") == .integer(4))
        #expect(try value(db, "select count(*) from lsdir where path = (select min(p) from dirs) and dir = 1") == .integer(3))
    }

    // MARK: fileio_scan / scanfile

    @Test func scanning() throws {
        for name in ["fileio_scan", "scanfile"] {
            #expect(try rows(db, q("select rowid, value, name = '$D/a.txt' from \(name)('$D/a.txt')"))
                    == [[.integer(1), .text("one"), .integer(1)], [.integer(2), .text("two"), .integer(1)],
                        [.integer(3), .text(""), .integer(1)], [.integer(4), .text("four"), .integer(1)]], "\(name)")
            #expect(try column(db, q("select count(*) from \(name)('$D/empty')")) == [.integer(0)])
            #expect(errorMessage(db, q("select * from \(name)('$D/nope')")) == q("cannot open '$D/nope' for reading"))
            #expect(errorMessage(db, "select * from \(name)") == "scanfile() expects a single constraint (name)")
        }
        // Other conditions are allowed (sqlean refuses them).
        #expect(try column(db, q("select rowid from scanfile('$D/a.txt') where value like 't%'")) == [.integer(2)])
        #expect(try column(db, "select count(*) from scanfile(null)") == [.integer(0)])
        #expect(errorMessage(db, q("select * from scanfile('$D/sub')")) == q("cannot read '$D/sub'"))
        // No final newline: the last line is kept whole; a lone CR inside a line stays.
        try Data("a\r\nx\ry".utf8).write(to: URL(fileURLWithPath: q("$D/cr.txt")))
        #expect(try column(db, q("select value from scanfile('$D/cr.txt')")) == [.text("a"), .text("x\ry")])
        // Paths from a table.
        try db.execute(q("create table files(p); insert into files values ('$D/a.txt'), ('$D/cr.txt')"))
        #expect(try value(db, "select count(*) from files, scanfile(files.p)") == .integer(6))
    }

    /// Lines across the 64 KiB read chunks, long lines, and a line over the length limit.
    @Test func scanningLargeFiles() throws {
        var text = ""
        for i in 1...30000 { text += "line \(i) " + String(repeating: "x", count: i % 50) + (i % 3 == 0 ? "\r\n" : "\n") }
        text += String(repeating: "y", count: 200_000) + "\n" + "last"
        try Data(text.utf8).write(to: URL(fileURLWithPath: q("$D/big.txt")))
        #expect(try rows(db, q("select count(*), sum(length(value)), max(rowid) from scanfile('$D/big.txt')"))
                == [[.integer(30002), .integer(Int64(text.utf8.count - 30001 - 10000)), .integer(30002)]])
        #expect(try column(db, q("select value from scanfile('$D/big.txt') where rowid in (3, 30002)"))
                == [.text("line 3 xxx"), .text("last")])
        // A CR LF split by the 64 KiB chunk boundary, and a line ending exactly at it.
        try Data((String(repeating: "a", count: 65535) + "\r\nb\n" + String(repeating: "c", count: 65532) + "\nd").utf8)
            .write(to: URL(fileURLWithPath: q("$D/edge.txt")))
        #expect(try rows(db, q("select length(value), substr(value, -1) from scanfile('$D/edge.txt')"))
                == [[.integer(65535), .text("a")], [.integer(1), .text("b")], [.integer(65532), .text("c")], [.integer(1), .text("d")]])
        _ = db.setLimit(.length, 100_000)
        #expect(errorMessage(db, q("select length(value) from scanfile('$D/big.txt')")) == "string or blob too big")
    }

    // MARK: safety

    @Test func fileFunctionsAreDirectOnlyAndRefusedInSafeMode() throws {
        let catalog = Catalog.builtIn()
        let touching = ["fileio_read", "fileio_write", "fileio_append", "fileio_mkdir", "mkdir", "fileio_symlink",
                        "symlink", "fileio_ls", "lsdir", "fileio_scan", "scanfile"]
        for name in touching {
            let function = try #require(catalog.function(named: name), "\(name)")
            #expect(function.isRefusedInSafeMode, "\(name)")
            #expect(SafeMode.isProhibited(name.uppercased()))
            #expect(function.flags.contains(.directOnly), "\(name)")
            #expect(function.pack == "fileio")
        }
        #expect(catalog.function(named: "fileio_mode")?.isRefusedInSafeMode == false)
        #expect(SafeMode.message(for: "FileIO_Read") == "cannot use the fileio_read() function in safe mode")
        // Direct-only: not from a view.
        try db.execute(q("create view v as select fileio_read('$D/a.txt') as c"))
        #expect(errorMessage(db, "select * from v") == "unsafe use of fileio_read()")
        try db.execute(q("create view w as select * from scanfile('$D/a.txt')"))
        #expect(errorMessage(db, "select * from w") == "unsafe use of virtual table \"scanfile\"")
    }
}
