import SQLshCore
import Testing

private enum Color: String, SQLValueConvertible { case red, green }
private enum Level: Int, SQLValueConvertible { case low = 1, high = 2 }

@Suite struct ValueConversionTests {
    @Test func storedForms() {
        #expect(Int64(3).sqlValue == .integer(3))
        #expect(3.sqlValue == .integer(3))
        #expect(Int32(-3).sqlValue == .integer(-3))
        #expect(2.5.sqlValue == .real(2.5))
        #expect(true.sqlValue == .integer(1))
        #expect("a".sqlValue == .text("a"))
        #expect(("abc".dropFirst()).sqlValue == .text("bc"))
        #expect([UInt8]([1, 2]).sqlValue == .blob([1, 2]))
        #expect(Int?.none.sqlValue == .null)
        #expect(Int?.some(4).sqlValue == .integer(4))
        #expect(Color.green.sqlValue == .text("green"))
        #expect(Level.high.sqlValue == .integer(2))
    }

    @Test func integersFromValues() throws {
        #expect(try Int64.fromSQLValue(.integer(5)) == 5)
        #expect(try Int64.fromSQLValue(.real(3.9)) == 3)
        #expect(try Int64.fromSQLValue(.real(-3.9)) == -3)
        #expect(try Int64.fromSQLValue(.text(" 12 ")) == 12)
        #expect(try Int64.fromSQLValue(.text("7.5")) == 7)
        #expect(try Int.fromSQLValue(.integer(-1)) == -1)
        #expect(try Int32.fromSQLValue(.integer(7)) == 7)
        #expect(throws: ValueConversionError.self) { try Int32.fromSQLValue(.integer(1 << 40)) }
        #expect(throws: ValueConversionError.self) { try Int64.fromSQLValue(.real(.nan)) }
        #expect(throws: ValueConversionError.self) { try Int64.fromSQLValue(.real(1e19)) }
        #expect(throws: ValueConversionError.self) { try Int64.fromSQLValue(.text("abc")) }
        #expect(throws: ValueConversionError.self) { try Int64.fromSQLValue(.blob([1])) }
        #expect(throws: ValueConversionError.self) { try Int.fromSQLValue(.null) }
    }

    @Test func realsBoolsStringsAndBytes() throws {
        #expect(try Double.fromSQLValue(.integer(2)) == 2)
        #expect(try Double.fromSQLValue(.text("2.5")) == 2.5)
        #expect(throws: ValueConversionError.self) { try Double.fromSQLValue(.null) }
        #expect(try Bool.fromSQLValue(.integer(0)) == false)
        #expect(try Bool.fromSQLValue(.integer(2)) == true)
        #expect(try Bool.fromSQLValue(.real(0.5)) == true)
        #expect(try String.fromSQLValue(.integer(3)) == "3")
        #expect(try String.fromSQLValue(.real(1)) == "1.0")
        #expect(try String.fromSQLValue(.real(1e20)) == "1.0e+20")
        #expect(throws: ValueConversionError.self) { try String.fromSQLValue(.blob([])) }
        #expect(try [UInt8].fromSQLValue(.text("ab")) == [97, 98])
        #expect(try [UInt8].fromSQLValue(.blob([])) == [])
        #expect(try Substring.fromSQLValue(.text("x")) == "x")
    }

    @Test func optionalsAndEnums() throws {
        #expect(try Int?.fromSQLValue(.null) == nil)
        #expect(try Int?.fromSQLValue(.integer(1)) == 1)
        #expect(try Color.fromSQLValue(.text("red")) == .red)
        #expect(try Level.fromSQLValue(.integer(1)) == .low)
        let error = #expect(throws: ValueConversionError.self) { try Color.fromSQLValue(.text("blue")) }
        #expect(error?.description.contains("could not convert text 'blue' to Color") == true)
    }

    @Test func errorsNameWhatFailed() {
        let error = ValueConversionError(.null, to: Int.self, context: "argument 2")
        #expect(error.description == "could not convert NULL to Int (argument 2)")
        #expect(ValueConversionError(.blob([1, 2]), to: String.self).description == "could not convert blob of 2 bytes to String")
    }

    @Test func sqlValueStorageTypes() {
        #expect(SQLValue.null.storageType == .null)
        #expect(SQLValue.null.isNull)
        #expect(SQLValue.integer(1).storageType == .integer)
        #expect(SQLValue.real(1).storageType == .real)
        #expect(SQLValue.text("").storageType == .text)
        #expect(SQLValue.blob([]).storageType == .blob)
        #expect(StorageType.real.description == "real")
    }

    @Test func realFormattingMatchesSQLite() {
        #expect(formatReal(0.1) == "0.1")
        #expect(formatReal(100) == "100.0")
        #expect(formatReal(-2.5e-10) == "-2.5e-10")
        #expect(formatReal(1.0 / 3) == "0.333333333333333")
    }
}
