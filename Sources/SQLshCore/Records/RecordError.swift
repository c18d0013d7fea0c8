/// Thrown when a row cannot decode into a `Decodable` type, or an `Encodable` value cannot bind
/// to a statement's parameters.
///
/// Every error names what it is about (the column or the parameter) and, for values, what was
/// expected and what was found:
///
/// ```swift
/// struct Player: Decodable { var name: String; var score: Int }
/// try db.fetchAll(Player.self, "select 'Ada' as name, 'high' as score")
/// // column 'score': expected Int, found text 'high' (decoding Player)
/// ```
public struct RecordError: Error, CustomStringConvertible, Sendable {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        /// The type asks for a column the row does not have.
        case missingColumn
        /// The statement has a parameter the encoded value does not provide.
        case missingParameter
        /// The column's storage class does not convert to the property's type.
        case typeMismatch
        /// The column is NULL and the property is not optional.
        case unexpectedNull
        /// The integer does not fit in the property's type (`Int8`, `UInt32`, ...).
        case overflow
        /// Text that is not valid UTF-8 was read into a `String`.
        case invalidUTF8
        /// The value has the right storage class but is not a value of the type (an enum raw
        /// value with no case, a malformed date).
        case invalidValue
        /// The type needs a shape a flat row or a single parameter cannot give (a nested
        /// struct or array that is not stored as JSON, a value encoded without keys).
        case unsupportedShape
        /// `decode` was called when the statement has no current row.
        case noRow
    }

    /// What went wrong.
    public var kind: Kind
    /// The column (decoding) or the parameter with its prefix (encoding), when there is one.
    public var name: String?
    /// The Swift type asked for, when there is one.
    public var expected: String?
    /// What was found: `NULL`, `integer 3`, `text 'abc'`, `blob of 4 bytes`.
    public var found: String?
    /// The full message.
    public var description: String

    init(_ kind: Kind, name: String? = nil, expected: String? = nil, found: String? = nil, _ description: String) {
        self.kind = kind
        self.name = name
        self.expected = expected
        self.found = found
        self.description = description
    }
}

extension RecordError {
    /// The message, so that a record error thrown inside a SQL function reads the same.
    public var localizedDescription: String { description }
}

/// A readable name for a type in messages: `Int`, `Player`, `Optional<String>`.
@usableFromInline
func typeName(_ type: Any.Type) -> String { String(describing: type) }
