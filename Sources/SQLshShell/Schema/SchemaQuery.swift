import SQLshCore

/// Small query helpers shared by the schema-reading dot-commands.
enum SchemaQuery {
    /// The rows of `sql` as text (nil for NULL), each row an array of its columns.
    static func rows(_ connection: Connection, _ sql: String, bind: [String] = []) throws -> [[String?]] {
        let statement = try connection.prepare(sql)
        for (i, value) in bind.enumerated() { try statement.bind(value, at: i + 1) }
        var result: [[String?]] = []
        while try statement.step() {
            result.append((0..<statement.columnCount).map { statement.string(at: $0) })
        }
        return result
    }

    /// The attached schemas (`PRAGMA database_list`): name and file.
    static func databases(_ connection: Connection) throws -> [(name: String, file: String?)] {
        try rows(connection, "PRAGMA database_list").compactMap { row in
            guard row.count > 2, let name = row[1] else { return nil }
            return (name, row[2])
        }
    }
}

extension Statement {
    /// Column `index` as sqlite3's shell sees it, a C string: up to its first NUL, its bytes
    /// kept when they are not UTF-8 (``RawText``); nil for NULL. Names and SQL from a schema
    /// go through this, so that a Latin-1 table name is dumped, and read back, as it is.
    func cText(at index: Int) -> String? {
        guard let bytes = textBytesOrNil(at: index) else { return nil }
        let end = bytes.firstIndex(of: 0) ?? bytes.count
        return String(rawBytes: UnsafeBufferPointer(rebasing: bytes[0..<end]))
    }
}
