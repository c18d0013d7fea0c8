import SQLshCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An IPv4 or IPv6 address with a prefix length, parsed as sqlean's ipaddr pack parses its
/// arguments: `ADDRESS[/LENGTH]`, the address in `inet_pton` syntax (dotted quad without
/// leading zeros; RFC 4291 IPv6 text, `::` and an embedded dotted quad included, no zone, no
/// brackets), the length read as C's `strtoul` reads it (leading white space and a sign
/// allowed, at least one digit, nothing after), at most 32 or 128, and 32 or 128 by default.
struct IPAddress: Equatable {
    /// 4 or 6.
    var family: Int
    /// The address in network order; an IPv4 address fills the first 4 bytes, the rest are 0.
    var bytes: SIMD16<UInt8>
    /// The prefix length.
    var prefixLength: Int

    /// The number of bits in an address of this family.
    var bitCount: Int { family == 4 ? 32 : 128 }

    /// The longest address text `inet_pton` accepts is 45 bytes; a longer one is invalid.
    private static let maximumAddressLength = 63

    /// Parses an argument's text; nil for NULL or anything invalid (never an error).
    init?(_ value: Argument) {
        if value.isNull { return nil }
        self.init(value.textBytes)
    }

    /// Parses `ADDRESS[/LENGTH]`; nil when invalid. An embedded NUL makes the text invalid
    /// (sqlean's C code would stop reading there).
    init?(_ text: UnsafeBufferPointer<UInt8>) {
        let slash = text.firstIndex(of: UInt8(ascii: "/"))
        let addressEnd = slash ?? text.endIndex
        guard addressEnd <= Self.maximumAddressLength, !text.contains(0) else { return nil }
        var parsed = SIMD16<UInt8>()
        // The address, NUL-terminated on the stack for inet_pton.
        let family: Int? = withUnsafeTemporaryAllocation(of: CChar.self, capacity: Self.maximumAddressLength + 1) { buffer in
            for i in 0..<addressEnd { buffer[i] = CChar(bitPattern: text[i]) }
            buffer[addressEnd] = 0
            return withUnsafeMutableBytes(of: &parsed) { raw in
                if inet_pton(AF_INET, buffer.baseAddress, raw.baseAddress) == 1 { return 4 }
                if inet_pton(AF_INET6, buffer.baseAddress, raw.baseAddress) == 1 { return 6 }
                return nil
            }
        }
        guard let family else { return nil }
        self.family = family
        bytes = parsed
        if let slash {
            guard let length = Self.prefixLength(UnsafeBufferPointer(rebasing: text[(slash + 1)...])),
                  length <= UInt64(family == 4 ? 32 : 128) else { return nil }
            prefixLength = Int(length)
        } else {
            prefixLength = family == 4 ? 32 : 128
        }
    }

    /// The prefix length as `strtoul(text, &end, 10)` reads it, nil unless it consumes the
    /// whole text with at least one digit. A value too large for 64 bits is nil (strtoul gives
    /// ULONG_MAX, which no family accepts), and a negative one wraps as in C (only `-0` is usable).
    static func prefixLength(_ text: UnsafeBufferPointer<UInt8>) -> UInt64? {
        var i = 0
        while i < text.count, text[i] == 0x20 || (0x09...0x0D).contains(text[i]) { i += 1 }
        var negative = false
        if i < text.count, text[i] == UInt8(ascii: "+") || text[i] == UInt8(ascii: "-") {
            negative = text[i] == UInt8(ascii: "-")
            i += 1
        }
        let digitsStart = i
        var value: UInt64 = 0
        var overflow = false
        while i < text.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[i]) {
            let (times10, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(UInt64(text[i] - UInt8(ascii: "0")))
            overflow = overflow || o1 || o2
            value = sum
            i += 1
        }
        guard i > digitsStart, i == text.count, !overflow else { return nil }
        return negative ? 0 &- value : value
    }

    /// The address with the bits after the first `length` cleared.
    func masked(to length: Int) -> SIMD16<UInt8> {
        var result = SIMD16<UInt8>()
        for i in 0..<(bitCount / 8) {
            let kept = min(8, max(0, length - i * 8))
            let mask: UInt8 = kept == 0 ? 0 : ~UInt8(0) << UInt8(8 - kept)
            result[i] = bytes[i] & mask
        }
        return result
    }

    /// Writes `address` of this family in `inet_ntop` form (IPv6 in lower case, zeros
    /// compressed, `::ffff:1.2.3.4` for v4-mapped) and passes the text to `body`.
    func withText<R>(_ address: SIMD16<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        var address = address
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { buffer in
            buffer.initialize(repeating: 0)
            let ok = withUnsafeBytes(of: &address) { raw in
                UnsafeMutableRawPointer(buffer.baseAddress).map {
                    inet_ntop(family == 4 ? AF_INET : AF_INET6, raw.baseAddress, $0.assumingMemoryBound(to: CChar.self), 64) != nil
                } ?? false
            }
            let count = ok ? (buffer.firstIndex(of: 0) ?? 0) : 0
            return body(UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
    }
}
