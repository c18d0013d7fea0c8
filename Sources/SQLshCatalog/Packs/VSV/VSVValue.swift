#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLshCore

/// A field's value by the table's affinity, as sqlean's vsv converts it.
enum VSVValue {
    static func write(_ bytes: UnsafeBufferPointer<UInt8>, affinity: VSVOptions.Affinity, validate: Bool,
                      decimalSeparator: UInt8, into result: ResultContext) throws {
        switch affinity {
        case .blob:
            return result.setBlob(UnsafeRawBufferPointer(bytes))
        case .none:
            if validate && !isWellFormed(bytes) { throw SQLiteError(message: "Invalid UTF8 Data") }
            return result.setText(utf8: bytes)
        case .text:
            return text(bytes, validate: validate, into: result)
        case .integer:
            if let n = integer(bytes) { return result.set(n) }
        case .real:
            if let x = real(bytes, decimalSeparator) { return result.set(x) }
        case .numeric:
            if let n = integer(bytes) { return result.set(n) }
            if let x = real(bytes, decimalSeparator) {
                if x == x.rounded(), x >= -9.223372036854775808e18, x < 9.223372036854775808e18 {
                    return result.set(Int64(x))
                }
                return result.set(x)
            }
        }
        text(bytes, validate: validate, into: result)
    }

    /// TEXT; with validatetext, invalid data or an embedded NUL is a BLOB instead.
    private static func text(_ bytes: UnsafeBufferPointer<UInt8>, validate: Bool, into result: ResultContext) {
        if validate && !isWellFormed(bytes) { return result.setBlob(UnsafeRawBufferPointer(bytes)) }
        result.setText(utf8: bytes)
    }

    /// sqlean's structural check: each lead byte followed by its number of continuation bytes
    /// (overlong forms and surrogates pass), no NUL; a truncated final sequence passes.
    static func isWellFormed(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == 0 { return false }
            let follow: Int
            switch b {
            case 0x01...0x7F: follow = 0
            case 0xC0...0xDF: follow = 1
            case 0xE0...0xEF: follow = 2
            case 0xF0...0xF7: follow = 3
            default: return false
            }
            i += 1
            var k = 0
            while k < follow && i < bytes.count {
                guard bytes[i] & 0xC0 == 0x80 else { return false }
                i += 1; k += 1
            }
        }
        return true
    }

    /// `^ *[+-]?[0-9]+ *$` as a saturating Int64 (strtoll).
    static func integer(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        var i = 0, end = bytes.count
        while i < end && bytes[i] == 32 { i += 1 }
        while end > i && bytes[end - 1] == 32 { end -= 1 }
        var negative = false
        if i < end && (bytes[i] == 43 || bytes[i] == 45) { negative = bytes[i] == 45; i += 1 }
        guard i < end else { return nil }
        var n: Int64 = 0
        var saturated = false
        while i < end {
            let d = bytes[i]
            guard d >= 48 && d <= 57 else { return nil }
            if !saturated {
                let (m, o1) = n.multipliedReportingOverflow(by: 10)
                let (s, o2) = negative ? m.subtractingReportingOverflow(Int64(d - 48)) : m.addingReportingOverflow(Int64(d - 48))
                if o1 || o2 { saturated = true; n = negative ? .min : .max } else { n = s }
            }
            i += 1
        }
        return n
    }

    /// The integer pattern or `^ *[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)? *$`, with
    /// the table's decimal separator for the point.
    static func real(_ bytes: UnsafeBufferPointer<UInt8>, _ point: UInt8) -> Double? {
        var i = 0, end = bytes.count
        while i < end && bytes[i] == 32 { i += 1 }
        while end > i && bytes[end - 1] == 32 { end -= 1 }
        var text: [UInt8] = []
        text.reserveCapacity(end - i)
        if i < end && (bytes[i] == 43 || bytes[i] == 45) { text.append(bytes[i]); i += 1 }
        var digits = 0, fraction = 0, sawPoint = false
        while i < end && bytes[i] >= 48 && bytes[i] <= 57 { text.append(bytes[i]); i += 1; digits += 1 }
        if i < end && bytes[i] == point { sawPoint = true; text.append(46); i += 1
            while i < end && bytes[i] >= 48 && bytes[i] <= 57 { text.append(bytes[i]); i += 1; fraction += 1 }
        }
        guard digits > 0 || (sawPoint && fraction > 0) else { return nil }
        if i < end && (bytes[i] == 101 || bytes[i] == 69) {
            text.append(101); i += 1
            if i < end && (bytes[i] == 43 || bytes[i] == 45) { text.append(bytes[i]); i += 1 }
            var exponent = 0
            while i < end && bytes[i] >= 48 && bytes[i] <= 57 { text.append(bytes[i]); i += 1; exponent += 1 }
            guard exponent > 0 else { return nil }
        }
        guard i == end else { return nil }
        text.append(0)
        return text.withUnsafeBufferPointer { p in p.baseAddress.map { strtod(UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self), nil) } }
    }
}
