import Testing

/// The inet example plugin, against sqlean's ipaddr documentation and semantics.
@Suite struct InetPluginTests {
    private func inet(_ sql: String) throws -> String { try query(sql, plugins: [inetPlugin]) }

    @Test func sqleanDocumentedExamples() throws {
        #expect(try inet("SELECT inet_contains('192.168.16.0/24', '192.168.16.3');") == "1\n")
        #expect(try inet("SELECT inet_family('192.168.1.1');") == "4\n")
        #expect(try inet("SELECT inet_host('2001:db8::123/64');") == "2001:db8::123\n")
        #expect(try inet("SELECT inet_masklen('192.168.16.12/24');") == "24\n")
        #expect(try inet("SELECT inet_network('192.168.16.12/24');") == "192.168.16.0/24\n")
        #expect(try inet("SELECT inet_family('2001:db8::1');") == "6\n")
    }

    @Test func ipv4() throws {
        #expect(try inet("SELECT inet_host('10.1.2.3/8'), inet_masklen('10.1.2.3'), inet_network('10.1.2.3'), inet_network('10.1.2.3/0');")
                == "10.1.2.3|32|10.1.2.3/32|0.0.0.0/0\n")
        #expect(try inet("SELECT inet_network('172.16.254.1/12'), inet_network('255.255.255.255/31');") == "172.16.0.0/12|255.255.255.254/31\n")
        #expect(try inet("SELECT inet_contains('10.0.0.0/8', '10.255.255.255'), inet_contains('10.0.0.0/8', '11.0.0.0');") == "1|0\n")
        #expect(try inet("SELECT inet_contains('10.0.0.0/8', '10.1.0.0/16'), inet_contains('10.1.0.0/16', '10.0.0.0/8');") == "1|0\n")
        #expect(try inet("SELECT inet_contains('0.0.0.0/0', '203.0.113.9'), inet_contains('1.2.3.4', '1.2.3.4');") == "1|1\n")
    }

    @Test func ipv6() throws {
        #expect(try inet("SELECT inet_host('2001:0DB8:0000:0000:0000:0000:0000:0001');") == "2001:db8::1\n")
        #expect(try inet("SELECT inet_masklen('::1'), inet_network('2001:db8:abcd:1234::1/48');") == "128|2001:db8:abcd::/48\n")
        // Prefixes that are not a multiple of 8 mask the right bits (sqlean 0.x does not).
        #expect(try inet("SELECT inet_network('2001:db8:abcd::1/37'), inet_network('ffff::/1');") == "2001:db8:a800::/37|8000::/1\n")
        #expect(try inet("SELECT inet_contains('2001:db8::/32', '2001:db8:ffff::1'), inet_contains('2001:db8::/32', '2001:db9::1');") == "1|0\n")
        #expect(try inet("SELECT inet_contains('2001:db8:a800::/37', '2001:db8:afff::1'), inet_contains('2001:db8:a800::/37', '2001:db8:b000::1');") == "1|0\n")
        #expect(try inet("SELECT inet_host('::ffff:192.0.2.1'), inet_family('::ffff:192.0.2.1');") == "::ffff:192.0.2.1|6\n")
    }

    @Test func prefixEdges() throws {
        // /0 and the full length, both families.
        #expect(try inet("SELECT inet_network('2001:db8::1/0'), inet_network('::1/128'), inet_network('1.2.3.4/32'), inet_masklen('::/0');")
                == "::/0|::1/128|1.2.3.4/32|0\n")
        #expect(try inet("SELECT inet_contains('::/0', 'ffff::1'), inet_contains('::1/128', '::1'), inet_contains('::1/128', '::2'), inet_contains('::1', '::/0');")
                == "1|1|0|0\n")
        // Leading zeros, as strtoul reads them in sqlean.
        #expect(try inet("SELECT inet_masklen('1.2.3.4/024'), inet_masklen('1.2.3.4/0024'), inet_masklen('::1/000128'), inet_masklen('1.2.3.4/00');")
                == "24|24|128|0\n")
        #expect(try inet("SELECT quote(inet_masklen('1.2.3.4/99999999999999999999999')), quote(inet_masklen('::1/0129'));") == "NULL|NULL\n")
    }

    @Test func ipv6CanonicalForm() throws {
        // inet_ntop: lower case, the longest run of zero groups compressed (the first of equal
        // runs), a single zero group not compressed, IPv4-mapped addresses in dotted form.
        #expect(try inet("SELECT inet_host('2001:DB8:0:0:1:0:0:1'), inet_host('2001:0:0:1:0:0:0:1'), inet_host('0:0:0:0:0:0:0:0'), inet_host('2001:db8:0:1:1:1:1:1');")
                == "2001:db8::1:0:0:1|2001:0:0:1::1|::|2001:db8:0:1:1:1:1:1\n")
        #expect(try inet("SELECT inet_host('::ffff:1.2.3.4/96'), inet_network('::ffff:1.2.3.4/120'), inet_host('1::'), inet_network('1:2:3:4:5:6:7:8/64');")
                == "::ffff:1.2.3.4|::ffff:1.2.3.0/120|1::|1:2:3:4::/64\n")
    }

    @Test func mixedFamiliesAreNotContained() throws {
        #expect(try inet("SELECT inet_contains('0.0.0.0/0', '::1'), inet_contains('::/0', '1.2.3.4');") == "0|0\n")
    }

    @Test func nullAndInvalidInputGiveNull() throws {
        let invalid = ["NULL", "''", "'1.2.3'", "'1.2.3.4.5'", "'256.1.1.1'", "'1.2.3.4/33'", "'::1/129'", "'1.2.3.4/'",
                       "'1.2.3.4/ 8'", "'1.2.3.4/-1'", "'1.2.3.4/8/8'", "'2001:db8:::1'", "'hello'", "42", "x'31'",
                       "'1.2.3.4' || char(0) || 'x'", "' 1.2.3.4'"]
        for value in invalid {
            #expect(try inet("SELECT quote(inet_family(\(value))), quote(inet_host(\(value))), quote(inet_masklen(\(value))), quote(inet_network(\(value)));")
                    == "NULL|NULL|NULL|NULL\n", "\(value)")
        }
        #expect(try inet("SELECT quote(inet_contains(NULL, '1.2.3.4')), quote(inet_contains('1.0.0.0/8', NULL)), quote(inet_contains('bad', '1.2.3.4')), quote(inet_contains('1.0.0.0/8', 'bad'));")
                == "NULL|NULL|NULL|NULL\n")
    }

    @Test func wrongArgumentCount() throws {
        #expect(try failure("SELECT inet_contains('1.0.0.0/8');", plugins: [inetPlugin]).contains("wrong number of arguments to function inet_contains()"))
    }
}
