#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLshCore

/// `.open --hexdb`: the text `dbtotxt` prints (`| size N pagesize P`, `| page N offset O`,
/// `|  OFFSET: 16 hex bytes`, `| end NAME`), read as sqlite3's `readHexDb` reads it.
enum HexDatabase {
    /// The database image (zero-filled where no line gives bytes), or nil after printing `Error on line N of --hexdb input`. Without
    /// a file the lines come from the current input (the shell's line count moves on). Memory
    /// that cannot be had ends the shell with sqlite3's `Error: out of memory`.
    static func read(file: String?, shell: Shell) throws -> DatabaseImage? {
        var lines: LineSource
        var lineNumber: Int
        if let file {
            guard let source = FileLineSource(path: file) else {
                shell.err.write("cannot open \"\(file)\" for reading\n")
                return nil
            }
            lines = source
            lineNumber = 0
        } else {
            guard let source = shell.currentSource else { return nil }
            lines = source
            lineNumber = shell.lineNumber
        }
        defer { if file == nil { shell.lineNumber = lineNumber } }
        func next() -> String? {
            guard let line = lines.readLine(prompt: "") else { return nil }
            return String(rawBytes: line.prefix(998))
        }
        func fail() -> DatabaseImage? {
            if file == nil {
                while let line = next() {
                    lineNumber += 1
                    if line.hasPrefix("| end ") { break }
                }
            }
            shell.err.write("Error on line \(lineNumber) of --hexdb input\n")
            return nil
        }
        lineNumber += 1
        guard let first = next() else { return fail() }
        let header = scan(first, "| size %d pagesize %d", count: 2)
        guard header.count == 2 else { return fail() }
        var size = Int(header.values[0])
        let pageSize = Int(header.values[1])
        guard size >= 0, pageSize >= 512, pageSize <= 65536, pageSize & (pageSize - 1) == 0 else { return fail() }
        size = (size + pageSize - 1) & ~(pageSize - 1)
        // Filled in place and handed to SQLite as is: a large image is held once.
        guard let image = try? DatabaseImage(count: size) else {
            shell.err.write("Error: out of memory\n")
            try shell.terminate(1)
        }
        let bytes = image.bytes
        var offset = 0
        lineNumber += 1
        while let line = next() {
            defer { lineNumber += 1 }
            let page = scan(line, "| page %d offset %d", count: 2)
            if page.count == 2 {
                offset = Int(page.values[1])
                continue
            }
            if line.hasPrefix("| end ") {
                lineNumber -= 1  // the defer counts it; sqlite3 stops on it
                break
            }
            let row = scan(line, "| %d: %x %x %x %x %x %x %x %x %x %x %x %x %x %x %x %x", count: 17)
            if row.count == 17 {
                let k = offset + Int(row.values[0])
                if k >= 0 && k + 16 <= size {
                    for i in 0..<16 { bytes[k + i] = UInt8(truncatingIfNeeded: row.values[i + 1]) }
                }
            }
        }
        return image
    }

    /// Loads the image as the connection's main database, which takes over its memory.
    static func deserialize(_ image: DatabaseImage, into connection: Connection, maxSize: Int64, shell: Shell) {
        do {
            try DeserializedDatabase.load(image, into: connection, maxSize: maxSize)
        } catch {
            shell.err.write("Error: \(error)\n")
        }
    }

    /// `sscanf(line, format, ...)` into `count` ints: how many it converted, and their values.
    private static func scan(_ line: String, _ format: String, count: Int) -> (count: Int, values: [Int32]) {
        var values = [Int32](repeating: 0, count: count)
        let converted = values.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return 0 }
            let pointers: [CVarArg] = (0..<count).map { base + $0 }
            return line.withRawCString { text in withVaList(pointers) { vsscanf(text, format, $0) } }
        }
        return (Int(converted), values)
    }
}
