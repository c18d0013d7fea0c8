/// A `Decoder` over a parsed ``JSONValue``: how a record property stored as JSON text (a
/// nested struct, an array, a dictionary) is read back.
struct JSONValueDecoder: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(_ value: JSONValue, codingPath: [any CodingKey] = []) {
        self.value = value
        self.codingPath = codingPath
    }

    func mismatch(_ type: Any.Type, _ found: JSONValue) -> DecodingError {
        .typeMismatch(type, .init(codingPath: codingPath, debugDescription: "expected \(typeName(type)), found \(found.kindName)\(pathText)"))
    }

    var pathText: String {
        codingPath.isEmpty ? "" : " at " + codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else { throw mismatch([String: Any].self, value) }
        var table: [String: JSONValue] = [:]
        for member in members { table[member.key] = member.value }
        return KeyedDecodingContainer(JSONKeyedDecoding<Key>(decoder: self, members: table))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw mismatch([Any].self, value) }
        return JSONUnkeyedDecoding(decoder: self, elements: elements)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { JSONSingleDecoding(decoder: self) }
}

private struct JSONSingleDecoding: SingleValueDecodingContainer {
    let decoder: JSONValueDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool { decoder.value == .null }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard case .bool(let b) = decoder.value else { throw decoder.mismatch(type, decoder.value) }
        return b
    }

    func decode(_ type: String.Type) throws -> String {
        guard case .string(let s) = decoder.value else { throw decoder.mismatch(type, decoder.value) }
        return s
    }

    func decode(_ type: Double.Type) throws -> Double {
        guard case .number(let n) = decoder.value, let d = Double(n) else { throw decoder.mismatch(type, decoder.value) }
        return d
    }

    func decode(_ type: Float.Type) throws -> Float {
        let d = try decode(Double.self)
        let f = Float(d)
        guard f.isFinite || !d.isFinite else {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "\(d) does not fit in Float\(decoder.pathText)"))
        }
        return f
    }

    func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        guard case .number(let n) = decoder.value else { throw decoder.mismatch(type, decoder.value) }
        if let i = T(n) { return i }
        // 3.0 or 1e2 hold integers too.
        if let d = Double(n), d.rounded(.towardZero) == d, let i = T(exactly: d) { return i }
        throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "\(n) does not fit in \(typeName(type))\(decoder.pathText)"))
    }

    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: decoder) }
}

private struct JSONKeyedDecoding<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: JSONValueDecoder
    let members: [String: JSONValue]

    var codingPath: [any CodingKey] { decoder.codingPath }
    var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    private func child(_ key: Key) throws -> JSONValueDecoder {
        guard let value = members[key.stringValue] else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath,
                debugDescription: "no key '\(key.stringValue)'\(decoder.pathText)"))
        }
        return JSONValueDecoder(value, codingPath: codingPath + [key])
    }

    func decodeNil(forKey key: Key) throws -> Bool { try child(key).value == .null }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try value(type, key) }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try value(type, key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try value(type, key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try value(type, key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try value(type, key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try value(type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try value(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try value(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try value(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try value(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try value(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try value(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try value(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try value(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try value(type, key) }

    private func value<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T {
        let child = try child(key)
        if child.value == .null, !(T.self is ExpressibleByNilLiteral.Type) {
            throw DecodingError.valueNotFound(type, .init(codingPath: child.codingPath,
                debugDescription: "expected \(typeName(type)), found null\(child.pathText)"))
        }
        return try T(from: child)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try child(key).container(keyedBy: type)
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { try child(key).unkeyedContainer() }
    func superDecoder() throws -> any Decoder { decoder }
    func superDecoder(forKey key: Key) throws -> any Decoder { try child(key) }
}

private struct JSONUnkeyedDecoding: UnkeyedDecodingContainer {
    let decoder: JSONValueDecoder
    let elements: [JSONValue]
    var currentIndex = 0

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private mutating func next() throws -> JSONValueDecoder {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(Any.self, .init(codingPath: codingPath,
                debugDescription: "the array has only \(elements.count) elements\(decoder.pathText)"))
        }
        defer { currentIndex += 1 }
        return JSONValueDecoder(elements[currentIndex], codingPath: codingPath + [JSONIndexKey(currentIndex)])
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, elements[currentIndex] == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try value(type) }
    mutating func decode(_ type: Bool.Type) throws -> Bool { try value(type) }
    mutating func decode(_ type: String.Type) throws -> String { try value(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try value(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try value(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try value(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try value(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try value(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try value(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try value(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try value(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try value(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try value(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try value(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try value(type) }

    private mutating func value<T: Decodable>(_ type: T.Type) throws -> T {
        let child = try next()
        if child.value == .null, !(T.self is ExpressibleByNilLiteral.Type) {
            throw DecodingError.valueNotFound(type, .init(codingPath: child.codingPath,
                debugDescription: "expected \(typeName(type)), found null\(child.pathText)"))
        }
        return try T(from: child)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next().container(keyedBy: type)
    }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }
    mutating func superDecoder() throws -> any Decoder { try next() }
}

/// An array index as a coding key.
struct JSONIndexKey: CodingKey {
    var stringValue: String { String(intValue ?? 0) }
    var intValue: Int?
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { guard let i = Int(stringValue) else { return nil }; intValue = i }
    init?(intValue: Int) { self.intValue = intValue }
}
