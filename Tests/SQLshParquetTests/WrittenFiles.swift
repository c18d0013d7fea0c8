import Foundation
@testable import SQLshParquet

/// Files read back with the reader (the writer's tests' files and the fixtures), and
/// pyarrow's or DuckDB's reading of them (python3's packages, when they are installed).
enum WrittenFiles {
    /// Renders cells as the fixtures' answers do.
    final class Recorder: ValueSink {
        var cells: [String] = []
        func null() { cells.append("NULL") }
        func integer(_ value: Int64) { cells.append(String(value)) }
        func real(_ value: Double) { cells.append(String(format: "%.15g", value)) }
        func text(_ utf8: UnsafeBufferPointer<UInt8>) { cells.append(String(decoding: utf8, as: UTF8.self)) }
        func blob(_ bytes: UnsafeBufferPointer<UInt8>) { cells.append("X'" + bytes.map { String(format: "%02X", $0) }.joined() + "'") }
    }

    /// Every row of the file at `path` (every `every`th), rendered.
    static func read(_ path: String, every: Int = 1, lengthLimit: Int = 1 << 30) throws -> [[String]] {
        let file = try ParquetFile(path: path, limits: ParquetLimits(lengthLimit: lengthLimit))
        let columns = ParquetColumn.columns(of: file.schema)
        let reader = ParquetRowReader(file: file, columns: columns, used: Set(columns.indices))
        var rows: [[String]] = []
        var index = 0
        for group in file.metadata.rowGroups.indices {
            try reader.load(rowGroup: group)
            while reader.hasRow {
                if index % every == 0 {
                    let recorder = Recorder()
                    for c in columns.indices { try reader.write(column: c, to: recorder) }
                    rows.append(recorder.cells)
                }
                index += 1
                reader.advance()
            }
        }
        return rows
    }

    /// Writes `rows` (values row by row) in columns of `types` to a temporary file.
    static func write(_ types: [(String, ParquetColumnType)], _ rows: [[ParquetInputValue]],
                      options: ParquetWriteOptions = ParquetWriteOptions()) throws -> String {
        var writer = try ParquetFileWriter(columns: types.map { .init(name: $0.0, type: $0.1) }, options: options, output: ParquetMemoryOutput())
        for row in rows {
            for (c, value) in row.enumerated() { try writer.append(value, column: c) }
            try writer.endRow()
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sqlsh-written-\(UUID().uuidString).parquet").path
        try Data(try writer.finish().bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Whether python3 imports `module`.
    static func has(_ module: String) -> Bool { python("import \(module)") != nil }

    /// The output of a python3 script, nil when python3 or a module it imports is missing; its
    /// error output when it fails otherwise (so that a comparison fails).
    static func python(_ script: String) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script]
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        guard (try? process.run()) != nil else { return nil }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let text = String(decoding: errors, as: UTF8.self)
            return text.contains("ModuleNotFoundError") || process.terminationStatus == 127 ? nil : "python3 failed: \(text)"
        }
        return String(decoding: data, as: UTF8.self)
    }
}
