import SQLshPluginSDK

private let details = """
     Addresses are IPv4 dotted quads or IPv6 in any inet_pton form, optionally followed by \
    /PREFIX (0-32 for IPv4, 0-128 for IPv6). As in sqlean's ipaddr, NULL or text that is not \
    a valid address gives NULL.
    """

/// A one-argument function of a parsed address; NULL and invalid input give NULL.
private func addressFunction(_ name: String, _ body: @escaping @Sendable (IPAddress, ResultContext) -> Void) -> SQLFunction {
    SQLFunction(name, argumentCount: 1, options: .pure) { args, result in
        guard !args[0].isNull, let address = IPAddress(args[0].utf8) else { return result.setNull() }
        body(address, result)
    }
}

let ipfamilyFunction = PluginFunction(
    summary: "IP version of an address: 4 or 6",
    details: "inet_family(ip) is 4 for an IPv4 address or subnet, 6 for IPv6." + details,
    example: "SELECT inet_family('2001:db8::1');  -- 6",
    addressFunction("inet_family") { address, result in result.set(address.family) })

let iphostFunction = PluginFunction(
    summary: "address part of an address or subnet, canonical form",
    details: "inet_host(ip) drops the /PREFIX and writes the address in canonical form "
        + "(IPv6 compressed, lower case)." + details,
    example: "SELECT inet_host('2001:db8::123/64');  -- 2001:db8::123",
    addressFunction("inet_host") { address, result in result.set(address.hostText) })

let ipmasklenFunction = PluginFunction(
    summary: "prefix length of an address or subnet",
    details: "inet_masklen(ip) is the /PREFIX, or 32 (IPv4) or 128 (IPv6) for a plain address." + details,
    example: "SELECT inet_masklen('192.168.16.12/24');  -- 24",
    addressFunction("inet_masklen") { address, result in result.set(address.prefixLength) })

let ipnetworkFunction = PluginFunction(
    summary: "network of an address or subnet, as ADDRESS/PREFIX",
    details: "inet_network(ip) clears the host bits and appends the prefix length. Unlike sqlean 0.x, "
        + "IPv6 prefixes that are not a multiple of 8 are masked correctly." + details,
    example: "SELECT inet_network('192.168.16.12/24');  -- 192.168.16.0/24",
    addressFunction("inet_network") { address, result in
        result.set("\(address.masked(to: address.prefixLength).hostText)/\(address.prefixLength)")
    })

let ipcontainsFunction = PluginFunction(
    summary: "whether a subnet contains an address or subnet: 1 or 0",
    details: "inet_contains(subnet, ip) is 1 when ip (an address, or a subnet with a prefix at least "
        + "as long) lies inside subnet, else 0; addresses of different families give 0. NULL or an "
        + "invalid address in either argument gives NULL." + details,
    example: "SELECT inet_contains('192.168.16.0/24', '192.168.16.3');  -- 1",
    SQLFunction("inet_contains", argumentCount: 2, options: .pure) { args, result in
        guard !args[0].isNull, !args[1].isNull,
              let subnet = IPAddress(args[0].utf8), let address = IPAddress(args[1].utf8) else {
            return result.setNull()
        }
        result.set(subnet.contains(address) ? 1 : 0)
    })
