import Testing

/// The geo example plugin: haversine, geohash_encode, geohash_decode, bbox.
@Suite struct GeoPluginTests {
    private func geo(_ sql: String) throws -> String { try query(sql, plugins: [geoPlugin]) }
    private func geoError(_ sql: String) throws -> String { try failure(sql, plugins: [geoPlugin]) }

    @Test func haversine() throws {
        // Paris to London; one degree of longitude on the equator; the same point; antipodes.
        #expect(try geo("SELECT round(haversine(48.8566, 2.3522, 51.5074, -0.1278));") == "343557.0\n")
        #expect(try geo("SELECT round(haversine(0, 0, 0, 1), 3);") == "111195.08\n")
        #expect(try geo("SELECT haversine(10, 20, 10, 20);") == "0.0\n")
        #expect(try geo("SELECT round(haversine(0, 0, 0, 180));") == "20015114.0\n")
        #expect(try geo("SELECT haversine('48.8566', '2.3522', 48.8566, 2.3522);") == "0.0\n")
        #expect(try geo("SELECT haversine(NULL, 0, 0, 0) IS NULL, haversine(0, 0, 0, NULL) IS NULL;") == "1|1\n")
    }

    @Test func haversineErrors() throws {
        #expect(try geoError("SELECT haversine('north', 0, 0, 0);").contains("haversine: latitude is not a number"))
        #expect(try geoError("SELECT haversine(91, 0, 0, 0);").contains("haversine: latitude 91.0 is out of range [-90, 90]"))
        #expect(try geoError("SELECT haversine(0, 0, 0, -181);").contains("longitude -181.0 is out of range [-180, 180]"))
        #expect(try geoError("SELECT haversine(0, x'00', 0, 0);").contains("longitude is not a number"))
        #expect(try geoError("SELECT haversine(0, 0, 0);").contains("wrong number of arguments to function haversine()"))
    }

    @Test func geohashEncode() throws {
        #expect(try geo("SELECT geohash_encode(57.64911, 10.40744, 11);") == "u4pruydqqvj\n")
        #expect(try geo("SELECT geohash_encode(57.64911, 10.40744);") == "u4pruydqqvj8\n")
        #expect(try geo("SELECT geohash_encode(0, 0, 1), geohash_encode(-90, -180, 3), geohash_encode(90, 180, 3);") == "s|000|zzz\n")
        #expect(try geo("SELECT length(geohash_encode(1, 1, 22));") == "22\n")
        #expect(try geo("SELECT geohash_encode(NULL, 0, 5) IS NULL, geohash_encode(0, 0, NULL) IS NULL;") == "1|1\n")
    }

    @Test func geohashEncodeErrors() throws {
        #expect(try geoError("SELECT geohash_encode(0, 0, 0);").contains("precision must be an integer from 1 to 22"))
        #expect(try geoError("SELECT geohash_encode(0, 0, 23);").contains("precision must be an integer from 1 to 22"))
        #expect(try geoError("SELECT geohash_encode(0, 0, 2.5);").contains("precision must be an integer from 1 to 22"))
        #expect(try geoError("SELECT geohash_encode(100, 0, 5);").contains("latitude 100.0 is out of range"))
        #expect(try geoError("SELECT geohash_encode('x', 0, 5);").contains("latitude is not a number"))
    }

    @Test func geohashDecode() throws {
        #expect(try geo("SELECT geohash_decode('u4pruydqqvj');") == "[57.64911,10.40744]\n")
        #expect(try geo("SELECT geohash_decode('U4PRUYDQQVJ');") == "[57.64911,10.40744]\n")
        #expect(try geo("SELECT json_extract(geohash_decode('ezs42'), '$[0]'), json_extract(geohash_decode('ezs42'), '$[1]');") == "42.6|-5.6\n")
        #expect(try geo("SELECT geohash_decode(geohash_encode(-33.8688, 151.2093, 12));") == "[-33.8688,151.2093]\n")
        #expect(try geo("SELECT geohash_decode('zzzzzzzzzzzzzzzzzzzzzz'), geohash_decode('0');") == "[90.0,180.0]|[-67.5,-157.5]\n")
        #expect(try geo("SELECT geohash_decode(NULL) IS NULL;") == "1\n")
    }

    @Test func geohashDecodeErrors() throws {
        for bad in ["''", "'abc'", "'u4a'", "'zzzzzzzzzzzzzzzzzzzzzzz'", "'u4 '", "x'7500'", "'é'"] {
            #expect(try geoError("SELECT geohash_decode(\(bad));").contains("geohash_decode: invalid geohash"), "\(bad)")
        }
    }

    @Test func bbox() throws {
        let points = "(SELECT 1 AS lat, 2 AS lon UNION ALL SELECT -3, 4 UNION ALL SELECT NULL, 100 UNION ALL SELECT 0.5, -7.25)"
        #expect(try geo("SELECT bbox(lat, lon) FROM \(points);") == "[-3.0,-7.25,1.0,4.0]\n")
        #expect(try geo("SELECT bbox(lat, lon) IS NULL FROM \(points) WHERE lat > 10;") == "1\n")
        #expect(try geo("SELECT json_extract(bbox(lat, lon), '$[3]') FROM \(points);") == "4.0\n")
        #expect(try geo("SELECT lat > 0, bbox(lat, lon) FROM \(points) WHERE lat IS NOT NULL GROUP BY 1 ORDER BY 1;")
                == "0|[-3.0,4.0,-3.0,4.0]\n1|[0.5,-7.25,1.0,2.0]\n")
        #expect(try geoError("SELECT bbox(lat, lon) FROM (SELECT 95 AS lat, 0 AS lon);").contains("bbox: latitude 95.0 is out of range"))
    }
}
