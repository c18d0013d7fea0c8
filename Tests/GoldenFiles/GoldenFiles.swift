// The stock shell's output for the comparison tests (SQLshShellTests, EndToEndTests),
// recorded in golden files so that the tests run, and fail, without `sqlite3` on PATH.
//
// Each comparison is a `GoldenRequest`: the input, database, command-line arguments and files
// (with `$DIR` for the run's directory, where a test uses one). Its expected output is read
// from `<target>/Golden/<test file>/<hash of the request>.golden`, which holds the request too,
// so that a file says what it is the answer to and can be checked again.
//
// - `SQLSH_WRITE_GOLDEN=1 swift test --filter <target>` runs the stock `sqlite3` (it must be on
//   PATH) and writes the files. To drop files no test uses any more, delete `Golden/` first.
// - Otherwise the files are the expected output; a missing file fails the test, naming it.
// - Each target's `GoldenFilesTests` runs every recorded request through `sqlite3` again when
//   it is on PATH, so the files cannot go stale silently.
import Foundation

/// One comparison's input.
public struct GoldenRequest: Equatable, Sendable {
    /// Which runner it is for (`dot`, `render`, `e2e`): the re-check uses it.
    public var kind: String
    /// Standard input (or the shell's input).
    public var input: [UInt8]
    public var database: String
    public var arguments: [String]
    /// Files created in the run's directory first.
    public var files: [String: [UInt8]]

    public init(kind: String, input: [UInt8], database: String = ":memory:", arguments: [String] = [],
                files: [String: [UInt8]] = [:]) {
        self.kind = kind
        self.input = input
        self.database = database
        self.arguments = arguments
        self.files = files
    }

    /// The input as text.
    public var inputText: String { String(decoding: input, as: UTF8.self) }

    /// The request's bytes, in a fixed order (the hash and the file's first part).
    var sections: [(String, [UInt8])] {
        var result: [(String, [UInt8])] = [("kind", Array(kind.utf8)), ("input", input),
                                           ("database", Array(database.utf8))]
        for argument in arguments { result.append(("argument", Array(argument.utf8))) }
        for name in files.keys.sorted() { result.append(("file \(name)", files[name] ?? [])) }
        return result
    }

    /// 64-bit FNV-1a of the sections, as 16 hex digits.
    public var hash: String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for (name, bytes) in sections {
            for byte in Array(name.utf8) + [0] + Array(String(bytes.count).utf8) + [0] + bytes {
                h = (h ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            }
        }
        let hex = String(h, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}

/// What the stock shell printed, with the run's directory written `$DIR`.
public struct GoldenOutput: Equatable, CustomStringConvertible, Sendable {
    public var out: [UInt8]
    public var err: [UInt8]
    public var status: Int32
    /// The files the run left in its directory, when the runner collects them.
    public var files: [String: [UInt8]]

    public init(out: [UInt8], err: [UInt8], status: Int32, files: [String: [UInt8]] = [:]) {
        self.out = out
        self.err = err
        self.status = status
        self.files = files
    }

    public var description: String {
        "files \(files.mapValues { String(decoding: $0, as: UTF8.self) })\nstatus \(status)\n--- stdout\n\(String(decoding: out, as: UTF8.self))--- stderr\n\(String(decoding: err, as: UTF8.self))"
    }
}

/// The golden files of one test target.
public struct GoldenFiles: Sendable {
    /// The target's `Golden` folder.
    public let folder: URL
    /// The target's name, for messages.
    public let target: String

    /// The `Golden` folder next to `filePath` (pass `#filePath` of a file in the target).
    public init(besides filePath: String, target: String) {
        folder = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Golden")
        self.target = target
    }

    public static var isWriting: Bool { ProcessInfo.processInfo.environment["SQLSH_WRITE_GOLDEN"] == "1" }

    /// The stock shell on PATH, used only to record and re-check the golden files.
    public static let stockShell: String? = {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            let path = "\(dir)/sqlite3"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }()

    public struct Missing: Error, CustomStringConvertible {
        public var path: String
        public var target: String
        public init(path: String, target: String) {
            self.path = path
            self.target = target
        }
        public var description: String {
            "no golden file \(path): record it with `SQLSH_WRITE_GOLDEN=1 swift test --filter \(target)` (needs sqlite3 on PATH)"
        }
    }

    /// The stock shell, or an error saying it is needed.
    public func requireStockShell() throws -> String {
        guard let shell = GoldenFiles.stockShell else { throw Missing(path: "sqlite3 (not on PATH)", target: target) }
        return shell
    }

    /// The golden file of a request made from `testFile` (a `#fileID`).
    public func url(for request: GoldenRequest, testFile: String) -> URL {
        let name = URL(fileURLWithPath: testFile).deletingPathExtension().lastPathComponent
        return folder.appendingPathComponent(name).appendingPathComponent(request.hash + ".golden")
    }

    /// The expected output: recorded by running `stock` when writing, read from the file
    /// otherwise.
    public func expected(for request: GoldenRequest, testFile: String, stock: () throws -> GoldenOutput) throws -> GoldenOutput {
        let url = url(for: request, testFile: testFile)
        if GoldenFiles.isWriting {
            let output = try stock()
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(GoldenFiles.encode(request, output)).write(to: url)
            return output
        }
        guard let data = FileManager.default.contents(atPath: url.path) else { throw Missing(path: url.path, target: target) }
        return try GoldenFiles.decode(Array(data)).output
    }

    /// Every golden file of the target.
    public func all() throws -> [URL] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "golden" }.sorted { $0.path < $1.path }
    }

