import SQLshCore

/// `unnest(json_array)`, DuckDB's table function on a list, for DuckDB's lists as sqlsh gives
/// them (JSON arrays): one row per element, in one column named `unnest`. Numbers become
/// integers or reals, strings text, true and false 1 and 0, null NULL, and a nested array or
/// object its JSON text.
struct DuckDBUnnest: TableValuedFunction {
    static let columns: [TableValuedColumn] = [.column("unnest"), .parameter("list", required: true)]
    static var options: TableValuedOptions { .innocuous }

    /// One element: where its JSON text lies in ``bytes``.
    struct Element { var start: Int; var end: Int }

    private var bytes: [UInt8] = []
    private var elements: [Element] = []
    private var position = 0

    init() {}

    mutating func filter(_ arguments: FilterArguments) throws {
        bytes = []
        elements = []
        position = 0
        guard let list = arguments.parameter(1), !list.isNull else { return }
        guard list.storageType == .text else { throw DuckDBError("unnest(): the argument must be a JSON array (text)") }
        bytes = Array(list.textBytes)
        elements = try Self.split(bytes)
    }

    var isAtEnd: Bool { position >= elements.count }

    mutating func next() throws { position += 1 }

    func column(_ index: Int, into result: ResultContext) throws {
        guard index == 0 else {
            return bytes.withUnsafeBufferPointer { result.setText(utf8: $0) }
        }
        let element = elements[position]
        try bytes.withUnsafeBufferPointer { all in
            try Self.setValue(UnsafeBufferPointer(rebasing: all[element.start..<element.end]), result)
        }
    }

    func rowid() throws -> Int64 { Int64(position + 1) }

    static let notAnArray = DuckDBError("unnest(): the argument is not a JSON array")

    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    /// The elements of the JSON array `bytes`, each found by scanning (nesting counted with a
    /// counter, not recursion, so that deep input cannot exhaust the stack).
    static func split(_ bytes: [UInt8]) throws -> [Element] {
        var i = 0
        let n = bytes.count
        while i < n, isSpace(bytes[i]) { i += 1 }
        guard i < n, bytes[i] == UInt8(ascii: "[") else { throw notAnArray }
        i += 1
        var elements: [Element] = []
        while true {
            while i < n, isSpace(bytes[i]) { i += 1 }
            guard i < n else { throw notAnArray }
            if bytes[i] == UInt8(ascii: "]"), elements.isEmpty { i += 1; break }
            let start = i
            var depth = 0
            var inString = false
            while i < n {
                let b = bytes[i]
                if inString {
                    if b == 0x5C { i += 1 } else if b == 0x22 { inString = false }
                } else if b == 0x22 {
                    inString = true
                } else if b == UInt8(ascii: "[") || b == UInt8(ascii: "{") {
                    depth += 1
                } else if b == UInt8(ascii: "]") || b == UInt8(ascii: "}") {
                    if depth == 0 { break }
                    depth -= 1
                } else if b == UInt8(ascii: ","), depth == 0 {
                    break
                }
                i += 1
            }
            guard i < n, !inString else { throw notAnArray }
            var end = i
            while end > start, isSpace(bytes[end - 1]) { end -= 1 }
            guard end > start else { throw notAnArray }
            elements.append(Element(start: start, end: end))
            if bytes[i] == UInt8(ascii: "]") { i += 1; break }
            guard bytes[i] == UInt8(ascii: ",") else { throw notAnArray }
            i += 1
        }
        while i < n, isSpace(bytes[i]) { i += 1 }
        guard i == n else { throw notAnArray }
        return elements
    }

    /// Sets the SQL value of one element's JSON text.
    static func setValue(_ text: UnsafeBufferPointer<UInt8>, _ result: ResultContext) throws {
        let first = text[0]
        switch first {
        case 0x22: result.set(try decodeString(text))
        case UInt8(ascii: "["), UInt8(ascii: "{"): result.setText(utf8: text)
        case UInt8(ascii: "t") where text.elementsEqual("true".utf8): result.set(1)
        case UInt8(ascii: "f") where text.elementsEqual("false".utf8): result.set(0)
        case UInt8(ascii: "n") where text.elementsEqual("null".utf8): result.setNull()
        default:
            let string = String(decoding: text, as: UTF8.self)
            guard text.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D || $0 == 0x2B || $0 == 0x2E || $0 | 0x20 == 0x65 }) else {
                throw notAnArray
            }
            if let integer = Int64(string) { return result.set(integer) }
            guard let real = Double(string), real.isFinite else { throw notAnArray }
            result.set(real)
        }
    }

    /// The text of a JSON string (quotes included in `text`), escapes decoded.
    static func decodeString(_ text: UnsafeBufferPointer<UInt8>) throws -> String {
        guard text.count >= 2, text[text.count - 1] == 0x22 else { throw notAnArray }
        let body = UnsafeBufferPointer(rebasing: text[1..<(text.count - 1)])
        guard UTF8Bytes.firstInvalidOffset(body) == nil else { throw DuckDBError("unnest(): the text is not valid UTF-8") }
        var out: [UInt8] = []
        out.reserveCapacity(body.count)
        var i = 0
        func hex4(_ at: Int) throws -> UInt32 {
            guard at + 4 <= body.count else { throw notAnArray }
            var v: UInt32 = 0
            for k in at..<(at + 4) {
                let c = body[k]
                let d: UInt8
                switch c {
                case 0x30...0x39: d = c - 0x30
                case 0x61...0x66: d = c - 0x61 + 10
                case 0x41...0x46: d = c - 0x41 + 10
                default: throw notAnArray
                }
                v = v << 4 | UInt32(d)
            }
            return v
        }
        while i < body.count {
            let b = body[i]
            guard b == 0x5C else { out.append(b); i += 1; continue }
            guard i + 1 < body.count else { throw notAnArray }
            let e = body[i + 1]
            i += 2
            switch e {
            case 0x22, 0x5C, 0x2F: out.append(e)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4(i)
                i += 4
                if scalar >= 0xD800, scalar < 0xDC00, i + 6 <= body.count, body[i] == 0x5C, body[i + 1] == UInt8(ascii: "u") {
                    let low = try hex4(i + 2)
                    if low >= 0xDC00, low < 0xE000 {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        i += 6
                    }
                }
                let s = Unicode.Scalar(scalar) ?? "\u{FFFD}"
                out.append(contentsOf: Array(String(Character(s)).utf8))
            default: throw notAnArray
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

extension DuckDBTables {
    static let unnest = CatalogFunction(
        name: "unnest", kind: .tableValued, arity: "1", arguments: "json_array", flags: [.innocuous],
        summary: "the elements of a JSON array (DuckDB's lists as sqlsh gives them) as rows",
        details: """
            DuckDB's table function unnest on a list, for the JSON arrays sqlsh gives for \
            DuckDB's lists (list(), string_split(), regexp_extract_all()...): one row per \
            element in one column named unnest, in order (rowid 1, 2, ...). Numbers become \
            integers or reals, strings text, true and false 1 and 0, null NULL, a nested array \
            or object its JSON text. NULL gives no rows; text that is not a JSON array, or any \
            other type, is an error. Unlike DuckDB, unnest goes in FROM, not in the select list.
            """,
        example: "select group_concat(unnest, ' ') from unnest('[1, \"two\", null, [3]]');  -- '1 two [3]'",
        register: { try $0.addTableValuedFunction("unnest", DuckDBUnnest.self) },
        unregister: { try $0.removeTableValuedFunction(named: "unnest") })
}
