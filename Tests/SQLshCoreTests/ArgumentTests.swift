import CSQLite
import SQLshCore
import Testing

/// Arguments as zero-copy views: storage types, SQLite's conversions, bytes, typed decoding.
@Suite struct ArgumentTests {
    /// Registers `probe(x)`, which reports what it sees of its argument as text.
    private func database(_ describe: @escaping (Argument) throws -> (any SQLValueConvertible)?) throws -> Connection {
        let db = try Connection()
        try db.add(SQLFunction("probe", argumentCount: 1) { args in try describe(args[0]) })
        return db
    }

    @Test func nullArguments() throws {
        let db = try database { arg in
            "\(arg.storageType) \(arg.isNull) \(arg.int64) \(arg.double) \(arg.utf8.count) \(arg.blob.count) \(arg.string == nil)"
        }
        #expect(try db.value("select probe(null)") == .text("null true 0 0.0 0 0 true"))
    }

    @Test func nullDecodesToOptionalAndThrowsForNonOptional() throws {
        let db = try Connection()
        try db.add(SQLFunction("opt", argumentCount: 1) { args in try args.decode(0, as: Int?.self) == nil ? "nil" : "some" })
        try db.add(SQLFunction("req", argumentCount: 1) { args in try args.decode(0, as: Int.self) })
        #expect(try db.value("select opt(null)") == .text("nil"))
        #expect(try db.value("select opt(1)") == .text("some"))
        let error = #expect(throws: SQLiteError.self) { _ = try db.value("select req(null)") }
        #expect(error?.message == "could not convert NULL to Int (argument 1)")
        #expect(error?.code == SQLITE_ERROR)
    }

    @Test func nullResults() throws {
        let db = try Connection()
        try db.add(SQLFunction("nada", argumentCount: 0) { _ in nil })
        try db.add(SQLFunction("maybe", argumentCount: 1) { args in try args.decode(0, as: Int?.self) })
        #expect(try db.value("select typeof(nada())") == .text("null"))
        #expect(try db.value("select typeof(maybe(null))") == .text("null"))
        #expect(try db.value("select maybe(3)") == .integer(3))
    }