    // MARK: The file format
    //
    // Byte-exact (outputs hold invalid UTF-8, NULs, CRs) yet readable: a first line
    // `sqlsh golden 1`, then sections, each a line `== NAME LENGTH`, LENGTH bytes, and a newline.
    // The request's sections come first, then `stdout`, `stderr`, `status` and `output-file NAME`.

    public static func encode(_ request: GoldenRequest, _ output: GoldenOutput) -> [UInt8] {
        var bytes = Array("sqlsh golden 1\n".utf8)
        func section(_ name: String, _ body: [UInt8]) {
            bytes += Array("== \(name) \(body.count)\n".utf8) + body + [10]
        }
        for (name, body) in request.sections { section(name, body) }
        section("stdout", output.out)
        section("stderr", output.err)
        section("status", Array(String(output.status).utf8))
        for name in output.files.keys.sorted() { section("output-file \(name)", output.files[name] ?? []) }
        return bytes
    }

    public struct Malformed: Error, CustomStringConvertible {
        public var description: String
    }

    public static func decode(_ bytes: [UInt8]) throws -> (request: GoldenRequest, output: GoldenOutput) {
        let magic = Array("sqlsh golden 1\n".utf8)
        guard bytes.starts(with: magic) else { throw Malformed(description: "not a golden file (first line)") }
        var request = GoldenRequest(kind: "", input: [], database: "")
        var output = GoldenOutput(out: [], err: [], status: 0)
        var i = magic.count
        while i < bytes.count {
            guard let end = bytes[i...].firstIndex(of: 10) else { throw Malformed(description: "header without newline") }
            let header = String(decoding: bytes[i..<end], as: UTF8.self)
            let parts = header.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count >= 3, parts[0] == "==" else { throw Malformed(description: "bad header '\(header)'") }
            // `== NAME LENGTH` or `== file NAME LENGTH`: the length is the last word.
            guard let space = header.lastIndex(of: " "), let length = Int(header[header.index(after: space)...]) else {
                throw Malformed(description: "bad length in '\(header)'")
            }
            let name = String(header[header.index(header.startIndex, offsetBy: 3)..<space])
            let start = end + 1
            guard length >= 0, start + length < bytes.count, bytes[start + length] == 10 else {
                throw Malformed(description: "section '\(name)' runs past the end")
            }
            let body = Array(bytes[start..<(start + length)])
            let text = String(decoding: body, as: UTF8.self)
            switch name {
            case "kind": request.kind = text
            case "input": request.input = body
            case "database": request.database = text
            case "argument": request.arguments.append(text)
            case "stdout": output.out = body
            case "stderr": output.err = body
            case "status":
                guard let status = Int32(text) else { throw Malformed(description: "bad status '\(text)'") }
                output.status = status
            default:
                if name.hasPrefix("file ") {
                    request.files[String(name.dropFirst(5))] = body
                } else if name.hasPrefix("output-file ") {
                    output.files[String(name.dropFirst(12))] = body
                } else {
                    throw Malformed(description: "unknown section '\(name)'")
                }
            }
            i = start + length + 1
        }
        return (request, output)
    }
}
