import SQLshCore

/// The `uuid` pack: sqlean's UUID functions (version 4 and 7 generation, parsing, conversion).
enum UUIDPack {
    static let pack = FunctionPack(
        name: "uuid",
        summary: "UUIDs: random version 4, time-ordered version 7, text and blob forms (sqlean names)",
        functions: [
            version4("uuid4", alias: "gen_random_uuid"),
            version4("gen_random_uuid", alias: "uuid4"),
            uuid7, uuidStr, uuidBlob, uuid7TimestampMs,
        ])

    private static let parsing = """
        A UUID argument is a blob of exactly 16 bytes, or text: an optional '{', 32 hex digits \
        of either case in pairs, each pair optionally preceded by one '-', an optional '}', and \
        nothing else (so '{a1b2c3d4e5f60718293a4b5c6d7e8f90}' and \
        'A1B2C3D4-E5F6-0718-293A-4B5C6D7E8F90' are read, a trailing '-', spaces or a wrong \
        number of digits are not). Anything else, integers and reals included, gives NULL, \
        never an error.
        """

    static func version4(_ name: String, alias: String) -> CatalogFunction {
        CatalogFunction(
            arguments: "",
            summary: "a random version 4 UUID, as text",
            details: """
                \(name)() is a new random UUID (RFC 9562 version 4: 122 random bits from \
                SQLite's PRNG, the same as randomblob()) as 36 characters of lower-case text, \
                'xxxxxxxx-xxxx-4xxx-Vxxx-xxxxxxxxxxxx' where V is 8, 9, a or b. Not \
                deterministic: each call gives a new value, so it cannot be used in an index \
                or a generated column. uuid_blob(\(name)()) gives the 16-byte form. Same as \
                \(alias)() (sqlean's uuid pack).
                """,
            example: "select \(name)() glob '????????-????-4???-[89ab]???-????????????';  -- 1",
            functions: {
                [SQLFunction(name, argumentCount: 0, options: .innocuous, writingResult: { _, result in
                    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16) { buffer in
                        let bytes = buffer.baseAddress.unsafelyUnwrapped
                        UUIDGenerator.version4(into: bytes)
                        UUIDText.setResult(bytes, result)
                    }
                })]
            })
    }

    static let uuid7 = CatalogFunction(
        arguments: "[seconds]",
        summary: "a time-ordered version 7 UUID, as text",
        details: """
            uuid7() is a new UUID of RFC 9562 version 7 as 36 characters of lower-case text: \
            the first 48 bits are the Unix time in milliseconds, big-endian, so the values sort \
            by creation time as text and as blobs; the rest is random (SQLite's PRNG) but for \
            the version and variant bits. Better than sqlean, whose values made within one \
            millisecond come in random order: the values made by one sqlsh process are \
            strictly increasing, even within a millisecond. The 12 bits after the version hold \
            the sub-millisecond part of the clock (RFC 9562 §6.2 method 3), and a value that \
            would not sort after the previous one (same clock step, or a clock set back) is \
            the previous one plus a random step from 1 to 2^32 (method 2), keeping the \
            previous timestamp until the clock catches up. uuid7(SECONDS) with an integer \
            uses SECONDS*1000 milliseconds as the timestamp instead (taken modulo 2^48, so \
            negative times wrap as in sqlean) and random bits for the rest, with no ordering \
            guarantee; ★ as in sqlean, any other argument (NULL, text, a real) means now. Not \
            deterministic. uuid7_timestamp_ms() reads the time back.
            """,
        example: "select uuid7_timestamp_ms(uuid7(1700000000)), substr(uuid7(0), 1, 15);  -- 1700000000000|'00000000-0000-7'",
        functions: {
            let body: @Sendable (Arguments, ResultContext) -> Void = { arguments, result in
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16) { buffer in
                    let bytes = buffer.baseAddress.unsafelyUnwrapped
                    if arguments.count == 1, arguments[0].storageType == .integer {
                        let milliseconds = arguments[0].int64 &* 1000
                        UUIDGenerator.version7(milliseconds: UInt64(bitPattern: milliseconds), into: bytes)
                    } else {
                        UUIDGenerator.version7(into: bytes)
                    }
                    UUIDText.setResult(bytes, result)
                }
            }
            return [
                SQLFunction("uuid7", argumentCount: 0, options: .innocuous, writingResult: body),
                SQLFunction("uuid7", argumentCount: 1, options: .innocuous, writingResult: body),
            ]
        })

    static let uuidStr = CatalogFunction(
        arguments: "uuid",
        summary: "a UUID in its canonical text form",
        details: """
            uuid_str(X) is the UUID X (text in any accepted form, or a 16-byte blob) as 36 \
            characters of lower-case text, 8-4-4-4-12. \(parsing) NULL gives NULL.
            """,
        example: "select uuid_str('{A1B2C3D4E5F60718293A4B5C6D7E8F90}');  -- 'a1b2c3d4-e5f6-0718-293a-4b5c6d7e8f90'",
        functions: {
            [SQLFunction("uuid_str", argumentCount: 1, options: .pure, writingResult: { arguments, result in
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16) { buffer in
                    let bytes = buffer.baseAddress.unsafelyUnwrapped
                    guard UUIDText.parse(arguments[0], into: bytes) else { return result.setNull() }
                    UUIDText.setResult(bytes, result)
                }
            })]
        })

    static let uuidBlob = CatalogFunction(
        arguments: "uuid",
        summary: "a UUID as a 16-byte blob",
        details: """
            uuid_blob(X) is the UUID X (text in any accepted form, or a 16-byte blob, returned \
            as it is) as a blob of 16 bytes, the compact form to store and index. \(parsing) \
            NULL gives NULL.
            """,
        example: "select hex(uuid_blob('a1b2c3d4-e5f6-0718-293a-4b5c6d7e8f90'));  -- 'A1B2C3D4E5F60718293A4B5C6D7E8F90'",
        functions: {
            [SQLFunction("uuid_blob", argumentCount: 1, options: .pure, writingResult: { arguments, result in
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16) { buffer in
                    let bytes = buffer.baseAddress.unsafelyUnwrapped
                    guard UUIDText.parse(arguments[0], into: bytes) else { return result.setNull() }
                    result.setBlob(UnsafeRawBufferPointer(start: bytes, count: 16))
                }
            })]
        })

    static let uuid7TimestampMs = CatalogFunction(
        arguments: "uuid",
        summary: "the Unix time in milliseconds of a version 7 UUID",
        details: """
            uuid7_timestamp_ms(X) is the timestamp of the version 7 UUID X: its first 48 bits, \
            Unix time in milliseconds, as an integer (divide by 1000.0 for datetime(..., \
            'unixepoch')). NULL when X is not a UUID or its version (the high 4 bits of byte \
            6) is not 7; the variant is not checked, as in sqlean. \(parsing) NULL gives NULL.
            """,
        example: "select uuid7_timestamp_ms('018bcfe5-6800-7000-8000-000000000000');  -- 1700000000000",
        functions: {
            [SQLFunction("uuid7_timestamp_ms", argumentCount: 1, options: .pure, writingResult: { arguments, result in
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16) { buffer in
                    let bytes = buffer.baseAddress.unsafelyUnwrapped
                    guard UUIDText.parse(arguments[0], into: bytes), bytes[6] >> 4 == 7 else {
                        return result.setNull()
                    }
                    var milliseconds: Int64 = 0
                    for i in 0..<6 { milliseconds = milliseconds << 8 | Int64(bytes[i]) }
                    result.set(milliseconds)
                }
            })]
        })
}
