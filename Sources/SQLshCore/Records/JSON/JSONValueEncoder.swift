/// An `Encoder` that builds a ``JSONValue``: how a record property with fields or elements of
/// its own (a nested struct, an array, a dictionary) is written as JSON text. Object keys are
/// sorted, so equal values give equal texts (as `SQLJSONConvertible` does).
struct JSONValueEncoder: Encoder {
    let node: JSONNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(_ node: JSONNode = JSONNode(), codingPath: [any CodingKey] = []) {
        self.node = node
        self.codingPath = codingPath
    }

    /// Encodes `value` as JSON text.
    static func text<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONValueEncoder()
        try value.encode(to: encoder)
        return encoder.node.build().text
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object = node.content {} else { node.content = .object([]) }
        return KeyedEncodingContainer(JSONKeyedEncoding<Key>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array = node.content {} else { node.content = .array([]) }
        return JSONUnkeyedEncoding(encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { JSONSingleEncoding(encoder: self) }
}

/// A value being built: containers hand out child nodes and fill them later.
final class JSONNode {
    enum Content {
        case empty
        case value(JSONValue)
        case object([(key: String, node: JSONNode)])
        case array([JSONNode])
    }

    var content: Content = .empty

    func build() -> JSONValue {
        switch content {
        case .empty: return .object([])
        case .value(let value): return value
        case .object(let members):
            return .object(members.sorted { $0.key < $1.key }.map { (key: $0.key, value: $0.node.build()) })
        case .array(let nodes): return .array(nodes.map { $0.build() })
        }
    }
}

private struct JSONSingleEncoding: SingleValueEncodingContainer {
    let encoder: JSONValueEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    private func set(_ value: JSONValue) { encoder.node.content = .value(value) }

    mutating func encodeNil() throws { set(.null) }
    mutating func encode(_ value: Bool) throws { set(.bool(value)) }
    mutating func encode(_ value: String) throws { set(.string(value)) }
    mutating func encode(_ value: Double) throws {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: codingPath, debugDescription: "JSON has no \(value)"))
        }
        set(.number("\(value)"))
    }
    mutating func encode(_ value: Float) throws {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: codingPath, debugDescription: "JSON has no \(value)"))
        }
        set(.number("\(value)"))
    }
    mutating func encode(_ value: Int) throws { set(.number(String(value))) }
    mutating func encode(_ value: Int8) throws { set(.number(String(value))) }
    mutating func encode(_ value: Int16) throws { set(.number(String(value))) }
    mutating func encode(_ value: Int32) throws { set(.number(String(value))) }
    mutating func encode(_ value: Int64) throws { set(.number(String(value))) }
    mutating func encode(_ value: UInt) throws { set(.number(String(value))) }
    mutating func encode(_ value: UInt8) throws { set(.number(String(value))) }
    mutating func encode(_ value: UInt16) throws { set(.number(String(value))) }
    mutating func encode(_ value: UInt32) throws { set(.number(String(value))) }
    mutating func encode(_ value: UInt64) throws { set(.number(String(value))) }
    mutating func encode<T: Encodable>(_ value: T) throws { try value.encode(to: encoder) }
}

private struct JSONKeyedEncoding<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: JSONValueEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    /// The node for `key`, created (or replaced) in the object.
    private func child(_ key: Key) -> JSONValueEncoder {
        let child = JSONNode()
        if case .object(var members) = encoder.node.content {
            encoder.node.content = .empty // so that `members` is uniquely referenced
            members.removeAll { $0.key == key.stringValue }
            members.append((key.stringValue, child))
            encoder.node.content = .object(members)
        }
        return JSONValueEncoder(child, codingPath: codingPath + [key])
    }

    mutating func encodeNil(forKey key: Key) throws { child(key).node.content = .value(.null) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try value.encode(to: child(key)) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try value.encode(to: child(key)) }
    mutating func encode(_ value: String, forKey key: Key) throws { try value.encode(to: child(key)) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try value.encode(to: child(key)) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try value.encode(to: child(key)) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try value.encode(to: child(key)) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try value.encode(to: child(key)) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try value.encode(to: child(key)) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try value.encode(to: child(key)) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try value.encode(to: child(key)) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try value.encode(to: child(key)) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try value.encode(to: child(key)) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try value.encode(to: child(key)) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try value.encode(to: child(key)) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try value.encode(to: child(key)) }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        child(key).container(keyedBy: keyType)
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { child(key).unkeyedContainer() }
    mutating func superEncoder() -> any Encoder { encoder }
    mutating func superEncoder(forKey key: Key) -> any Encoder { child(key) }
}

private struct JSONUnkeyedEncoding: UnkeyedEncodingContainer {
    let encoder: JSONValueEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int {
        if case .array(let nodes) = encoder.node.content { return nodes.count }
        return 0
    }

    private func next() -> JSONValueEncoder {
        let child = JSONNode()
        var index = 0
        if case .array(var nodes) = encoder.node.content {
            encoder.node.content = .empty // so that `nodes` is uniquely referenced
            index = nodes.count
            nodes.append(child)
            encoder.node.content = .array(nodes)
        }
        return JSONValueEncoder(child, codingPath: codingPath + [JSONIndexKey(index)])
    }

    mutating func encodeNil() throws { next().node.content = .value(.null) }
    mutating func encode<T: Encodable>(_ value: T) throws { try value.encode(to: next()) }
    mutating func encode(_ value: Bool) throws { try value.encode(to: next()) }
    mutating func encode(_ value: String) throws { try value.encode(to: next()) }
    mutating func encode(_ value: Double) throws { try value.encode(to: next()) }
    mutating func encode(_ value: Float) throws { try value.encode(to: next()) }
    mutating func encode(_ value: Int) throws { try value.encode(to: next()) }
    mutating func encode(_ value: Int8) throws { try value.encode(to: next()) }
    mutating func encode(_ value: Int16) throws { try value.encode(to: next()) }
    mutating func encode(_ value: Int32) throws { try value.encode(to: next()) }
    mutating func encode(_ value: Int64) throws { try value.encode(to: next()) }
    mutating func encode(_ value: UInt) throws { try value.encode(to: next()) }
    mutating func encode(_ value: UInt8) throws { try value.encode(to: next()) }
    mutating func encode(_ value: UInt16) throws { try value.encode(to: next()) }
    mutating func encode(_ value: UInt32) throws { try value.encode(to: next()) }
    mutating func encode(_ value: UInt64) throws { try value.encode(to: next()) }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        next().container(keyedBy: keyType)
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { next().unkeyedContainer() }
    mutating func superEncoder() -> any Encoder { next() }
}
