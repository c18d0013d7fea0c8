/// The standard types the record coders read from a column and bind to a parameter directly.
protocol ColumnPrimitive {
    static func read(from column: ColumnReader) throws -> Self
    func bind(to statement: Statement, at index: Int) throws
}

extension Int: ColumnPrimitive { static func read(from c: ColumnReader) throws -> Int { try c.integer(Int.self) } }
extension Int8: ColumnPrimitive { static func read(from c: ColumnReader) throws -> Int8 { try c.integer(Int8.self) } }
extension Int16: ColumnPrimitive { static func read(from c: ColumnReader) throws -> Int16 { try c.integer(Int16.self) } }
extension Int32: ColumnPrimitive { static func read(from c: ColumnReader) throws -> Int32 { try c.integer(Int32.self) } }
extension Int64: ColumnPrimitive { static func read(from c: ColumnReader) throws -> Int64 { try c.int64(as: Int64.self) } }
extension UInt: ColumnPrimitive { static func read(from c: ColumnReader) throws -> UInt { try c.integer(UInt.self) } }
extension UInt8: ColumnPrimitive { static func read(from c: ColumnReader) throws -> UInt8 { try c.integer(UInt8.self) } }
extension UInt16: ColumnPrimitive { static func read(from c: ColumnReader) throws -> UInt16 { try c.integer(UInt16.self) } }
extension UInt32: ColumnPrimitive { static func read(from c: ColumnReader) throws -> UInt32 { try c.integer(UInt32.self) } }
extension UInt64: ColumnPrimitive { static func read(from c: ColumnReader) throws -> UInt64 { try c.integer(UInt64.self) } }
extension Bool: ColumnPrimitive {
    static func read(from c: ColumnReader) throws -> Bool { try c.bool() }
    func bind(to statement: Statement, at index: Int) throws { try statement.bind(self ? Int64(1) : 0, at: index) }
}
extension Double: ColumnPrimitive {
    static func read(from c: ColumnReader) throws -> Double { try c.double() }
    func bind(to statement: Statement, at index: Int) throws { try statement.bind(self, at: index) }
}
extension Float: ColumnPrimitive {
    static func read(from c: ColumnReader) throws -> Float { try c.float() }
    func bind(to statement: Statement, at index: Int) throws { try statement.bind(Double(self), at: index) }
}
extension String: ColumnPrimitive {
    static func read(from c: ColumnReader) throws -> String { try c.string() }
    func bind(to statement: Statement, at index: Int) throws {
        var text = self
        try text.withUTF8 { try statement.bindText(utf8: $0, at: index) }
    }
}
extension Array: ColumnPrimitive where Element == UInt8 {
    static func read(from c: ColumnReader) throws -> [UInt8] { try c.bytes() }
    func bind(to statement: Statement, at index: Int) throws {
        try withUnsafeBytes { try statement.bindBlob($0, at: index) }
    }
}

// Integers bind as Int64, refusing values SQLite cannot store (an unsigned value above
// Int64.max) with an error rather than a wrapped number.
extension ColumnPrimitive where Self: FixedWidthInteger {
    func bind(to statement: Statement, at index: Int) throws {
        guard let value = Int64(exactly: self) else {
            throw RecordError(.overflow, name: statement.parameterName(at: index), expected: "Int64",
                              found: "\(Self.self) \(self)",
                              "parameter \(statement.parameterName(at: index) ?? "\(index)"): \(Self.self) \(self) does not fit in SQLite's 64-bit signed integer")
        }
        try statement.bind(value, at: index)
    }
}

extension Optional: ColumnPrimitive where Wrapped: ColumnPrimitive {
    static func read(from c: ColumnReader) throws -> Wrapped? {
        if c.storageType == .null { return nil }
        return try Wrapped.read(from: c)
    }

    func bind(to statement: Statement, at index: Int) throws {
        if let self { try self.bind(to: statement, at: index) } else { try statement.bind(nil, at: index) }
    }
}
