/// Binds an `Encodable` value's keyed fields to a statement's named parameters: the field
/// `name` binds `:name`, `@name` and `$name`. Each value is bound directly (no dictionary of
/// the encoded value is built).
final class RecordEncoder: Encoder {
    let statement: Statement
    let parameters: RecordParameters
    let recordType: Any.Type
    /// Which parameters (index - 1) were bound.
    var bound: [Bool]
    /// An error a non-throwing `Encoder` method ran into, reported after encoding.
    var shapeError: RecordError?
    /// Fields written through a nested container, bound as JSON text after encoding.
    var nestedFields: [(key: String, node: JSONNode)] = []

    init(statement: Statement, parameters: RecordParameters, recordType: Any.Type) {
        self.statement = statement
        self.parameters = parameters
        self.recordType = recordType
        self.bound = Array(repeating: false, count: parameters.names.count)
    }

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(ParameterKeyedContainer<Key>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        notKeyed()
        return RefusingEncoder(error: shapeError)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        notKeyed()
        return RefusingEncoder(error: shapeError)
    }

    private func notKeyed() {
        shapeError = shapeError ?? RecordError(.unsupportedShape, expected: typeName(recordType),
            "\(typeName(recordType)) does not encode as named fields; a record binds named parameters (:name), so bind a struct or class, or bind values by position with bind(_:at:)")
    }

    /// Binds `value` to every parameter spelled `key` (with any prefix); a field the statement
    /// does not use is ignored.
    func bind<T: Encodable>(_ value: T?, forKey key: String) throws {
        guard let indexes = parameters.byName[key] else { return }
        for index in indexes {
            if let value {
                try bindValue(value, at: index, name: parameters.names[index - 1] ?? key)
            } else {
                try statement.bind(nil, at: index)
            }
            bound[index - 1] = true
        }
    }

    private func bindValue<T: Encodable>(_ value: T, at index: Int, name: String) throws {
        if let primitive = value as? any ColumnPrimitive {
            return try primitive.bind(to: statement, at: index)
        }
        if let convertible = value as? any SQLValueConvertible {
            do {
                return try statement.bind(convertible, at: index)
            } catch let error as ValueConversionError {
                throw RecordError(.invalidValue, name: name, expected: error.targetType, found: error.found,
                                  "parameter \(name): \(error) (encoding \(typeName(recordType)))")
            }
        }
        let column = ColumnEncoder(statement: statement, index: index)
        do {
            try value.encode(to: column)
        } catch is NeedsContainer {
        }
        if column.wantsContainer {
            // Fields or elements: the value is stored as JSON text.
            let text: String
            do {
                text = try JSONValueEncoder.text(value)
            } catch let error as EncodingError {
                var reason = String(describing: error)
                if case .invalidValue(_, let context) = error { reason = context.debugDescription }
                throw RecordError(.invalidValue, name: name, expected: "JSON text", found: typeName(T.self),
                                  "parameter \(name): \(typeName(T.self)) cannot be written as JSON: \(reason) (encoding \(typeName(recordType)))")
            }
            try text.bind(to: statement, at: index)
        } else if !column.didBind {
            throw RecordError(.unsupportedShape, name: name, expected: typeName(T.self),
                              "parameter \(name): \(typeName(T.self)) encoded no value (encoding \(typeName(recordType)))")
        }
    }

    /// Binds the nested fields, then throws when a named parameter got no value, or the
    /// statement has positional ones.
    func finish() throws {
        if let shapeError { throw shapeError }
        for field in nestedFields {
            try bind(field.node.build().text, forKey: field.key)
        }
        for (offset, name) in parameters.names.enumerated() where !bound[offset] {
            guard let name, name.first != "?" else {
                throw RecordError(.missingParameter, name: name ?? "?", expected: typeName(recordType),
                                  "parameter \(offset + 1) (\(name ?? "?")) is positional; a record binds named parameters only (:name, @name, $name)")
            }
            throw RecordError(.missingParameter, name: name, expected: typeName(recordType),
                              "missing parameter \(name): \(typeName(recordType)) has no field '\(name.dropFirst())'")
        }
    }
}