    @Test func realToIntegerTruncatesTowardZero() throws {
        let db = try Connection()
        try db.add(SQLFunction("raw", argumentCount: 1) { args in args[0].int64 })
        try db.add(SQLFunction("typed", argumentCount: 1) { args in try args.decode(0, as: Int.self) })
        #expect(try db.rows("select raw(3.9), raw(-3.9), typed(3.9), typed(-3.9), typed('7.7')")
                == [[.integer(3), .integer(-3), .integer(3), .integer(-3), .integer(7)]])
        let error = #expect(throws: SQLiteError.self) { _ = try db.value("select typed('abc')") }
        #expect(error?.message == "could not convert text 'abc' to Int (argument 1)")
    }

    @Test func numericAffinityAndSQLiteConversions() throws {
        let db = try database { arg in "\(arg.storageType) \(arg.numericType) \(arg.int64) \(arg.double)" }
        #expect(try db.value("select probe('12')") == .text("text integer 12 12.0"))
        #expect(try db.value("select probe(2.5)") == .text("real real 2 2.5"))
    }

    @Test func emptyBlobArgumentAndResult() throws {
        let db = try Connection()
        try db.add(SQLFunction("info", argumentCount: 1) { args in "\(args[0].storageType) \(args[0].blob.count)" })
        try db.add(SQLFunction("same", argumentCount: 1) { args in try args.decode(0, as: [UInt8].self) })
        try db.add(SQLFunction("empty", argumentCount: 0) { _ in [UInt8]() })
        try db.add(SQLFunction("emptyRaw", argumentCount: 0, writingResult: { _, result in
            result.setBlob(UnsafeRawBufferPointer(start: nil, count: 0))
        }))
        #expect(try db.value("select info(x'')") == .text("blob 0"))
        #expect(try db.rows("select typeof(same(x'')), length(same(x''))") == [[.text("blob"), .integer(0)]])
        #expect(try db.rows("select typeof(empty()), length(empty())") == [[.text("blob"), .integer(0)]])
        #expect(try db.value("select typeof(emptyRaw())") == .text("blob"))
        #expect(try db.value("select hex(same(x'00ff10'))") == .text("00FF10"))
    }

    @Test func emptyTextResultIsNotNull() throws {
        let db = try Connection()
        try db.add(SQLFunction("e1", argumentCount: 0) { _ in "" })
        try db.add(SQLFunction("e2", argumentCount: 0, writingResult: { _, result in
            result.setText(utf8: UnsafeBufferPointer(start: nil, count: 0))
        }))
        #expect(try db.rows("select typeof(e1()), e1(), typeof(e2())") == [[.text("text"), .text(""), .text("text")]])
    }

    @Test func textWithEmbeddedNulIsKeptAsArgumentAndResult() throws {
        let db = try Connection()
        try db.add(SQLFunction("bytes", argumentCount: 1) { args in args[0].utf8.count })
        try db.add(SQLFunction("echo", argumentCount: 1) { args in try args.decode(0, as: String.self) })
        try db.add(SQLFunction("echoRaw", argumentCount: 1, writingResult: { args, result in
            result.setText(utf8: args[0].utf8)
        }))
        try db.add(SQLFunction("nul", argumentCount: 0) { _ in "a\u{0}b" })
        let text = "cast(x'610062' as text)"
        #expect(try db.value("select bytes(\(text))") == .integer(3))
        #expect(try db.rows("select hex(echo(\(text))), typeof(echo(\(text)))") == [[.text("610062"), .text("text")]])
        #expect(try db.value("select hex(echoRaw(\(text)))") == .text("610062"))
        #expect(try db.value("select hex(nul())") == .text("610062"))
        #expect(try db.value("select echo(\(text))") == .text("a\u{0}b"))
    }

    @Test func stringsAndBytes() throws {
        let db = try database { arg in
            "\(arg.string ?? "-")|\(arg.utf8.count)|\(try arg.decode(String.self))|\(try arg.decode([UInt8].self).count)"
        }
        #expect(try db.value("select probe('héllo')") == .text("héllo|6|héllo|6"))
        #expect(try db.value("select probe(x'6869')") == .text("hi|2|hi|2"))
        // Numbers have a text form but are not bytes.
        let error = #expect(throws: SQLiteError.self) { _ = try db.value("select probe(12)") }
        #expect(error?.message == "could not convert integer 12 to Array<UInt8>")
    }

    @Test func copiesAndPassThrough() throws {
        let db = try Connection()
        try db.add(SQLFunction("copy", argumentCount: 1) { args in args[0].sqlValue })
        try db.add(SQLFunction("pass", argumentCount: 1, writingResult: { args, result in result.set(args[0]) }))
        for f in ["copy", "pass"] {
            #expect(try db.rows("select \(f)(1), \(f)(1.5), \(f)('t'), \(f)(x'01'), \(f)(null)")
                    == [[.integer(1), .real(1.5), .text("t"), .blob([1]), .null]])
        }
    }

    @Test func argumentsCollection() throws {
        let db = try Connection()
        try db.add(SQLFunction("kinds") { args in args.map { $0.storageType.description }.joined(separator: ",") })
        #expect(try db.value("select kinds(1, 'a', null, x'00', 2.0)") == .text("integer,text,null,blob,real"))
        #expect(try db.value("select kinds()") == .text(""))
    }

    @Test func resultSetters() throws {
        let db = try Connection()
        try db.add(SQLFunction("r", argumentCount: 1, writingResult: { args, result in
            switch args[0].int {
            case 0: result.set(Int64(1))
            case 1: result.set(2)
            case 2: result.set(0.5)
            case 3: result.set("s")
            case 4: result.setBlob([9])
            case 5: result.setZeroBlob(count: 3)
            case 6: result.set(SQLValue.text("v"))
            case 7: result.set(Optional<Int>.none)
            default: result.setNull()
            }
        }))
        #expect(try db.column("with recursive s(v) as (select 0 union all select v + 1 from s where v < 8) select r(v) from s")
                == [.integer(1), .integer(2), .real(0.5), .text("s"), .blob([9]), .blob([0, 0, 0]), .text("v"), .null, .null])
    }
}
