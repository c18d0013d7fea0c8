import CSQLite
import SQLshCore
import Testing

@Suite struct ScalarFunctionTests {
    @Test func closureReturningAValue() throws {
        let db = try Connection()
        try db.add(SQLFunction("double", argumentCount: 1, options: .pure) { args in
            args[0].isNull ? nil : args[0].int64 * 2
        })
        #expect(try db.rows("select double(21), double(null)") == [[.integer(42), .null]])
    }

    @Test func closureWritingTheResult() throws {
        let db = try Connection()
        try db.add(SQLFunction("id", argumentCount: 1, options: .pure, writingResult: { args, result in
            result.set(args[0])
        }))
        #expect(try db.rows("select id(1), id('a')") == [[.integer(1), .text("a")]])
    }

    @Test func closuresReturningDifferentTypesUseTheBoxedForm() throws {
        let db = try Connection()
        let mixed = SQLFunction("mixed", argumentCount: 1) { args in
            if args[0].storageType == .integer { return args[0].int64 + 1 }
            if args[0].isNull { return nil }
            return "not a number: " + (args[0].string ?? "")
        }
        try db.add(mixed)
        #expect(try db.rows("select mixed(1), mixed('x'), mixed(null)") == [[.integer(2), .text("not a number: x"), .null]])
        let explicit = SQLFunction("explicit", argumentCount: 0) { _ -> (any SQLValueConvertible)? in 2.5 }
        try db.add(explicit)
        #expect(try db.value("select explicit()") == .real(2.5))
    }

    @Test func typedClosuresReturnTheirType() throws {
        let db = try Connection()
        try db.add(SQLFunction("flag", argumentCount: 1) { args in args[0].int64 > 0 })
        try db.add(SQLFunction("bytes", argumentCount: 1) { args in Array(args[0].blob) })
        try db.add(SQLFunction("maybe", argumentCount: 1) { args in args[0].isNull ? nil : args[0].double / 2 })
        try db.add(SQLFunction("value", argumentCount: 1) { args in args[0].sqlValue })
        #expect(try db.rows("select flag(3), flag(-3), hex(bytes(x'0102')), maybe(3), maybe(null), value('v')")
                == [[.integer(1), .integer(0), .text("0102"), .real(1.5), .null, .text("v")]])
    }

    @Test func zeroCopyTextResult() throws {
        // The example of SQLFunction's documentation.
        let upper = SQLFunction("ascii_upper", argumentCount: 1, options: .pure) { args, result in
            let bytes = args[0].utf8
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { buffer in
                for (i, b) in bytes.enumerated() { buffer[i] = (97...122).contains(b) ? b - 32 : b }
                result.setText(utf8: UnsafeBufferPointer(buffer))
            }
        }
        let db = try Connection()
        try db.add(upper)
        #expect(try db.rows("select ascii_upper('héllo, world'), ascii_upper('')") == [[.text("HéLLO, WORLD"), .text("")]])
    }

    @Test func wrongArgumentCountIsAPrepareError() throws {
        let db = try Connection()
        try db.add(SQLFunction("f", argumentCount: 1) { _ in 1 })
        let error = #expect(throws: SQLiteError.self) { _ = try db.prepare("select f(1, 2)") }
        #expect(error?.message == "wrong number of arguments to function f()")
        let none = #expect(throws: SQLiteError.self) { _ = try db.prepare("select f()") }
        #expect(none?.message == "wrong number of arguments to function f()")
    }

    @Test func variadicFunctions() throws {
        let db = try Connection()
        try db.add(SQLFunction("n") { args in args.count })
        #expect(try db.rows("select n(), n(1), n(1, 2, 3), n(null, null)") == [[.integer(0), .integer(1), .integer(3), .integer(2)]])
    }

    @Test func overloadsByArgumentCount() throws {
        let db = try Connection()
        try db.add(SQLFunction("g", argumentCount: 1) { _ in "one" })
        try db.add(SQLFunction("g", argumentCount: 2) { _ in "two" })
        try db.add(SQLFunction("g") { _ in "any" })
        #expect(try db.rows("select g(1), g(1, 2), g(1, 2, 3)") == [[.text("one"), .text("two"), .text("any")]])
        try db.removeFunction(named: "g", argumentCount: 2)
        // SQLite keeps an empty entry for a removed overload, so its calls no longer fall back
        // to the variadic one.
        let error = #expect(throws: SQLiteError.self) { _ = try db.value("select g(1, 2)") }
        #expect(error?.message == "wrong number of arguments to function g()")
        #expect(try db.value("select g(1)") == .text("one"))
    }

    @Test func namesAreCaseInsensitive() throws {
        let db = try Connection()
        try db.add(SQLFunction("MyFunc", argumentCount: 0) { _ in 1 })
        #expect(try db.value("select myfunc() + MYFUNC()") == .integer(2))
        #expect(SQLFunction("abc", argumentCount: 1) { _ in nil } == SQLFunction("ABC", argumentCount: 1) { _ in nil })
        #expect(SQLFunction("abc", argumentCount: 1) { _ in nil } != SQLFunction("abc", argumentCount: 2) { _ in nil })
    }

    @Test func subtypeIsPassedBetweenFunctions() throws {
        let db = try Connection()
        try db.add(SQLFunction("tag", argumentCount: 1, options: .subtype, writingResult: { args, result in
            result.set(args[0])
            result.setSubtype(77)
        }))
        try db.add(SQLFunction("tagof", argumentCount: 1, options: .subtype) { args in Int(args[0].subtype) })
        #expect(try db.rows("select tagof(tag('x')), tagof('x')") == [[.integer(77), .integer(0)]])
        // The JSON functions tag their results with subtype 74 ('J').
        #expect(try db.value("select tagof(json_object('a', 1))") == .integer(74))
    }

    @Test func functionsCanRunQueriesOnTheirConnection() throws {
        let db = try Connection()
        try db.execute("create table t(x); insert into t values (5)")
        try db.add(SQLFunction("biggest", argumentCount: 0) { _ in try db.value("select max(x) from t") })
        #expect(try db.value("select biggest() + 1") == .integer(6))
    }
}
