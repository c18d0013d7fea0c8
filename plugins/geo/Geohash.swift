#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLshPluginSDK

/// The geohash alphabet (base 32 without a, i, l, o).
private let alphabet = Array("0123456789bcdefghjkmnpqrstuvwxyz".utf8)

/// The value of each ASCII byte in the alphabet (upper case accepted), or -1.
private let decodeTable: [Int8] = {
    var table = [Int8](repeating: -1, count: 128)
    for (index, byte) in alphabet.enumerated() {
        table[Int(byte)] = Int8(index)
        if byte >= 0x61 { table[Int(byte - 0x20)] = Int8(index) }
    }
    return table
}()

/// The longest geohash accepted: 22 characters (110 bits) is finer than a Double's precision.
let maxGeohashLength = 22

/// Encodes a point as a geohash of `precision` characters.
func geohashEncode(latitude: Double, longitude: Double, precision: Int) -> String {
    var latRange = (-90.0, 90.0), lonRange = (-180.0, 180.0)
    var hash: [UInt8] = []
    hash.reserveCapacity(precision)
    var bits = 0, bit = 0, even = true
    while hash.count < precision {
        if even {
            let mid = (lonRange.0 + lonRange.1) / 2
            if longitude >= mid { bits = bits << 1 | 1; lonRange.0 = mid } else { bits <<= 1; lonRange.1 = mid }
        } else {
            let mid = (latRange.0 + latRange.1) / 2
            if latitude >= mid { bits = bits << 1 | 1; latRange.0 = mid } else { bits <<= 1; latRange.1 = mid }
        }
        even.toggle()
        bit += 1
        if bit == 5 {
            hash.append(alphabet[bits])
            bits = 0; bit = 0
        }
    }
    return String(decoding: hash, as: UTF8.self)
}

/// The cell a geohash names: its centre and half-sizes in degrees; nil for an invalid hash.
func geohashDecode(_ hash: UnsafeBufferPointer<UInt8>) -> (lat: Double, lon: Double, latError: Double, lonError: Double)? {
    guard !hash.isEmpty, hash.count <= maxGeohashLength else { return nil }
    var latRange = (-90.0, 90.0), lonRange = (-180.0, 180.0)
    var even = true
    for byte in hash {
        guard byte < 128, case let value = decodeTable[Int(byte)], value >= 0 else { return nil }
        for shift in stride(from: 4, through: 0, by: -1) {
            let set = (Int(value) >> shift) & 1 == 1
            if even {
                let mid = (lonRange.0 + lonRange.1) / 2
                if set { lonRange.0 = mid } else { lonRange.1 = mid }
            } else {
                let mid = (latRange.0 + latRange.1) / 2
                if set { latRange.0 = mid } else { latRange.1 = mid }
            }
            even.toggle()
        }
    }
    return ((latRange.0 + latRange.1) / 2, (lonRange.0 + lonRange.1) / 2,
            (latRange.1 - latRange.0) / 2, (lonRange.1 - lonRange.0) / 2)
}

/// Rounds a coordinate to the decimals its cell's half-size justifies (at least one), as
/// the usual geohash libraries do: round(-log10(error)) - 1.
func roundToCell(_ value: Double, error: Double) -> Double {
    // A cell narrower than a Double can tell apart has error 0: log10 is -inf, clamp first.
    let wanted = error > 0 ? (-log10(error)).rounded() - 1 : 15
    let decimals = Int(max(1, min(15, wanted.isNaN ? 15 : wanted)))
    let scale = pow(10.0, Double(decimals))
    let rounded = (value * scale).rounded() / scale
    return rounded == 0 ? 0 : rounded  // no "-0.0"
}

let geohashEncodeFunction = PluginFunction(
    summary: "geohash of a point",
    details: """
        geohash_encode(lat, lon [, precision]) encodes a point (decimal degrees) as a geohash \
        of precision characters, 1 to 22 (default 12, a cell of about 37 mm x 19 mm). NULL in \
        any argument gives NULL; a non-number, an out-of-range coordinate or precision is an \
        error.
        """,
    example: "SELECT geohash_encode(57.64911, 10.40744, 11);  -- u4pruydqqvj",
    functions: [2, 3].map { count in
        SQLFunction("geohash_encode", argumentCount: count, options: .pure) { args, result in
            let name = "geohash_encode"
            guard let lat = try latitude(args[0], name), let lon = try longitude(args[1], name) else {
                return result.setNull()
            }
            var precision = 12
            if count == 3 {
                guard let value = try number(args[2], name, "precision") else { return result.setNull() }
                guard value == value.rounded(), value >= 1, value <= Double(maxGeohashLength) else {
                    throw GeoError("\(name): precision must be an integer from 1 to \(maxGeohashLength)")
                }
                precision = Int(value)
            }
            result.set(geohashEncode(latitude: lat, longitude: lon, precision: precision))
        }
    })

let geohashDecodeFunction = PluginFunction(
    summary: "centre of a geohash cell as JSON [lat, lon]",
    details: """
        geohash_decode(hash) returns the centre of the cell a geohash names as a JSON array \
        [latitude, longitude], each rounded to the decimals the cell's size justifies, so \
        json_extract(geohash_decode(h), '$[0]') is the latitude. Upper-case letters are \
        accepted. NULL gives NULL; an empty hash, one longer than 22 characters or one with a \
        character outside the geohash alphabet (0-9, b-z without i, l, o) is an error.
        """,
    example: "SELECT geohash_decode('u4pruydqqvj');  -- [57.64911,10.40744]",
    SQLFunction("geohash_decode", argumentCount: 1, options: .pure) { args, result in
        guard !args[0].isNull else { return result.setNull() }
        guard let cell = geohashDecode(args[0].utf8) else {
            throw GeoError("geohash_decode: invalid geohash")
        }
        let lat = roundToCell(cell.lat, error: cell.latError)
        let lon = roundToCell(cell.lon, error: cell.lonError)
        result.set("[\(jsonNumber(lat)),\(jsonNumber(lon))]")
    })
