import SQLshCore

/// The `ipaddr` pack: sqlean's IP address functions, for IPv4 and IPv6 addresses and networks
/// written `ADDRESS[/LENGTH]` (see ``IPAddress`` for the syntax). Invalid input gives NULL.
enum IPAddrPack {
    static let pack = FunctionPack(
        name: "ipaddr",
        summary: "sqlean's IP address functions: family, host, prefix length, network, containment (IPv4 and IPv6)",
        functions: [ipfamily, iphost, ipmasklen, ipnetwork, ipcontains])

    static let syntax = """
        Addresses are written ADDRESS[/LENGTH]: a dotted quad (no leading zeros) or IPv6 text \
        (:: and an embedded dotted quad allowed; no zone suffix, no brackets), and an optional \
        prefix length up to 32 or 128. NULL, invalid text and other types give NULL, never an error.
        """

    /// A one-argument function of a parsed address.
    static func entry(_ name: String, summary: String, details: String, example: String,
                      _ body: @escaping @Sendable (IPAddress, ResultContext) -> Void) -> CatalogFunction {
        CatalogFunction(
            arguments: "ip",
            summary: summary, details: "\(name)(ip): \(details) " + syntax, example: example,
            functions: {
                [SQLFunction(name, argumentCount: 1, options: .pure, writingResult: { arguments, result in
                    guard let address = IPAddress(arguments[0]) else { return result.setNull() }
                    body(address, result)
                })]
            })
    }

    static let ipfamily = entry(
        "ipfamily", summary: "the family of an IP address: 4 or 6",
        details: "4 for an IPv4 address, 6 for an IPv6 address (an integer).",
        example: "select ipfamily('192.168.1.1'), ipfamily('2001:db8::1/64');  -- 4|6"
    ) { address, result in result.set(address.family) }

    static let iphost = entry(
        "iphost", summary: "the address of an IP address or network, without the prefix length",
        details: """
            the address without its /LENGTH, in canonical form (IPv6 in lower case with \
            leading zeros dropped and the longest run of zero groups written ::, IPv4-mapped \
            addresses as ::ffff:1.2.3.4).
            """,
        example: "select iphost('2001:DB8::0:1/64');  -- '2001:db8::1'"
    ) { address, result in address.withText(address.bytes) { result.setText(utf8: $0) } }

    static let ipmasklen = entry(
        "ipmasklen", summary: "the prefix length of an IP network",
        details: "the prefix length (an integer): the /LENGTH given, else 32 for IPv4 and 128 for IPv6.",
        example: "select ipmasklen('192.168.16.12/24'), ipmasklen('::1');  -- 24|128"
    ) { address, result in result.set(address.prefixLength) }

    static let ipnetwork = entry(
        "ipnetwork", summary: "the network of an IP address, as ADDRESS/LENGTH",
        details: """
            the network address (the bits after the prefix length cleared) and the prefix \
            length, always with /LENGTH: ipnetwork('192.168.16.12') is '192.168.16.12/32'. For \
            IPv6, sqlean 0.28 clears the wrong bits (2001:db8::1234:5678:9abc:def0/64 gives \
            2001:db8:0:0:1200::/64 there); sqlsh clears exactly the host bits.
            """,
        example: "select ipnetwork('192.168.16.12/24'), ipnetwork('2001:db8::1234:5678:9abc:def0/64');  -- '192.168.16.0/24'|'2001:db8::/64'"
    ) { address, result in
        address.withText(address.masked(to: address.prefixLength)) { host in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: host.count + 4) { buffer in
                var count = 0
                for byte in host { buffer[count] = byte; count += 1 }
                buffer[count] = UInt8(ascii: "/"); count += 1
                let length = address.prefixLength
                if length >= 100 { buffer[count] = UInt8(ascii: "0") + UInt8(length / 100); count += 1 }
                if length >= 10 { buffer[count] = UInt8(ascii: "0") + UInt8(length / 10 % 10); count += 1 }
                buffer[count] = UInt8(ascii: "0") + UInt8(length % 10); count += 1
                result.setText(utf8: UnsafeBufferPointer(rebasing: buffer[..<count]))
            }
        }
    }

    static let ipcontains = CatalogFunction(
        arguments: "net, ip",
        summary: "whether an IP network contains an address or a subnet",
        details: """
            ipcontains(net, ip): 1 when ip (an address, or a network of its own) lies within the \
            network net, else 0. Addresses of different families give 0, and so does an ip whose \
            prefix is shorter than net's (a larger network). Either argument NULL or invalid \
            gives NULL. For IPv6, sqlean 0.28 compares with wrongly cleared bits (it says \
            2001:db8::/64 does not contain 2001:db8:0:0:1200::1); sqlsh compares exactly the \
            prefix bits. 
            """ + syntax,
        example: "select ipcontains('192.168.16.0/24', '192.168.16.3'), ipcontains('2001:db8::/64', '2001:db8::1:2');  -- 1|1",
        functions: {
            [SQLFunction("ipcontains", argumentCount: 2, options: .pure, writingResult: { arguments, result in
                guard let network = IPAddress(arguments[0]), let address = IPAddress(arguments[1]) else {
                    return result.setNull()
                }
                guard network.family == address.family, network.prefixLength <= address.prefixLength else {
                    return result.set(0)
                }
                let length = network.prefixLength
                result.set(network.masked(to: length) == address.masked(to: length) ? 1 : 0)
            })]
        })
}
