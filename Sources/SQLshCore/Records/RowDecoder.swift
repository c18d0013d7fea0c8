/// A `Decoder` over the current row of a statement: a keyed container reads columns by name,
/// an unkeyed container reads them left to right, a single-value container reads a
/// one-column row. Values are read in place from SQLite; nothing is collected per row.
struct RowDecoder: Decoder {
    let statement: Statement
    let columns: RecordColumns
    let recordType: Any.Type

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func reader(_ index: Int) -> ColumnReader {
        ColumnReader(statement: statement, index: index, columns: columns, recordType: recordType)
    }

    /// Decodes the whole row as `T`.
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        // A type that reads one value (Int, String, a raw-value enum, a convertible type)
        // reads a one-column row.
        if columns.readsOneColumn(T.self) {
            return try singleColumn().decode(T.self)
        }
        do {
            return try T(from: self)
        } catch let error as DecodingError {
            // Thrown by the type itself (a raw-value enum reading one column, a custom init).
            if columns.names.count == 1 { throw reader(0).invalid(T.self, decodingErrorReason(error)) }
            throw RecordError(.invalidValue, expected: typeName(T.self),
                              "the row (\(columns.list)) is not a valid \(typeName(T.self)): \(decodingErrorReason(error))")
        }
    }

    private func singleColumn() throws -> ColumnReader {
        guard columns.names.count == 1 else {
            throw RecordError(.unsupportedShape, expected: typeName(recordType),
                              "\(typeName(recordType)) reads one column, and the row has \(columns.names.count) (\(columns.list))")
        }
        return reader(0)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(RowKeyedContainer<Key>(decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        RowUnkeyedContainer(decoder: self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        ColumnDecoder(reader: try singleColumn())
    }
}

/// Columns by name.
struct RowKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: RowDecoder

    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { decoder.columns.names.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { decoder.columns.index(of: key.stringValue) != nil }

    private func column(_ key: Key) throws -> ColumnReader {
        guard let index = decoder.columns.index(of: key.stringValue) else {
            let type = typeName(decoder.recordType)
            throw RecordError(.missingColumn, name: key.stringValue, expected: type,
                              "no column '\(key.stringValue)' for \(type).\(key.stringValue) (the row has: \(decoder.columns.list))")
        }
        return decoder.reader(index)
    }

    func decodeNil(forKey key: Key) throws -> Bool { try column(key).storageType == .null }

    /// One lookup for an optional property: nil when the column is missing or NULL (the
    /// default implementations would look the column up three times).
    private func present(_ key: Key) -> ColumnReader? {
        guard let index = decoder.columns.index(of: key.stringValue) else { return nil }
        let reader = decoder.reader(index)
        return reader.storageType == .null ? nil : reader
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? { try present(key)?.decode(type) }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try present(key)?.bool() }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try present(key)?.string() }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try present(key)?.double() }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try present(key)?.float() }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try present(key)?.integer(Int.self) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try present(key)?.integer(Int8.self) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try present(key)?.integer(Int16.self) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try present(key)?.integer(Int32.self) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try present(key)?.int64(as: Int64.self) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try present(key)?.integer(UInt.self) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try present(key)?.integer(UInt8.self) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try present(key)?.integer(UInt16.self) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try present(key)?.integer(UInt32.self) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try present(key)?.integer(UInt64.self) }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try column(key).bool() }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try column(key).string() }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try column(key).double() }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try column(key).float() }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try column(key).integer(Int.self) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try column(key).integer(Int8.self) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try column(key).integer(Int16.self) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try column(key).integer(Int32.self) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try column(key).int64(as: Int64.self) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try column(key).integer(UInt.self) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try column(key).integer(UInt8.self) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try column(key).integer(UInt16.self) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try column(key).integer(UInt32.self) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try column(key).integer(UInt64.self) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try column(key).decode(T.self) }

    // A nested container reads the column's JSON text.
    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        let column = try column(key)
        do {
            return try column.jsonDecoder(for: [String: Any].self).container(keyedBy: type)
        } catch let error as DecodingError {
            throw column.invalid([String: Any].self, decodingErrorReason(error))
        }
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        let column = try column(key)
        do {
            return try column.jsonDecoder(for: [Any].self).unkeyedContainer()
        } catch let error as DecodingError {
            throw column.invalid([Any].self, decodingErrorReason(error))
        }
    }

    /// The superclass reads the same row.
    func superDecoder() throws -> any Decoder { decoder }

    func superDecoder(forKey key: Key) throws -> any Decoder { ColumnDecoder(reader: try column(key)) }
}

