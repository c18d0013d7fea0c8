import SQLshCore

/// `zipfile_cds(z)`, as SQLite's zipfile overloads it on its tables: the central directory
/// fields of the row a cursor of the table is on (z, the hidden column, is the cursor's
/// number), as a JSON object; NULL when no open cursor has that number. Elsewhere the name is
/// only declared, and a call is "unable to use function zipfile_cds in the requested context".
enum ZipfileCDS {
    /// The function a zipfile table runs for `zipfile_cds(z)`.
    static func function(for table: ZipfileTable) -> VirtualTableFunction {
        VirtualTableFunction { [unowned table] arguments, result in
            guard let entry = table.cursor(numbered: arguments[0].int64)?.currentEntry else { return result.setNull() }
            result.set(json(entry))
        }
    }

    /// The fields in SQLite's order and spelling.
    static func json(_ entry: ZipEntry) -> String {
        let fields: [(String, UInt32)] = [
            ("version-made-by", UInt32(entry.versionMadeBy)), ("version-to-extract", UInt32(entry.versionNeeded)),
            ("flags", UInt32(entry.flags)), ("compression", UInt32(entry.method)),
            ("time", UInt32(entry.dosTime)), ("date", UInt32(entry.dosDate)), ("crc32", entry.crc),
            ("compressed-size", entry.compressedSize), ("uncompressed-size", entry.uncompressedSize),
            ("file-name-length", UInt32(UInt16(truncatingIfNeeded: entry.name.count))),
            ("extra-field-length", UInt32(UInt16(truncatingIfNeeded: entry.extra.count))),
            ("file-comment-length", UInt32(UInt16(truncatingIfNeeded: entry.comment.count))),
            ("disk-number-start", UInt32(entry.diskStart)), ("internal-attr", UInt32(entry.internalAttributes)),
            ("external-attr", entry.externalAttributes), ("offset", entry.localHeaderOffset),
        ]
        return "{" + fields.map { "\"\($0.0)\" : \($0.1)" }.joined(separator: ", ") + " }"
    }
}
