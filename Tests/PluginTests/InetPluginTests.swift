import Testing

/// The inet example plugin, against sqlean's ipaddr documentation and semantics.
@Suite struct InetPluginTests {
    private func inet(_ sql: String) throws -> String { try query(sql, plugins: [inetPlugin]) }

    @Test func sqleanDocumentedExamples() throws {
        #expect(try inet("SELECT ipcontains('192.168.16.0/24', '192.168.16.3');") == "1\n")
        #expect(try inet("SELECT ipfamily('192.168.1.1');") == "4\n")
        #expect(try inet("SELECT iphost('2001:db8::123/64');") == "2001:db8::123\n")
        #expect(try inet("SELECT ipmasklen('192.168.16.12/24');") == "24\n")
        #expect(try inet("SELECT ipnetwork('192.168.16.12/24');") == "192.168.16.0/24\n")
        #expect(try inet("SELECT ipfamily('2001:db8::1');") == "6\n")
    }

    @Test func ipv4() throws {
        #expect(try inet("SELECT iphost('10.1.2.3/8'), ipmasklen('10.1.2.3'), ipnetwork('10.1.2.3'), ipnetwork('10.1.2.3/0');")
                == "10.1.2.3|32|10.1.2.3/32|0.0.0.0/0\n")
        #expect(try inet("SELECT ipnetwork('172.16.254.1/12'), ipnetwork('255.255.255.255/31');") == "172.16.0.0/12|255.255.255.254/31\n")
        #expect(try inet("SELECT ipcontains('10.0.0.0/8', '10.255.255.255'), ipcontains('10.0.0.0/8', '11.0.0.0');") == "1|0\n")
        #expect(try inet("SELECT ipcontains('10.0.0.0/8', '10.1.0.0/16'), ipcontains('10.1.0.0/16', '10.0.0.0/8');") == "1|0\n")
        #expect(try inet("SELECT ipcontains('0.0.0.0/0', '203.0.113.9'), ipcontains('1.2.3.4', '1.2.3.4');") == "1|1\n")
    }

    @Test func ipv6() throws {
        #expect(try inet("SELECT iphost('2001:0DB8:0000:0000:0000:0000:0000:0001');") == "2001:db8::1\n")
        #expect(try inet("SELECT ipmasklen('::1'), ipnetwork('2001:db8:abcd:1234::1/48');") == "128|2001:db8:abcd::/48\n")
        // Prefixes that are not a multiple of 8 mask the right bits (sqlean 0.x does not).
        #expect(try inet("SELECT ipnetwork('2001:db8:abcd::1/37'), ipnetwork('ffff::/1');") == "2001:db8:a800::/37|8000::/1\n")
        #expect(try inet("SELECT ipcontains('2001:db8::/32', '2001:db8:ffff::1'), ipcontains('2001:db8::/32', '2001:db9::1');") == "1|0\n")
        #expect(try inet("SELECT ipcontains('2001:db8:a800::/37', '2001:db8:afff::1'), ipcontains('2001:db8:a800::/37', '2001:db8:b000::1');") == "1|0\n")
        #expect(try inet("SELECT iphost('::ffff:192.0.2.1'), ipfamily('::ffff:192.0.2.1');") == "::ffff:192.0.2.1|6\n")
    }

    @Test func prefixEdges() throws {
        // /0 and the full length, both families.
        #expect(try inet("SELECT ipnetwork('2001:db8::1/0'), ipnetwork('::1/128'), ipnetwork('1.2.3.4/32'), ipmasklen('::/0');")
                == "::/0|::1/128|1.2.3.4/32|0\n")
        #expect(try inet("SELECT ipcontains('::/0', 'ffff::1'), ipcontains('::1/128', '::1'), ipcontains('::1/128', '::2'), ipcontains('::1', '::/0');")
                == "1|1|0|0\n")
        // Leading zeros, as strtoul reads them in sqlean.
        #expect(try inet("SELECT ipmasklen('1.2.3.4/024'), ipmasklen('1.2.3.4/0024'), ipmasklen('::1/000128'), ipmasklen('1.2.3.4/00');")
                == "24|24|128|0\n")
        #expect(try inet("SELECT quote(ipmasklen('1.2.3.4/99999999999999999999999')), quote(ipmasklen('::1/0129'));") == "NULL|NULL\n")
    }

    @Test func ipv6CanonicalForm() throws {
        // inet_ntop: lower case, the longest run of zero groups compressed (the first of equal
        // runs), a single zero group not compressed, IPv4-mapped addresses in dotted form.
        #expect(try inet("SELECT iphost('2001:DB8:0:0:1:0:0:1'), iphost('2001:0:0:1:0:0:0:1'), iphost('0:0:0:0:0:0:0:0'), iphost('2001:db8:0:1:1:1:1:1');")
                == "2001:db8::1:0:0:1|2001:0:0:1::1|::|2001:db8:0:1:1:1:1:1\n")
        #expect(try inet("SELECT iphost('::ffff:1.2.3.4/96'), ipnetwork('::ffff:1.2.3.4/120'), iphost('1::'), ipnetwork('1:2:3:4:5:6:7:8/64');")
                == "::ffff:1.2.3.4|::ffff:1.2.3.0/120|1::|1:2:3:4::/64\n")
    }

    @Test func mixedFamiliesAreNotContained() throws {
        #expect(try inet("SELECT ipcontains('0.0.0.0/0', '::1'), ipcontains('::/0', '1.2.3.4');") == "0|0\n")
    }

    @Test func nullAndInvalidInputGiveNull() throws {
        let invalid = ["NULL", "''", "'1.2.3'", "'1.2.3.4.5'", "'256.1.1.1'", "'1.2.3.4/33'", "'::1/129'", "'1.2.3.4/'",
                       "'1.2.3.4/ 8'", "'1.2.3.4/-1'", "'1.2.3.4/8/8'", "'2001:db8:::1'", "'hello'", "42", "x'31'",
                       "'1.2.3.4' || char(0) || 'x'", "' 1.2.3.4'"]
        for value in invalid {
            #expect(try inet("SELECT quote(ipfamily(\(value))), quote(iphost(\(value))), quote(ipmasklen(\(value))), quote(ipnetwork(\(value)));")
                    == "NULL|NULL|NULL|NULL\n", "\(value)")
        }
        #expect(try inet("SELECT quote(ipcontains(NULL, '1.2.3.4')), quote(ipcontains('1.0.0.0/8', NULL)), quote(ipcontains('bad', '1.2.3.4')), quote(ipcontains('1.0.0.0/8', 'bad'));")
                == "NULL|NULL|NULL|NULL\n")
    }

    @Test func wrongArgumentCount() throws {
        #expect(try failure("SELECT ipcontains('1.0.0.0/8');", plugins: [inetPlugin]).contains("wrong number of arguments to function ipcontains()"))
    }
}
