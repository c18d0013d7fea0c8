#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An IP address with a prefix length: `192.168.1.5`, `10.0.0.0/8`, `2001:db8::1/64`.
struct IPAddress {
    /// 4 or 6.
    let family: Int
    /// 4 or 16 bytes, network order.
    var bytes: [UInt8]
    /// The prefix length: as written, else 32 (IPv4) or 128 (IPv6).
    let prefixLength: Int

    /// Parses `ADDRESS[/PREFIX]` as sqlean's ipaddr does (inet_pton for the address, a decimal
    /// prefix); nil for anything else: a bad address, a prefix that is empty, not all digits
    /// or too long for the family, embedded NUL bytes. (sqlean reads the prefix with strtoul, so
    /// it also takes `/ 8` and `/+8`; those give NULL here.)
    init?(_ text: UnsafeBufferPointer<UInt8>) {
        guard !text.isEmpty, !text.contains(0) else { return nil }
        var address = Array(text)
        var prefix: Int? = nil
        if let slash = address.firstIndex(of: UInt8(ascii: "/")) {
            let digits = address[(slash + 1)...]
            guard !digits.isEmpty, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
            // Leading zeros are fine (`/024`, as strtoul reads it); the value saturates so that a
            // long run of digits is simply too long a prefix.
            prefix = digits.reduce(0) { min($0 * 10 + Int($1 - 0x30), 1000) }
            address.removeSubrange(slash...)
        }
        address.append(0)
        var buffer = [UInt8](repeating: 0, count: 16)
        let parsed: (family: Int, count: Int)? = address.withUnsafeBufferPointer { cText in
            cText.baseAddress!.withMemoryRebound(to: CChar.self, capacity: cText.count) { c in
                if inet_pton(AF_INET, c, &buffer) == 1 { return (4, 4) }
                if inet_pton(AF_INET6, c, &buffer) == 1 { return (6, 16) }
                return nil
            }
        }
        guard let parsed else { return nil }
        let maximum = parsed.count * 8
        if let prefix, prefix > maximum { return nil }
        family = parsed.family
        bytes = Array(buffer.prefix(parsed.count))
        prefixLength = prefix ?? maximum
    }

    /// The address with every bit after the first `length` cleared.
    func masked(to length: Int) -> IPAddress {
        var copy = self
        for index in copy.bytes.indices {
            let bitsBefore = index * 8
            if bitsBefore >= length {
                copy.bytes[index] = 0
            } else if length - bitsBefore < 8 {
                copy.bytes[index] &= UInt8(truncatingIfNeeded: 0xFF << (8 - (length - bitsBefore)))
            }
        }
        return copy
    }

    /// The address part in canonical form (inet_ntop): `2001:db8::1`.
    var hostText: String {
        var output = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        let ok = bytes.withUnsafeBytes { raw in
            inet_ntop(family == 4 ? AF_INET : AF_INET6, raw.baseAddress, &output, socklen_t(output.count)) != nil
        }
        guard ok else { return "" }
        return String(decoding: output.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether this subnet contains `other` (an address or a subnet of the same family whose
    /// prefix is at least as long).
    func contains(_ other: IPAddress) -> Bool {
        guard family == other.family, prefixLength <= other.prefixLength else { return false }
        return masked(to: prefixLength).bytes == other.masked(to: prefixLength).bytes
    }
}
