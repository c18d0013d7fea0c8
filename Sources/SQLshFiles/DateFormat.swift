/// A `dateformat` / `timestampformat` of `read_csv`, in DuckDB's strftime-style specifiers:
/// `%Y` (4-digit year), `%y` (2-digit, 2000-2068 / 1969-1999), `%m`, `%d`, `%-m`/`%-d`
/// (without a leading zero), `%H`, `%I` with `%p`, `%M`, `%S`, `%f` (microseconds, up to 6
/// digits), `%b`/`%B` (English month names), `%%`; any other character stands for itself.
/// A value read with it becomes ISO text (`2024-03-21`, `2024-03-21 14:05:00`), which
/// SQLite's date functions take.
struct DateFormat: Sendable, Equatable {
    enum Piece: Sendable, Equatable {
        case literal(UInt8)
        case year4, year2, month, day, hour24, hour12, minute, second, fraction, ampm, monthName
    }

    let pieces: [Piece]
    /// The text given, for messages.
    let text: String

    /// The format `text`; an error naming an unknown specifier.
    init(_ text: String, option: String) throws {
        var pieces: [Piece] = []
        var bytes = Array(text.utf8)[...]
        while let byte = bytes.popFirst() {
            guard byte == UInt8(ascii: "%") else { pieces.append(.literal(byte)); continue }
            var specifier = bytes.popFirst()
            if specifier == UInt8(ascii: "-") { specifier = bytes.popFirst() }
            switch specifier.map({ Character(Unicode.Scalar($0)) }) {
            case "Y": pieces.append(.year4)
            case "y": pieces.append(.year2)
            case "m": pieces.append(.month)
            case "d", "e": pieces.append(.day)
            case "H": pieces.append(.hour24)
            case "I": pieces.append(.hour12)
            case "M": pieces.append(.minute)
            case "S": pieces.append(.second)
            case "f": pieces.append(.fraction)
            case "p": pieces.append(.ampm)
            case "b", "B", "h": pieces.append(.monthName)
            case "%": pieces.append(.literal(UInt8(ascii: "%")))
            default:
                let shown = specifier.map { "%" + String(Character(Unicode.Scalar($0))) } ?? "% at the end"
                throw FileTableError("read_csv: \(option) has an unknown specifier \(shown) (known: %Y %y %m %d %H %I %p %M %S %f %b %B %%)")
            }
        }
        self.pieces = pieces
        self.text = text
    }

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    private static let fullMonths = ["january", "february", "march", "april", "may", "june", "july", "august",
                                     "september", "october", "november", "december"]

    /// The field `p[0..<n]` read with this format as ISO text: a date (`timestamp` false) or a
    /// timestamp; nil when it does not match or is no real date (`2024-02-30`).
    func read(_ p: UnsafePointer<UInt8>, _ n: Int, timestamp: Bool) -> String? {
        var i = 0
        var year = 1970, month = 1, day = 1, hour = 0, minute = 0, second = 0
        var fraction = ""
        var pm: Bool? = nil
        var twelveHour = false
        func number(_ maxDigits: Int) -> Int? {
            var value = 0, count = 0
            while i < n, count < maxDigits, p[i] &- 48 < 10 { value = value * 10 + Int(p[i] &- 48); i += 1; count += 1 }
            return count > 0 ? value : nil
        }
        for piece in pieces {
            switch piece {
            case .literal(let byte):
                guard i < n, p[i] == byte else { return nil }
                i += 1
            case .year4: guard let v = number(4) else { return nil }; year = v
            case .year2: guard let v = number(2) else { return nil }; year = v < 69 ? 2000 + v : 1900 + v
            case .month: guard let v = number(2) else { return nil }; month = v
            case .day: guard let v = number(2) else { return nil }; day = v
            case .hour24: guard let v = number(2) else { return nil }; hour = v
            case .hour12: guard let v = number(2), (1...12).contains(v) else { return nil }; hour = v; twelveHour = true
            case .minute: guard let v = number(2) else { return nil }; minute = v
            case .second: guard let v = number(2) else { return nil }; second = v
            case .fraction:
                let start = i
                while i < n, i - start < 6, p[i] &- 48 < 10 { i += 1 }
                guard i > start else { return nil }
                fraction = String(decoding: UnsafeBufferPointer(start: p + start, count: i - start), as: UTF8.self)
            case .ampm:
                guard i + 2 <= n, p[i + 1] | 0x20 == UInt8(ascii: "m") else { return nil }
                switch p[i] | 0x20 {
                case UInt8(ascii: "a"): pm = false
                case UInt8(ascii: "p"): pm = true
                default: return nil
                }
                i += 2
            case .monthName:
                var word = ""
                while i < n, (p[i] | 0x20) >= UInt8(ascii: "a"), (p[i] | 0x20) <= UInt8(ascii: "z") {
                    word.append(Character(Unicode.Scalar(p[i] | 0x20)))
                    i += 1
                }
                guard let index = Self.months.firstIndex(of: word) ?? Self.fullMonths.firstIndex(of: word) else { return nil }
                month = index + 1
            }
        }
        guard i == n else { return nil }
        if twelveHour, let pm { hour = hour % 12 + (pm ? 12 : 0) }
        guard (1...12).contains(month), day >= 1, day <= Self.days(inMonth: month, year: year),
              hour < 24, minute < 60, second < 61 else { return nil }
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let yearText = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
        var out = "\(yearText)-\(two(month))-\(two(day))"
        if timestamp {
            out += " \(two(hour)):\(two(minute)):\(two(second))"
            if !fraction.isEmpty { out += "." + fraction }
        }
        return out
    }

    static func days(inMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