/// The record's fields.
struct ParameterKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: RecordEncoder
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws { try encoder.bind(Int?.none, forKey: key.stringValue) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try encoder.bind(value, forKey: key.stringValue) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try encoder.bind(value, forKey: key.stringValue) }
    mutating func encode(_ value: String, forKey key: Key) throws { try encoder.bind(value, forKey: key.stringValue) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try encoder.bind(value, forKey: key.stringValue) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try encoder.bind(value, forKey: key.stringValue) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try encoder.bind(value, forKey: key.stringValue) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try encoder.bind(value, forKey: key.stringValue) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try encoder.bind(value, forKey: key.stringValue) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try encoder.bind(value, forKey: key.stringValue) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try encoder.bind(value, forKey: key.stringValue) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try encoder.bind(value, forKey: key.stringValue) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try encoder.bind(value, forKey: key.stringValue) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try encoder.bind(value, forKey: key.stringValue) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try encoder.bind(value, forKey: key.stringValue) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try encoder.bind(value, forKey: key.stringValue) }

    // An absent optional binds NULL rather than leaving its parameter unbound (the default
    // implementations skip nil, which would read as a missing parameter).
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try encoder.bind(value, forKey: key.stringValue) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try encoder.bind(value, forKey: key.stringValue) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try encoder.bind(value, forKey: key.stringValue) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try encoder.bind(value, forKey: key.stringValue) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try encoder.bind(value, forKey: key.stringValue) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try encoder.bind(value, forKey: key.stringValue) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try encoder.bind(value, forKey: key.stringValue) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try encoder.bind(value, forKey: key.stringValue) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try encoder.bind(value, forKey: key.stringValue) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try encoder.bind(value, forKey: key.stringValue) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try encoder.bind(value, forKey: key.stringValue) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try encoder.bind(value, forKey: key.stringValue) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try encoder.bind(value, forKey: key.stringValue) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try encoder.bind(value, forKey: key.stringValue) }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws { try encoder.bind(value, forKey: key.stringValue) }

    // A nested container builds JSON text, bound when encoding ends.
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        JSONValueEncoder(nestedNode(key)).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        JSONValueEncoder(nestedNode(key)).unkeyedContainer()
    }

    private func nestedNode(_ key: Key) -> JSONNode {
        let node = JSONNode()
        encoder.nestedFields.append((key.stringValue, node))
        return node
    }

    /// The superclass's fields bind the same statement.
    mutating func superEncoder() -> any Encoder { encoder }
    mutating func superEncoder(forKey key: Key) -> any Encoder { encoder }
}

/// An `Encoder` for one parameter: a single-value container binds it; asking for a keyed or
/// unkeyed container is noted (``wantsContainer``) and its use throws ``NeedsContainer``.
final class ColumnEncoder: Encoder, SingleValueEncodingContainer {
    let statement: Statement
    let index: Int
    private(set) var wantsContainer = false
    private(set) var didBind = false

    init(statement: Statement, index: Int) {
        self.statement = statement
        self.index = index
    }

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        wantsContainer = true
        return KeyedEncodingContainer(RefusingKeyed<Key>(error: nil))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        wantsContainer = true
        return RefusingEncoder(error: nil)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    private func bind(_ value: some ColumnPrimitive) throws {
        try value.bind(to: statement, at: index)
        didBind = true
    }

    func encodeNil() throws {
        try statement.bind(nil, at: index)
        didBind = true
    }
    func encode(_ value: Bool) throws { try bind(value) }
    func encode(_ value: String) throws { try bind(value) }
    func encode(_ value: Double) throws { try bind(value) }
    func encode(_ value: Float) throws { try bind(value) }
    func encode(_ value: Int) throws { try bind(value) }
    func encode(_ value: Int8) throws { try bind(value) }
    func encode(_ value: Int16) throws { try bind(value) }
    func encode(_ value: Int32) throws { try bind(value) }
    func encode(_ value: Int64) throws { try bind(value) }
    func encode(_ value: UInt) throws { try bind(value) }
    func encode(_ value: UInt8) throws { try bind(value) }
    func encode(_ value: UInt16) throws { try bind(value) }
    func encode(_ value: UInt32) throws { try bind(value) }
    func encode(_ value: UInt64) throws { try bind(value) }

