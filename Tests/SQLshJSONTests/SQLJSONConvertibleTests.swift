import SQLshCore
import SQLshJSON
import Testing

private struct Point: SQLJSONConvertible, Equatable {
    var x: Double
    var y: Double
    var label: String?
}

private enum Shape: String, SQLJSONConvertible { case circle, square }

private struct Weird: SQLJSONConvertible { var value: Double }

@Suite struct JSONConversionTests {
    @Test func codableValuesAreStoredAsJSONText() throws {
        let db = try Connection()
        #expect(Point(x: 1, y: 2.5).sqlValue == .text(#"{"x":1,"y":2.5}"#))
        #expect(try db.value("select json_extract(?, '$.y')", [Point(x: 1, y: 2.5, label: "a/b")]) == .real(2.5))
        #expect(try db.value("select ?", [Point(x: 0, y: 0, label: "a/b")]) == .text(#"{"label":"a/b","x":0,"y":0}"#))
    }

    @Test func decodingFromColumnsAndArguments() throws {
        let db = try Connection()
        let statement = try db.prepare(#"select '{"x": 3, "y": 4}', cast('{"x":1,"y":1}' as blob), 'nope', null"#)
        #expect(try statement.step())
        #expect(try statement.decode(0, as: Point.self) == Point(x: 3, y: 4))
        #expect(try statement.decode(1, as: Point.self) == Point(x: 1, y: 1))
        #expect(try statement.decode(3, as: Point?.self) == nil)
        let invalid = #expect(throws: ValueConversionError.self) { try statement.decode(2, as: Point.self) }
        #expect(invalid?.description.hasPrefix("could not convert text 'nope' to Point (invalid JSON") == true)

        try db.add(SQLFunction("norm", argumentCount: 1) { args in
            let p = try args.decode(0, as: Point.self)
            return (p.x * p.x + p.y * p.y).squareRoot()
        })
        #expect(try db.value(#"select norm('{"x": 3, "y": 4}')"#) == .real(5))
        let error = #expect(throws: SQLiteError.self) { _ = try db.value("select norm(1)") }
        #expect(error?.message == "could not convert integer 1 to Point (argument 1)")
    }

    @Test func functionsReturnJSON() throws {
        let db = try Connection()
        try db.add(SQLFunction("origin", argumentCount: 0) { _ in Point(x: 0, y: 0) })
        try db.add(SQLFunction("bad", argumentCount: 0) { _ in Weird(value: .nan) })
        #expect(try db.value("select json_valid(origin()) and origin() = '{\"x\":0,\"y\":0}'") == .integer(1))
        let error = #expect(throws: SQLiteError.self) { _ = try db.value("select bad()") }
        #expect(error?.message.hasPrefix("could not convert Weird value") == true)
    }

    @Test func bindingAValueThatCannotBeEncodedThrows() throws {
        let db = try Connection()
        let statement = try db.prepare("select ?")
        #expect(throws: ValueConversionError.self) { try statement.bind(Weird(value: .infinity), at: 1) }
    }

    @Test func enumsWithRawValuesStayRawValues() throws {
        #expect(Shape.circle.sqlValue == .text("circle"))
        #expect(try Shape.fromSQLValue(.text("square")) == .square)
        let db = try Connection()
        #expect(try db.value("select ?", [Shape.square]) == .text("square"))
    }
}

extension Connection {
    fileprivate func value(_ sql: String, _ bindings: [(any SQLValueConvertible)?] = []) throws -> SQLValue {
        let statement = try prepare(sql)
        try statement.bind(bindings)
        return try statement.step() ? statement.value(at: 0) : .null
    }
}
