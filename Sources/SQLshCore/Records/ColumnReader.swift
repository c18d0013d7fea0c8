#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads one column of a statement's current row as a Swift value, in place (no
/// intermediate ``SQLValue`` for the standard types), with errors that name the column.
///
/// The conversions are strict where SQLite would invent a value:
/// - integers read integers, and reals that hold an exact integer (`3.0`); other reals, text
///   and blobs are type mismatches; a value out of the type's range is an overflow;
/// - `Double` and `Float` read integers and reals;
/// - `Bool` reads integers and reals (zero is false);
/// - `String` reads text only, and checks that it is valid UTF-8;
/// - `[UInt8]` reads blobs and the bytes of text;
/// - NULL is only for optionals.
struct ColumnReader {
    let statement: Statement
    let index: Int
    let columns: RecordColumns
    /// The type being decoded (for messages).
    let recordType: Any.Type

    var name: String { columns.names[index] }

    var storageType: StorageType { statement.columnType(at: index) }

    /// `integer 3`, `text 'abc'`, ... for messages.
    var foundSummary: String { statement.value(at: index).debugSummary }

    func mismatch(_ expected: Any.Type) -> RecordError {
        let found = foundSummary
        return RecordError(.typeMismatch, name: name, expected: typeName(expected), found: found,
                           "column '\(name)': expected \(typeName(expected)), found \(found) (decoding \(typeName(recordType)))")
    }

    func unexpectedNull(_ expected: Any.Type) -> RecordError {
        RecordError(.unexpectedNull, name: name, expected: typeName(expected), found: "NULL",
                    "column '\(name)' is NULL, which non-optional \(typeName(expected)) cannot hold (decoding \(typeName(recordType)))")
    }

    func overflow(_ expected: Any.Type) -> RecordError {
        let found = foundSummary
        return RecordError(.overflow, name: name, expected: typeName(expected), found: found,
                           "column '\(name)': \(found) does not fit in \(typeName(expected)) (decoding \(typeName(recordType)))")
    }

    func invalid(_ expected: Any.Type, _ reason: String) -> RecordError {
        let found = foundSummary
        return RecordError(.invalidValue, name: name, expected: typeName(expected), found: found,
                           "column '\(name)': \(found) is not a valid \(typeName(expected)): \(reason) (decoding \(typeName(recordType)))")
    }

    // MARK: Standard types

    func int64(as target: Any.Type) throws -> Int64 {
        switch storageType {
        case .integer:
            return statement.int64(at: index)
        case .real:
            let d = statement.double(at: index)
            if let i = Int64(exactly: d) { return i }
            throw d.isFinite && d.rounded(.towardZero) == d ? overflow(target) : mismatch(target)
        case .null:
            throw unexpectedNull(target)
        case .text, .blob:
            throw mismatch(target)
        }
    }

