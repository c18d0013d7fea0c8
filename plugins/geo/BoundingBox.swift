import SQLshPluginSDK

/// `bbox(lat, lon)`: the smallest box holding every point, as JSON.
struct BoundingBox: Aggregate {
    var minLat = Double.infinity, minLon = Double.infinity
    var maxLat = -Double.infinity, maxLon = -Double.infinity
    var count = 0

    mutating func step(_ arguments: Arguments) throws {
        guard let lat = try latitude(arguments[0], "bbox"), let lon = try longitude(arguments[1], "bbox") else {
            return  // a point with a NULL coordinate is skipped
        }
        minLat = min(minLat, lat); maxLat = max(maxLat, lat)
        minLon = min(minLon, lon); maxLon = max(maxLon, lon)
        count += 1
    }

    func finalize() throws -> (any SQLValueConvertible)? {
        guard count > 0 else { return nil }
        return "[\(jsonNumber(minLat)),\(jsonNumber(minLon)),\(jsonNumber(maxLat)),\(jsonNumber(maxLon))]"
    }
}

let bboxFunction = PluginFunction(
    summary: "bounding box of points as JSON [minLat, minLon, maxLat, maxLon]",
    details: """
        bbox(lat, lon) is an aggregate returning the smallest latitude/longitude box that holds \
        every point, as a JSON array [minLat, minLon, maxLat, maxLon]. Rows with a NULL \
        coordinate are skipped; no points gives NULL. The box does not wrap around the \
        antimeridian. A non-number or out-of-range coordinate is an error.
        """,
    example: "SELECT bbox(lat, lon) FROM (SELECT 1 AS lat, 2 AS lon UNION ALL SELECT -3, 4);  -- [-3.0,2.0,1.0,4.0]",
    SQLFunction("bbox", argumentCount: 2, options: .pure, aggregate: BoundingBox.self))
