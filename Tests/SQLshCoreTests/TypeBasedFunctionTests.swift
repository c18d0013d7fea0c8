import SQLshCore
import Testing

private enum ByteReverse: ScalarFunction {
    static let name = "byte_reverse"
    static let argumentCount: Int? = 1
    static let options: FunctionOptions = .pure

    static func call(_ arguments: Arguments) throws -> [UInt8]? {
        arguments[0].isNull ? nil : Array(arguments[0].blob.reversed())
    }
}

private enum Sum: ScalarFunction {
    static let name = "sum_all"
    static let argumentCount: Int? = nil

    static func call(_ arguments: Arguments) throws -> Int64 {
        try arguments.indices.reduce(0) { $0 + (try arguments.decode($1, as: Int64.self)) }
    }
}

private struct ProductFunction: WindowAggregate, AggregateFunction {
    static let name = "product"
    static let argumentCount: Int? = 1
    static let options: FunctionOptions = .pure
    var factors: [Double] = []
    mutating func step(_ arguments: Arguments) throws { factors.append(arguments[0].double) }
    mutating func inverse(_ arguments: Arguments) throws { factors.removeFirst() }
    func finalize() throws -> (any SQLValueConvertible)? { factors.reduce(1, *) }
}

@Suite struct TypeBasedFunctionTests {
    @Test func scalarFunctionTypes() throws {
        let db = try Connection()
        try db.add(ByteReverse.self)
        try db.add(Sum.self)
        #expect(try db.rows("select hex(byte_reverse(x'010203')), byte_reverse(null), sum_all(1, 2, 3), sum_all()")
                == [[.text("030201"), .null, .integer(6), .integer(0)]])
        #expect(SQLFunction(ByteReverse.self).options == .pure)
        #expect(SQLFunction(Sum.self).options == [])
        let error = #expect(throws: SQLiteError.self) { _ = try db.value("select sum_all(1, 'x')") }
        #expect(error?.message == "could not convert text 'x' to Int64 (argument 2)")
        try db.remove(Sum.self)
        #expect(throws: SQLiteError.self) { _ = try db.value("select sum_all(1)") }
    }

    @Test func aggregateFunctionTypes() throws {
        let db = try Connection()
        try db.add(ProductFunction.self)
        #expect(try db.value("select product(value) from json_each('[2,3,4]')") == .real(24))
        #expect(try db.column("select product(value) over (rows 1 preceding) from json_each('[2,3,4]')")
                == [.real(2), .real(6), .real(12)])
        #expect(SQLFunction(ProductFunction.self).kind == .window)
        try db.remove(ProductFunction.self)
        #expect(throws: SQLiteError.self) { _ = try db.value("select product(1)") }
    }
}