    func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        let value = try int64(as: type)
        guard let result = T(exactly: value) else { throw overflow(type) }
        return result
    }

    func double() throws -> Double {
        switch storageType {
        case .integer, .real: return statement.double(at: index)
        case .null: throw unexpectedNull(Double.self)
        case .text, .blob: throw mismatch(Double.self)
        }
    }

    func float() throws -> Float {
        switch storageType {
        case .integer, .real:
            let d = statement.double(at: index)
            let f = Float(d)
            if d.isFinite && !f.isFinite { throw overflow(Float.self) }
            return f
        case .null: throw unexpectedNull(Float.self)
        case .text, .blob: throw mismatch(Float.self)
        }
    }

    func bool() throws -> Bool {
        switch storageType {
        case .integer: return statement.int64(at: index) != 0
        case .real: return statement.double(at: index) != 0
        case .null: throw unexpectedNull(Bool.self)
        case .text, .blob: throw mismatch(Bool.self)
        }
    }

    func string() throws -> String {
        switch storageType {
        case .text:
            guard let text = validUTF8(statement.textBytes(at: index)) else {
                throw RecordError(.invalidUTF8, name: name, expected: "String", found: foundSummary,
                                  "column '\(name)': text is not valid UTF-8 and cannot be a String; read it as [UInt8] (decoding \(typeName(recordType)))")
            }
            return text
        case .null: throw unexpectedNull(String.self)
        case .integer, .real, .blob: throw mismatch(String.self)
        }
    }

    func bytes() throws -> [UInt8] {
        switch storageType {
        case .blob: return Array(statement.blobBytes(at: index))
        case .text: return Array(statement.textBytes(at: index))
        case .null: throw unexpectedNull([UInt8].self)
        case .integer, .real: throw mismatch([UInt8].self)
        }
    }

    // MARK: Any Decodable

    /// Decodes `T` from the column: the standard types in place, then any
    /// ``SQLValueConvertible`` type through its own conversion (this is how Foundation's
    /// `Date`, `Data`, `URL`, `UUID` and `SQLJSONConvertible` types from `SQLshJSON` are
    /// read), then any other `Decodable`: a single-value one (raw-value enums, wrappers)
    /// through a one-column decoder, one with fields or elements from JSON text.
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if let primitive = T.self as? any ColumnPrimitive.Type {
            return try cast(primitive.read(from: self), T.self)
        }
        if let convertible = T.self as? any SQLValueConvertible.Type {
            let value = statement.value(at: index)
            do {
                return try cast(convertible.fromSQLValue(value), T.self)
            } catch let error as ValueConversionError {
                if value.isNull { throw unexpectedNull(T.self) }
                let reason = error.context ?? "cannot convert"
                throw RecordError(.typeMismatch, name: name, expected: typeName(T.self), found: value.debugSummary,
                                  "column '\(name)': expected \(typeName(T.self)), found \(value.debugSummary) (\(reason); decoding \(typeName(recordType)))")
            }
        }
        do {
            return try T(from: ColumnDecoder(reader: self))
        } catch is NeedsContainer {
            return try decodeJSON(T.self)
        } catch let error as RecordError {
            throw error
        } catch let error as DecodingError {
            throw invalid(T.self, decodingErrorReason(error))
        }
    }

    /// A type with fields or elements (a nested struct, an array, a dictionary) reads the
    /// column as JSON text (or a blob holding JSON).
    private func decodeJSON<T: Decodable>(_ type: T.Type) throws -> T {
        let decoder = try jsonDecoder(for: T.self)
        do {
            return try T(from: decoder)
        } catch let error as DecodingError {
            throw invalid(T.self, decodingErrorReason(error))
        }
    }

    /// A decoder over the column's JSON text (or blob holding JSON), parsed.
    func jsonDecoder(for type: Any.Type) throws -> JSONValueDecoder {
        let bytes: UnsafeBufferPointer<UInt8>
        switch storageType {
        case .text: bytes = statement.textBytes(at: index)
        case .blob:
            let raw = statement.blobBytes(at: index)
            bytes = UnsafeBufferPointer(start: raw.baseAddress?.assumingMemoryBound(to: UInt8.self), count: raw.count)
        case .null: throw unexpectedNull(type)
        case .integer, .real: throw mismatch(type)
        }
        let json: JSONValue
        do {
            json = try JSONValue.parse(bytes)
        } catch let error as JSONSyntaxError {
            let found = foundSummary
            throw RecordError(.invalidValue, name: name, expected: typeName(type), found: found,
                              "column '\(name)': expected \(typeName(type)) as JSON text, found \(found) (invalid JSON: \(error); decoding \(typeName(recordType)))")
        }
        return JSONValueDecoder(json)
    }

    private func cast<T>(_ value: Any, _ type: T.Type) throws -> T {
        guard let result = value as? T else { throw mismatch(type) }
        return result
    }
}

/// The bytes as a String, or nil when they are not valid UTF-8. (`String(validating:as:)` is
/// generic and instantiates type metadata on every call; decoding, which repairs invalid
/// sequences, and comparing the result's bytes is cheaper on this hot path.)
func validUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    let text = String(decoding: bytes, as: UTF8.self)
    guard text.utf8.count == bytes.count else { return nil }
    guard let base = bytes.baseAddress, bytes.count > 0 else { return text }
    // A repaired sequence can keep the length (three bad bytes become one U+FFFD), so the
    // bytes are compared: with memcmp over the string's own storage, several times faster
    // than comparing element by element through the UTF8View.
    let same = text.utf8.withContiguousStorageIfAvailable { storage in
        storage.baseAddress.map { memcmp($0, base, bytes.count) == 0 } ?? false
    } ?? text.utf8.elementsEqual(bytes)
    return same ? text : nil
}

/// The human part of a `DecodingError` (its debug description).
func decodingErrorReason(_ error: DecodingError) -> String {
    switch error {
    case .dataCorrupted(let context), .keyNotFound(_, let context),
         .typeMismatch(_, let context), .valueNotFound(_, let context):
        return context.debugDescription
    @unknown default:
        return String(describing: error)
    }
}

/// Thrown by the one-column decoder and encoder when a type asks for a keyed or unkeyed
/// container: such a value is stored as JSON text.
struct NeedsContainer: Error {}