/// Columns left to right (a row read as an array or a tuple-like type).
struct RowUnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: RowDecoder
    private(set) var currentIndex = 0

    init(decoder: RowDecoder) { self.decoder = decoder }

    var codingPath: [any CodingKey] { [] }
    var count: Int? { decoder.columns.names.count }
    var isAtEnd: Bool { currentIndex >= decoder.columns.names.count }

    private mutating func next() throws -> ColumnReader {
        guard !isAtEnd else {
            throw RecordError(.missingColumn, expected: typeName(decoder.recordType),
                              "\(typeName(decoder.recordType)) reads more than the row's \(decoder.columns.names.count) columns (\(decoder.columns.list))")
        }
        defer { currentIndex += 1 }
        return decoder.reader(currentIndex)
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, decoder.reader(currentIndex).storageType == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().decode(T.self) }
    mutating func decode(_ type: Bool.Type) throws -> Bool { try next().decode(Bool.self) }
    mutating func decode(_ type: String.Type) throws -> String { try next().decode(String.self) }
    mutating func decode(_ type: Double.Type) throws -> Double { try next().decode(Double.self) }
    mutating func decode(_ type: Float.Type) throws -> Float { try next().decode(Float.self) }
    mutating func decode(_ type: Int.Type) throws -> Int { try next().decode(Int.self) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next().decode(Int8.self) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next().decode(Int16.self) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next().decode(Int32.self) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next().decode(Int64.self) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next().decode(UInt.self) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next().decode(UInt8.self) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next().decode(UInt16.self) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next().decode(UInt32.self) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next().decode(UInt64.self) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        throw RecordError(.unsupportedShape, expected: typeName(decoder.recordType), "a row is flat: \(typeName(decoder.recordType)) cannot nest containers in it")
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw RecordError(.unsupportedShape, expected: typeName(decoder.recordType), "a row is flat: \(typeName(decoder.recordType)) cannot nest containers in it")
    }

    mutating func superDecoder() throws -> any Decoder { ColumnDecoder(reader: try next()) }
}

/// A `Decoder` over one column: only a single-value container (a keyed or unkeyed one throws
/// ``NeedsContainer``, which ``ColumnReader/decode(_:)`` turns into a clear error).
struct ColumnDecoder: Decoder, SingleValueDecodingContainer {
    let reader: ColumnReader

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> { throw NeedsContainer() }
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw NeedsContainer() }
    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func decodeNil() -> Bool { reader.storageType == .null }
    func decode(_ type: Bool.Type) throws -> Bool { try reader.bool() }
    func decode(_ type: String.Type) throws -> String { try reader.string() }
    func decode(_ type: Double.Type) throws -> Double { try reader.double() }
    func decode(_ type: Float.Type) throws -> Float { try reader.float() }
    func decode(_ type: Int.Type) throws -> Int { try reader.integer(Int.self) }
    func decode(_ type: Int8.Type) throws -> Int8 { try reader.integer(Int8.self) }
    func decode(_ type: Int16.Type) throws -> Int16 { try reader.integer(Int16.self) }
    func decode(_ type: Int32.Type) throws -> Int32 { try reader.integer(Int32.self) }
    func decode(_ type: Int64.Type) throws -> Int64 { try reader.int64(as: Int64.self) }
    func decode(_ type: UInt.Type) throws -> UInt { try reader.integer(UInt.self) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try reader.integer(UInt8.self) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try reader.integer(UInt16.self) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try reader.integer(UInt32.self) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try reader.integer(UInt64.self) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try reader.decode(T.self) }
}
