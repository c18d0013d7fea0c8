// Codable values stored as JSON text. This module is separate from SQLshCore because it needs
// FoundationEssentials (JSONEncoder, JSONDecoder), which costs start-up time to every program
// linking it; the sqlsh shell does not.
import FoundationEssentials
import SQLshCore

/// A Codable type stored as JSON text: conform to this protocol and the conversions come for
/// free.
///
/// ```swift
/// struct Point: SQLJSONConvertible { var x, y: Double }
///
/// try statement.bind(Point(x: 1, y: 2), at: 1)      // binds '{"x":1,"y":2}'
/// let p = try statement.decode(0, as: Point.self)   // reads JSON text (or a blob of JSON)
/// SQLFunction("origin", argumentCount: 0) { _ in Point(x: 0, y: 0) } // returns JSON text
/// ```
///
/// Keys are sorted, so equal values give equal texts. An enum with a raw value that conforms is
/// stored as its raw value, not as JSON. The conformance is explicit (rather than given to every
/// `Codable` type) so that a Codable type with its own ``SQLValueConvertible`` conversions is
/// never silently stored as JSON.
public protocol SQLJSONConvertible: Codable, SQLValueConvertible {}

extension SQLJSONConvertible {
    /// The JSON text of the value, or NULL when it cannot be encoded; ``encodedSQLValue()``
    /// reports that failure instead.
    public var sqlValue: SQLValue { (try? encodedSQLValue()) ?? .null }

    /// The JSON text of the value; throws ``ValueConversionError`` when encoding fails (a
    /// non-finite Double, for instance).
    public func encodedSQLValue() throws -> SQLValue {
        do {
            let data = try jsonEncoder().encode(self)
            return .text(String(decoding: data, as: UTF8.self))
        } catch {
            throw ValueConversionError(found: "\(Self.self) value (\(error))", targetType: "JSON text")
        }
    }

    /// Decodes JSON text (or a blob holding JSON).
    public static func fromSQLValue(_ value: SQLValue) throws -> Self {
        let data: Data
        switch value {
        case .text(let s): data = Data(s.utf8)
        case .blob(let b): data = Data(b)
        default: throw ValueConversionError(value, to: Self.self)
        }
        do {
            return try JSONDecoder().decode(Self.self, from: data)
        } catch {
            throw ValueConversionError(found: value.debugSummary, targetType: "\(Self.self)",
                                       context: "invalid JSON: \(error)")
        }
    }

    /// Decodes an argument's JSON text directly from SQLite's bytes.
    public static func decode(_ argument: Argument) throws -> Self {
        switch argument.storageType {
        case .text, .blob:
            do {
                return try JSONDecoder().decode(Self.self, from: Data(argument.blob))
            } catch {
                throw ValueConversionError(found: argument.sqlValue.debugSummary, targetType: "\(Self.self)",
                                           context: "invalid JSON: \(error)")
            }
        default:
            throw ValueConversionError(argument.sqlValue, to: Self.self)
        }
    }

    /// Sets the JSON text as the result, or reports the encoding error.
    public func setResult(_ result: ResultContext) {
        do {
            result.set(try encodedSQLValue())
        } catch {
            result.setError(error)
        }
    }
}

// A Codable enum with a raw value is stored as its raw value: these pick that over JSON.
extension SQLJSONConvertible where Self: RawRepresentable, RawValue: SQLValueConvertible {
    public var sqlValue: SQLValue { rawValue.sqlValue }

    public func encodedSQLValue() throws -> SQLValue { rawValue.sqlValue }

    public static func fromSQLValue(_ value: SQLValue) throws -> Self {
        guard let v = Self(rawValue: try RawValue.fromSQLValue(value)) else {
            throw ValueConversionError(value, to: Self.self)
        }
        return v
    }

    public static func decode(_ argument: Argument) throws -> Self { try fromSQLValue(argument.sqlValue) }

    public func setResult(_ result: ResultContext) { result.set(sqlValue) }
}

private func jsonEncoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
}
