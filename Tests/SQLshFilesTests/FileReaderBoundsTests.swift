import Foundation
@testable import SQLshCatalog
@testable import SQLshFiles
@_spi(RawSQLite) import SQLshCore
import Testing
import TestSupport

/// The rules every reader of a file a statement names keeps (CSV, JSON, NDJSON, vsv, zipfile,
/// scanfile): only regular files are opened, and never with a blocking open (a FIFO would
/// wait for a writer past Ctrl-C, /dev/zero never end); one record is bounded (a file that is
/// one endless line fails at max_line_size, not at a gigabyte); a long read stops when an
/// interrupt is requested; a file cut short while it is read is an error, not a short table.
@Suite struct FileReaderBoundsTests {
    /// Each reader, as the SQL that reads `PATH`.
    static let readers = [
        "select * from read_csv('PATH')",
        "select * from read_json('PATH')",
        "select * from read_ndjson('PATH')",
        "select * from read_parquet('PATH')",
        "select * from 'PATH.csv'",
        "create virtual table temp.v using vsv(filename='PATH')",
        "select * from zipfile('PATH')",
        "select * from scanfile('PATH')",
    ]

    final class Folder {
        let url: URL
        init() throws {
            url = FileManager.default.temporaryDirectory.appendingPathComponent("sqlsh-bounds-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }
        deinit { try? FileManager.default.removeItem(at: url) }
        func path(_ name: String) -> String { url.appendingPathComponent(name).path }
    }

    private func sql(_ reader: String, _ path: String) -> String {
        // 'PATH.csv' stands for a name in FROM: the special file is given a .csv name by a link.
        reader.replacingOccurrences(of: "'PATH.csv'", with: "'\(path).csv'").replacingOccurrences(of: "PATH", with: path)
    }

    /// A FIFO, a folder, a character device and a socket-less name: every reader answers with
    /// an error at once (the test would hang on a blocking open), naming the file.
    @Test(arguments: readers)
    func onlyRegularFilesAreOpened(reader: String) throws {
        let folder = try Folder()
        let fifo = folder.path("fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        try FileManager.default.createSymbolicLink(atPath: fifo + ".csv", withDestinationPath: fifo)
        let zero = folder.path("zero")
        try FileManager.default.createSymbolicLink(atPath: zero, withDestinationPath: "/dev/zero")
        try FileManager.default.createSymbolicLink(atPath: zero + ".csv", withDestinationPath: "/dev/zero")
        let directory = folder.path("dir")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: directory + ".csv", withDestinationPath: directory)
        let db = try catalogConnection()
        for (path, kind) in [(fifo, "a FIFO"), (zero, "a character device")] {
            let message = try #require(errorMessage(db, sql(reader, path)), "\(reader) on \(kind)")
            #expect(message.contains(kind), "\(reader): \(message)")
        }
        #expect(errorMessage(db, sql(reader, directory)) != nil, "\(reader) on a directory")
    }

    /// The classification itself.
    @Test func regularFileRefusesWhatIsNotOne() throws {
        let folder = try Folder()
        let fifo = folder.path("p")
        #expect(mkfifo(fifo, 0o600) == 0)
        for (path, kind) in [(fifo, "a FIFO"), ("/dev/zero", "a character device"), (folder.url.path, "a directory")] {
            #expect(throws: RegularFile.Refusal.self, "\(path)") { try RegularFile.openForReading(path) }
            do { _ = try RegularFile.openForReading(path) } catch let refusal as RegularFile.Refusal {
                #expect(refusal.message(path) == "\(path) is \(kind), not a regular file")
            }
        }
        #expect(throws: RegularFile.OpenFailure.self) { try RegularFile.openForReading(folder.path("missing")) }
        #expect(throws: RegularFile.OpenFailure.self) { try RegularFile.openForReading(bytes: [0x61, 0, 0x62]) }
        let file = folder.path("f")
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        let (descriptor, info) = try RegularFile.openForReading(file)
        #expect(info.st_size == 1)
        close(descriptor)
    }

    /// Files made of one line of random length and bytes (no newline): the CSV and JSON
    /// readers stop at their record limits (2 MiB, 16 MiB by default, or what max_line_size
    /// says), vsv at the length limit; none grows past it.
    @Test func oneEndlessLineIsBounded() throws {
        let folder = try Folder()
        var random = SplitMix64(seed: 31)
        let db = try catalogConnection()
        _ = db.setLimit(.length, 3 << 20)
        for round in 0..<6 {
            let size = (2 << 20) + Int(random.next() % UInt64(1 << 20)) + 1
            var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: size)
            for _ in 0..<32 { bytes[Int(random.next() % UInt64(size))] = UInt8(truncatingIfNeeded: random.next() | 0x20) & 0x7F | 0x20 }
            let path = folder.path("line\(round).csv")
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let csv = try #require(errorMessage(db, "select count(*) from read_csv('\(path)', delim=',', quote='', header=false)"))
            #expect(csv.contains("longer than 2097152 bytes (max_line_size; raise it with max_line_size=BYTES)"), "\(csv)")
            let raised = errorMessage(db, "select count(*) from read_csv('\(path)', delim=',', quote='', header=false, max_line_size=\(4 << 20))")
            #expect(raised == nil || raised!.contains("length limit"), "\(raised ?? "")")
            let objectPath = folder.path("object\(round).json")
            let letters = [UInt8](repeating: UInt8(ascii: "a"), count: size)
            try Data(Array("{\"a\": \"".utf8) + letters).write(to: URL(fileURLWithPath: objectPath))
            let json = try #require(errorMessage(db, "select count(*) from read_ndjson('\(objectPath)', maximum_object_size=1000000)"))
            #expect(json.contains("longer than 1000000 bytes (maximum_object_size; raise it with maximum_object_size=BYTES)"), "\(json)")
        }
        let big = folder.path("big.txt")
        try Data(repeating: UInt8(ascii: "b"), count: (3 << 20) + 10).write(to: URL(fileURLWithPath: big))
        let vsv = try #require(errorMessage(db, "create virtual table temp.v using vsv(filename='\(big)')"))
        #expect(vsv.contains("vsv: a record longer than \(3 << 20) bytes (the length limit)"), "\(vsv)")
    }