    func encode<T: Encodable>(_ value: T) throws {
        if let primitive = value as? any ColumnPrimitive {
            try primitive.bind(to: statement, at: index)
            didBind = true
        } else if let convertible = value as? any SQLValueConvertible {
            try statement.bind(convertible, at: index)
            didBind = true
        } else {
            try value.encode(to: self)
        }
    }
}

/// A container that refuses every value: what a non-throwing `Encoder` method returns when
/// the shape asked for cannot be bound. Its error is reported after encoding.
struct RefusingEncoder: UnkeyedEncodingContainer, SingleValueEncodingContainer {
    let error: RecordError?

    var codingPath: [any CodingKey] { [] }
    var count: Int { 0 }

    private func refuse() throws -> Never {
        if let error { throw error }
        throw NeedsContainer()
    }

    mutating func encodeNil() throws { try refuse() }
    mutating func encode<T: Encodable>(_ value: T) throws { try refuse() }
    mutating func encode(_ value: Bool) throws { try refuse() }
    mutating func encode(_ value: String) throws { try refuse() }
    mutating func encode(_ value: Double) throws { try refuse() }
    mutating func encode(_ value: Float) throws { try refuse() }
    mutating func encode(_ value: Int) throws { try refuse() }
    mutating func encode(_ value: Int8) throws { try refuse() }
    mutating func encode(_ value: Int16) throws { try refuse() }
    mutating func encode(_ value: Int32) throws { try refuse() }
    mutating func encode(_ value: Int64) throws { try refuse() }
    mutating func encode(_ value: UInt) throws { try refuse() }
    mutating func encode(_ value: UInt8) throws { try refuse() }
    mutating func encode(_ value: UInt16) throws { try refuse() }
    mutating func encode(_ value: UInt32) throws { try refuse() }
    mutating func encode(_ value: UInt64) throws { try refuse() }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(RefusingKeyed<NestedKey>(error: error))
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { self }
    mutating func superEncoder() -> any Encoder { RefusingSuperEncoder(error: error) }
}

/// ``RefusingEncoder`` for any key type.
struct RefusingKeyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let error: RecordError?
    var codingPath: [any CodingKey] { [] }
    private func refuse() throws -> Never {
        if let error { throw error }
        throw NeedsContainer()
    }
    mutating func encodeNil(forKey key: Key) throws { try refuse() }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try refuse() }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try refuse() }
    mutating func encode(_ value: String, forKey key: Key) throws { try refuse() }
    mutating func encode(_ value: Double, forKey key: Key) throws { try refuse() }
    mutating func encode(_ value: Float, forKey key: Key) throws { try refuse() }
    mutating func encode(_ value: Int, forKey key: Key) throws { try refuse() }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try refuse() }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try refuse() }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try refuse() }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try refuse() }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try refuse() }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try refuse() }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try refuse() }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try refuse() }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try refuse() }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(RefusingKeyed<NestedKey>(error: error))
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { RefusingEncoder(error: error) }
    mutating func superEncoder() -> any Encoder { RefusingSuperEncoder(error: error) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { RefusingSuperEncoder(error: error) }
}

/// An encoder whose containers all refuse.
struct RefusingSuperEncoder: Encoder {
    let error: RecordError?
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> { KeyedEncodingContainer(RefusingKeyed<Key>(error: error)) }
    func unkeyedContainer() -> any UnkeyedEncodingContainer { RefusingEncoder(error: error) }
    func singleValueContainer() -> any SingleValueEncodingContainer { RefusingEncoder(error: error) }
}
