import CSQLite
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
        let size = Int(Int32(truncatingIfNeeded: arguments[1].int64))  // sqlite3_value_int, as shathree.c
        guard size == 224 || size == 256 || size == 384 || size == 512 else {
            throw SQLiteError(message: sizeError)
        }
        return size
    }

    static let sha3 = CatalogFunction(
        name: "sha3", pack: "sha3", kind: .scalar, arity: "1-2", arguments: "x[, size]", flags: .pure,
        summary: "SHA3 hash of a value, as a blob",
        details: """
            sha3(X) is the SHA3-256 hash of X and sha3(X, SIZE) the SHA3 hash of SIZE bits \
            (224, 256, 384 or 512; any other size is the error "SHA3 size should be one of: \
            224 256 384 512"), returned as a blob of SIZE/8 bytes. A blob is hashed as its \
            bytes; text, integers and reals as their text (UTF-8) form, so sha3(15) equals \
            sha3('15') and sha3(1.5) equals sha3('1.5'). NULL gives NULL. Identical to the \
            stock sqlite3 shell's sha3().
            """,
        example: "SELECT hex(sha3('abc', 224));  -- E642824C3F8CF24AD09234EE7D3C766FC9A3A5168D0C94AD73B46FDF",
        functions: {
            let body: (Arguments, ResultContext) throws -> Void = { arguments, result in
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
        name: "sha3_query", pack: "sha3", kind: .scalar, arity: "1-2", arguments: "sql[, size]", flags: .directOnly,
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
        example: "SELECT hex(sha3_query('SELECT 1'));",
        functions: {
            let body: (Arguments, ResultContext) throws -> Void = { arguments, result in
                let bits = try digestBits(arguments)
                guard let sql = arguments[0].cString else { return result.setNull() }
                let db: OpaquePointer? = result.connectionHandle
                var hasher = SHA3Hasher(bits: bits)
                try hashQueries(db, sql, into: &hasher)
                result.setBlob(hasher.finalize())
            }
            return [
                SQLFunction("sha3_query", argumentCount: 1, options: .directOnly, writingResult: body),
                SQLFunction("sha3_query", argumentCount: 2, options: .directOnly, writingResult: body),
            ]
        })

    private static func hashQueries(_ db: OpaquePointer?, _ sql: UnsafePointer<CChar>, into hasher: inout SHA3Hasher) throws {
        var rest: UnsafePointer<CChar>? = sql
        while let text = rest, text.pointee != 0 {
            var statement: OpaquePointer?
            var tail: UnsafePointer<CChar>?
            var rc: Int32
            var tried: Set<String> = []
            repeat {  // catalog functions the query names are registered when first named
                rc = sqlite3_prepare_v2(db, text, -1, &statement, &tail)
            } while rc != SQLITE_OK && db.map { Connection.registerMissing(on: $0, after: rc, tried: &tried) } == true
            rest = tail
            if rc != SQLITE_OK {
                let remaining = tail.map { String(cString: $0) } ?? ""
                let message = String(cString: sqlite3_errmsg(db))
                sqlite3_finalize(statement)
                throw SQLiteError(message: "error SQL statement [\(remaining)]: \(message)")
            }
            guard let statement else { continue }
            defer { sqlite3_finalize(statement) }
            if sqlite3_stmt_readonly(statement) == 0 {
                let text = sqlite3_sql(statement).map { String(cString: $0) } ?? ""
                throw SQLiteError(message: "non-query: [\(text)]")
            }
            let columns = sqlite3_column_count(statement)
            if let z = sqlite3_sql(statement) {
                let n = strlenBytes(z)
                hasher.update("S\(n):")
                hasher.update(UnsafeRawBufferPointer(start: z, count: n))
            }
            while sqlite3_step(statement) == SQLITE_ROW {
                hasher.update([UInt8(ascii: "R")])
                for i in 0..<columns {
                    switch sqlite3_column_type(statement, i) {
                    case SQLITE_NULL:
                        hasher.update([UInt8(ascii: "N")])
                    case SQLITE_INTEGER:
                        hasher.update(tagged("I", UInt64(bitPattern: sqlite3_column_int64(statement, i))))
                    case SQLITE_FLOAT:
                        hasher.update(tagged("F", sqlite3_column_double(statement, i).bitPattern))
                    case SQLITE_TEXT:
                        let n = Int(sqlite3_column_bytes(statement, i))
                        let z = sqlite3_column_text(statement, i)
                        hasher.update("T\(n):")
                        hasher.update(UnsafeRawBufferPointer(start: z, count: z == nil ? 0 : n))
                    default:
                        let n = Int(sqlite3_column_bytes(statement, i))
                        let z = sqlite3_column_blob(statement, i)
                        hasher.update("B\(n):")
                        hasher.update(UnsafeRawBufferPointer(start: z, count: z == nil ? 0 : n))
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
