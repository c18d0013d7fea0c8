import SQLshCore

/// The `sha3` pack: `sha3` and `sha3_query`, as SQLite's `ext/misc/shathree.c` (3.40.1).
enum SHA3Pack {
    static let pack = FunctionPack(
        name: "sha3",
        summary: "SHA3 hashes of values and of query results, as the stock sqlite3 shell",
        functions: [sha3, sha3Query])

    static let sizeError = "SHA3 size should be one of: 224 256 384 512"

    /// The digest size from the optional second argument, or an error.
    static func digestBits(_ arguments: Arguments) throws -> Int {
        guard arguments.count > 1 else { return 256 }
        let size = Int(arguments[1].int32)  // a 32-bit int, as shathree.c
        guard size == 224 || size == 256 || size == 384 || size == 512 else {
            throw SQLiteError(message: sizeError)
        }
        return size
    }

    static let sha3 = CatalogFunction(
        arguments: "x[, size]",
        summary: "SHA3 hash of a value, as a blob",
        details: """
            sha3(X) is the SHA3-256 hash of X and sha3(X, SIZE) the SHA3 hash of SIZE bits \
            (224, 256, 384 or 512; any other size is the error "SHA3 size should be one of: \
            224 256 384 512"), returned as a blob of SIZE/8 bytes. A blob is hashed as its \
            bytes; text, integers and reals as their text (UTF-8) form, so sha3(15) equals \
            sha3('15') and sha3(1.5) equals sha3('1.5'). NULL gives NULL. Identical to the \
            stock sqlite3 shell's sha3().
            """,
        example: "SELECT hex(sha3('abc', 224));  -- 'E642824C3F8CF24AD09234EE7D3C766FC9A3A5168D0C94AD73B46FDF'",
        functions: {
            let body: @Sendable (Arguments, ResultContext) throws -> Void = { arguments, result in
                let bits = try digestBits(arguments)
                let value = arguments[0]
                if value.isNull { return result.setNull() }
                var hasher = SHA3Hasher(bits: bits)
                hasher.update(value.blobBytes)  // a blob's bytes, else the text form's
                result.setBlob(hasher.finalize())
            }
            return [
                SQLFunction("sha3", argumentCount: 1, options: .pure, writingResult: body),
                SQLFunction("sha3", argumentCount: 2, options: .pure, writingResult: body),
            ]
        })

    static let sha3Query = CatalogFunction(
        arguments: "sql[, size]",
        summary: "SHA3 hash of the SQL text and results of queries",
        details: """
            sha3_query(SQL[, SIZE]) runs every statement in SQL (each must be read-only, \
            else "non-query: [...]") and hashes, for each, its text ("S<length>:" then the \
            SQL) and every row ("R", then per column "N" for NULL, "I" or "F" and the 8 \
            big-endian bytes of an integer or real, "T<length>:" or "B<length>:" and the \
            bytes of text or a blob), as the stock shell's shathree.c. SIZE as for sha3. A \
            statement that does not prepare gives "error SQL statement [REST]: MESSAGE". NULL \
            gives NULL. Direct-only: not usable from views, triggers or the schema.
            """,
        example: "SELECT hex(sha3_query('SELECT 1'));  -- '87D704D93C82458E27061EEFD0458CF1809ECD90A77805EBA72B9D2045522951'",
        functions: {
            let body: @Sendable (Arguments, ResultContext) throws -> Void = { arguments, result in
                let bits = try digestBits(arguments)
                guard let sql = arguments[0].cString else { return result.setNull() }
                let text = UnsafeBufferPointer(start: UnsafeRawPointer(sql).assumingMemoryBound(to: UInt8.self), count: strlenBytes(sql))
                var hasher = SHA3Hasher(bits: bits)
                try hashQueries(result.connection, text, into: &hasher)
                result.setBlob(hasher.finalize())
            }
            return [
                SQLFunction("sha3_query", argumentCount: 1, options: .directOnly, writingResult: body),
                SQLFunction("sha3_query", argumentCount: 2, options: .directOnly, writingResult: body),
            ]
        })

    /// Hashes every statement of `sql` (up to its first NUL byte) and its rows, run on the
    /// calling connection.
    private static func hashQueries(_ db: Connection, _ sql: UnsafeBufferPointer<UInt8>, into hasher: inout SHA3Hasher) throws {
        var rest = sql
        while !rest.isEmpty {
            var parsed = 0
            let prepared: Statement?
            do {  // catalog functions the query names are registered when first named
                let (statement, consumed) = try db.prepare(utf8: rest, parsed: &parsed)
                prepared = statement
                rest = UnsafeBufferPointer(rebasing: rest[consumed...])
            } catch let error as SQLiteError {
                let remaining = String(decoding: rest[parsed...], as: UTF8.self)
                throw SQLiteError(message: "error SQL statement [\(remaining)]: \(error.message)")
            }
            guard let statement = prepared else { continue }
            if !statement.isReadOnly {
                throw SQLiteError(message: "non-query: [\(statement.sql)]")
            }
            let columns = statement.columnCount
            let text = statement.sqlBytes
            hasher.update("S\(text.count):")
            hasher.update(UnsafeRawBufferPointer(text))
            // As shathree.c: an error while stepping ends the statement's rows silently.
            while (try? statement.step()) == true {
                hasher.update([UInt8(ascii: "R")])
                for i in 0..<columns {
                    switch statement.columnType(at: i) {
                    case .null:
                        hasher.update([UInt8(ascii: "N")])
                    case .integer:
                        hasher.update(tagged("I", UInt64(bitPattern: statement.int64(at: i))))
                    case .real:
                        hasher.update(tagged("F", statement.double(at: i).bitPattern))
                    case .text:
                        let bytes = statement.textBytes(at: i)
                        hasher.update("T\(bytes.count):")
                        hasher.update(UnsafeRawBufferPointer(bytes))
                    case .blob:
                        let bytes = statement.blobBytes(at: i)
                        hasher.update("B\(bytes.count):")
                        hasher.update(bytes)
                    }
                }
            }
        }
    }

    /// A tag byte and the 8 big-endian bytes of a 64-bit value.
    private static func tagged(_ tag: Unicode.Scalar, _ bits: UInt64) -> [UInt8] {
        var bytes = [UInt8(ascii: tag)]
        for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
        return bytes
    }

    private static func strlenBytes(_ z: UnsafePointer<CChar>) -> Int {
        var n = 0
        while z[n] != 0 { n += 1 }
        return n
    }
}
