// Foundation's value types as SQLite values, so that they bind, decode, work as function
// arguments and results, and read and write record properties (Statement.decode(_:),
// Statement.bind(record:)):
//
// - Date: text 'YYYY-MM-DD HH:MM:SS.SSS' in UTC (the format SQLite's date functions read and
//   write, and GRDB's); reads that text (also with 'T', without seconds or milliseconds, with
//   a 'Z' or '+HH:MM' offset, a date alone), and integers and reals as Unix time in seconds
//   (what unixepoch() and strftime('%s') give). Julian day numbers are not guessed at: convert
//   them in SQL (datetime(x)).
// - Data: a blob; reads blobs and the bytes of text.
// - URL: its absolute string as text.
// - UUID: lowercase text ('6ba7b810-9dad-11d1-80b4-00c04fd430c8', as sqlean's uuid4() gives);
//   reads that text in either case, and 16-byte blobs (sqlean's uuid_blob()).
import FoundationEssentials
import SQLshCore

extension Date: SQLValueConvertible {
    /// The date as UTC text `YYYY-MM-DD HH:MM:SS.SSS`, or NULL for a date outside years
    /// 0000 to 9999 (``encodedSQLValue()`` reports that instead).
    public var sqlValue: SQLValue { (try? encodedSQLValue()) ?? .null }

    /// The date as UTC text `YYYY-MM-DD HH:MM:SS.SSS`, truncated to the millisecond.
    /// - Throws: ``ValueConversionError`` for a date outside years 0000 to 9999.
    public func encodedSQLValue() throws -> SQLValue {
        guard let text = SQLDateText.format(timeIntervalSince1970) else {
            throw ValueConversionError(found: "Date \(timeIntervalSince1970) seconds since 1970", targetType: "date text",
                                       context: "outside years 0000 to 9999")
        }
        return .text(text)
    }

    public static func fromSQLValue(_ value: SQLValue) throws -> Date {
        switch value {
        case .integer(let seconds): return Date(timeIntervalSince1970: Double(seconds))
        case .real(let seconds) where seconds.isFinite: return Date(timeIntervalSince1970: seconds)
        case .text(let text):
            guard let seconds = SQLDateText.parse(Array(text.utf8)) else {
                throw ValueConversionError(value, to: Date.self, context: "expected 'YYYY-MM-DD HH:MM:SS.SSS'")
            }
            return Date(timeIntervalSince1970: seconds)
        default:
            throw ValueConversionError(value, to: Date.self)
        }
    }

    public func setResult(_ result: ResultContext) {
        do { result.set(try encodedSQLValue()) } catch { result.setError(error) }
    }
}

extension Data: SQLValueConvertible {
    public var sqlValue: SQLValue { .blob([UInt8](self)) }

    public static func fromSQLValue(_ value: SQLValue) throws -> Data {
        switch value {
        case .blob(let bytes): return Data(bytes)
        case .text(let text): return Data(text.utf8)
        default: throw ValueConversionError(value, to: Data.self)
        }
    }
}

extension URL: SQLValueConvertible {
    public var sqlValue: SQLValue { .text(absoluteString) }

    public static func fromSQLValue(_ value: SQLValue) throws -> URL {
        guard case .text(let text) = value, let url = URL(string: text) else {
            throw ValueConversionError(value, to: URL.self)
        }
        return url
    }
}

extension UUID: SQLValueConvertible {
    public var sqlValue: SQLValue { .text(uuidString.lowercased()) }

    public static func fromSQLValue(_ value: SQLValue) throws -> UUID {
        switch value {
        case .text(let text):
            if let uuid = UUID(uuidString: text) { return uuid }
        case .blob(let b) where b.count == 16:
            return UUID(uuid: (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7],
                               b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]))
        default:
            break
        }
        throw ValueConversionError(value, to: UUID.self, context: "expected 36-character text or a 16-byte blob")
    }
}
