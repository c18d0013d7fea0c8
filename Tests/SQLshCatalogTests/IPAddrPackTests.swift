import SQLshCatalog
import SQLshCore
import Testing

/// The ipaddr pack: sqlean's documented examples, its parsing rules, and IPv6 networks
/// computed correctly where sqlean 0.28 clears the wrong bits.
@Suite struct IPAddrPackTests {
    let db: Connection

    init() throws { db = try catalogConnection() }

    @Test func documentedExamples() throws {
        #expect(try value(db, "select ipcontains('192.168.16.0/24', '192.168.16.3')") == .integer(1))
        #expect(try value(db, "select ipfamily('192.168.1.1')") == .integer(4))
        #expect(try value(db, "select ipfamily('2001:db8::1')") == .integer(6))
        #expect(try value(db, "select iphost('2001:db8::123/64')") == .text("2001:db8::123"))
        #expect(try value(db, "select ipmasklen('192.168.16.12/24')") == .integer(24))
        #expect(try value(db, "select ipnetwork('192.168.16.12/24')") == .text("192.168.16.0/24"))
    }

    @Test func hostsInCanonicalForm() throws {
        #expect(try rows(db, "select iphost('2001:DB8::0:1/64'), iphost('2001:0db8:0000:0000:0000:0000:0000:0001'), iphost('::ffff:1.2.3.4'), iphost('10.0.0.1/8'), iphost('::')")
                == [[.text("2001:db8::1"), .text("2001:db8::1"), .text("::ffff:1.2.3.4"), .text("10.0.0.1"), .text("::")]])
        #expect(try rows(db, "select ipmasklen('10.0.0.1'), ipmasklen('::1'), ipmasklen('::1/0')") == [[.integer(32), .integer(128), .integer(0)]])
    }

    @Test func networks() throws {
        #expect(try rows(db, "select ipnetwork('192.168.16.12'), ipnetwork('10.1.2.3/0'), ipnetwork('10.1.2.3/9'), ipnetwork('10.255.2.3/31')")
                == [[.text("192.168.16.12/32"), .text("0.0.0.0/0"), .text("10.0.0.0/9"), .text("10.255.2.2/31")]])
        // sqlean 0.28 gives 2001:db8:0:0:1200::/64, 2001:db8:abcd:ef12::/60 and 2000::/0 here.
        #expect(try rows(db, "select ipnetwork('2001:db8::1234:5678:9abc:def0/64'), ipnetwork('2001:db8:abcd:ef12::1/60'), ipnetwork('2001:db8::1/0'), ipnetwork('2001:db8::1/127'), ipnetwork('::1')")
                == [[.text("2001:db8::/64"), .text("2001:db8:abcd:ef10::/60"), .text("::/0"), .text("2001:db8::/127"), .text("::1/128")]])
    }

    @Test func containment() throws {
        let cases: [(String, String, SQLValue)] = [
            ("192.168.16.0/24", "192.168.16.3", .integer(1)),
            ("192.168.16.0/24", "192.168.17.3", .integer(0)),
            ("192.168.16.0/24", "192.168.16.128/25", .integer(1)),  // a subnet
            ("192.168.16.0/24", "192.168.0.0/16", .integer(0)),  // a larger network
            ("0.0.0.0/0", "8.8.8.8", .integer(1)),
            ("10.0.0.1", "10.0.0.1", .integer(1)),
            ("10.0.0.0/8", "::ffff:10.0.0.1", .integer(0)),  // different families
            ("2001:db8::/64", "2001:db8::ffff:1", .integer(1)),
            ("2001:db8::/64", "2001:db8:0:0:1200::1", .integer(1)),  // sqlean 0.28: 0
            ("2001:db8::/60", "2001:db8:0:f::1", .integer(1)),  // sqlean 0.28: 0
            ("2001:db8::/60", "2001:db8:0:10::1", .integer(0)),
            ("::/0", "2001:db8::1", .integer(1)),
            ("2001:db8::/32", "2001:db9::1", .integer(0)),
        ]
        for (network, address, expected) in cases {
            #expect(try value(db, "select ipcontains('\(network)', '\(address)')") == expected, "\(network) \(address)")
        }
        #expect(try rows(db, "select ipcontains(null, '1.2.3.4'), ipcontains('1.2.3.0/24', null), ipcontains('x', '1.2.3.4'), ipcontains('1.2.3.0/24', '1.2.3')")
                == [[.null, .null, .null, .null]])
    }

    /// sqlean parses with inet_pton and strtoul: these are its rules.
    @Test func parsing() throws {
        let cases: [(String, SQLValue)] = [
            ("'01.2.3.4'", .null),  // leading zeros
            ("'1.2.3'", .null), ("'1.2.3.256'", .null), ("'1.2.3.4.5'", .null),
            ("'1.2.3.4/33'", .null), ("'::1/129'", .null), ("'::1/128'", .integer(128)),
            ("'1.2.3.4/'", .null), ("'1.2.3.4/x'", .null), ("'1.2.3.4/8x'", .null), ("'1.2.3.4/8/9'", .null),
            ("'1.2.3.4/ 8'", .integer(8)), ("'1.2.3.4/+8'", .integer(8)), ("'1.2.3.4/008'", .integer(8)),
            ("'1.2.3.4/-0'", .integer(0)), ("'1.2.3.4/-1'", .null),
            ("'1.2.3.4/99999999999999999999999'", .null),
            ("'fe80::1%eth0'", .null), ("'[::1]'", .null), ("' 1.2.3.4'", .null), ("'1.2.3.4 '", .null),
            ("'::FFFF:1.2.3.4'", .integer(128)), ("'1:2:3:4:5:6:7:8'", .integer(128)), ("'1:2:3:4:5:6:7:8:9'", .null),
            ("''", .null), ("null", .null), ("5", .null), ("1.5", .null),
            ("x'312e322e332e34'", .integer(32)),  // a blob's bytes are read as text
            ("cast(x'312eff2e332e34' as text)", .null),  // invalid UTF-8
            ("'1.2.3.4' || char(0) || 'x'", .null),  // embedded NUL (sqlean would stop there)
            ("printf('%.*c', 100000, '1')", .null),
        ]
        for (argument, expected) in cases {
            #expect(try value(db, "select ipmasklen(\(argument))") == expected, "\(argument)")
        }
        #expect(try rows(db, "select ipfamily(null), iphost(null), ipmasklen(null), ipnetwork(null)") == [[.null, .null, .null, .null]])
        #expect(try rows(db, "select ipfamily('nonsense'), iphost('nonsense'), ipnetwork('nonsense')") == [[.null, .null, .null]])
    }

    @Test func argumentCounts() {
        for name in ["ipfamily", "iphost", "ipmasklen", "ipnetwork"] {
            #expect(errorMessage(db, "select \(name)()") == "wrong number of arguments to function \(name)()")
            #expect(errorMessage(db, "select \(name)('1.2.3.4', 1)") == "wrong number of arguments to function \(name)()")
        }
        #expect(errorMessage(db, "select ipcontains('1.2.3.4')") == "wrong number of arguments to function ipcontains()")
    }

    @Test func usableInIndexesAndOverTables() throws {
        try db.execute("""
            create table hosts(ip text); insert into hosts values ('10.0.0.1'), ('10.0.1.7'), ('192.168.1.1'), ('2001:db8::5'), ('bad');
            create index ix on hosts(ipfamily(ip));
            """)
        #expect(try column(db, "select ip from hosts where ipcontains('10.0.0.0/16', ip) order by ip") == [.text("10.0.0.1"), .text("10.0.1.7")])
        #expect(try column(db, "select count(*) from hosts where ipfamily(ip) = 4") == [.integer(3)])
        #expect(try column(db, "select ipnetwork(ip || '/24') from hosts where ipfamily(ip) = 4 order by 1")
                == [.text("10.0.0.0/24"), .text("10.0.1.0/24"), .text("192.168.1.0/24")])
    }
}
