#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLshPluginSDK

/// The mean Earth radius in metres (IUGG R1 = (2a + b) / 3 of WGS 84).
let earthRadius = 6_371_008.8

/// The great-circle distance in metres between two points given in degrees.
func haversine(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
    let radians = Double.pi / 180
    let dLat = (lat2 - lat1) * radians
    let dLon = (lon2 - lon1) * radians
    let a = sin(dLat / 2) * sin(dLat / 2)
        + cos(lat1 * radians) * cos(lat2 * radians) * sin(dLon / 2) * sin(dLon / 2)
    return 2 * earthRadius * asin(min(1, sqrt(a)))
}

let haversineFunction = PluginFunction(
    summary: "great-circle distance in metres between two points",
    details: """
        haversine(lat1, lon1, lat2, lon2) is the distance along the surface of a sphere of the \
        mean Earth radius, 6371008.8 m, between two points given in decimal degrees (latitude \
        -90 to 90, longitude -180 to 180). Accurate to about 0.5% against the WGS 84 \
        ellipsoid. NULL in any argument gives NULL; a non-number or an out-of-range \
        coordinate is an error.
        """,
    example: "SELECT round(haversine(48.8566, 2.3522, 51.5074, -0.1278));  -- 343557.0",
    SQLFunction("haversine", argumentCount: 4, options: .pure) { args, result in
        let name = "haversine"
        guard let lat1 = try latitude(args[0], name), let lon1 = try longitude(args[1], name),
              let lat2 = try latitude(args[2], name), let lon2 = try longitude(args[3], name) else {
            return result.setNull()
        }
        result.set(haversine(lat1, lon1, lat2, lon2))
    })