    /// An interrupt requested while a long file is read ends the read with "interrupted":
    /// the readers check at each buffer they read (SQLite 3.40 only checks between the steps
    /// of its own programs, and a record or a sample may take many buffers).
    @Test func aLongReadAnswersAnInterrupt() throws {
        let folder = try Folder()
        let path = folder.path("many.csv")
        try Data(repeating: UInt8(ascii: "x"), count: 4 << 20).write(to: URL(fileURLWithPath: path))
        // A source of the test's own: Ctrl-C's (.ctrlC) would stop the readers of tests
        // running beside it.
        let source = InterruptSource()
        let stream = try ByteStream(path: path, maxKept: 8 << 20, initialCapacity: 64 << 10, interrupt: InterruptCheck(source))
        #expect(try stream.fill(keeping: 0))
        source.request()
        let error = #expect(throws: SQLiteError.self) { while try stream.fill(keeping: stream.end) {} }
        #expect(error?.message == "interrupted")
        #expect(stream.end < 4 << 20)
        // A stream opened afterwards is not interrupted by what came before it.
        let next = try ByteStream(path: path, maxKept: 8 << 20, interrupt: InterruptCheck(source))
        while try next.fill(keeping: next.end) {}
        #expect(next.end == 4 << 20)
        // vsv's reader likewise.
        let reader = try VSVReader(.file(path), fieldSeparator: UInt8(ascii: ","), recordSeparator: 10, maxRecordBytes: 8 << 20,
                                   interrupt: InterruptCheck(source))
        source.request()
        #expect(throws: SQLiteError.self) { _ = try reader.readRecord() }
    }

    /// A file truncated while a table reads it: an error naming the file, not a short table.
    @Test func aFileCutShortWhileReadIsAnError() throws {
        let folder = try Folder()
        let path = folder.path("shrinking.csv")
        var text = "a\n"
        for i in 0..<100_000 { text += "\(i)\n" }
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let db = try catalogConnection()
        try db.add(SQLFunction("truncate_now", argumentCount: 1, writingResult: { args, result in
            if args[0].int64 == 1 { _ = truncate(path, 1000) }
            result.setNull()
        }))
        let message = errorMessage(db, "select truncate_now(a) from read_csv('\(path)')")
        #expect(message?.contains("the file was truncated while it was read") == true, "\(message ?? "no error")")
    }
}
