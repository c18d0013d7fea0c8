import SQLshPluginSDK

/// An error raised by a geo function, shown as the statement's error.
struct GeoError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A number argument: an integer or a real, or text that SQLite reads as a number ('1.5').
/// nil for NULL; anything else (non-numeric text, blobs, NaN) is an error naming the function.
func number(_ argument: Argument, _ function: String, _ what: String) throws -> Double? {
    switch argument.numericType {
    case .null: return nil
    case .integer, .real:
        let value = argument.double
        guard value.isFinite else { throw GeoError("\(function): \(what) is not a finite number") }
        return value
    default:
        throw GeoError("\(function): \(what) is not a number")
    }
}

/// A latitude in degrees, -90 to 90.
func latitude(_ argument: Argument, _ function: String) throws -> Double? {
    guard let value = try number(argument, function, "latitude") else { return nil }
    guard value >= -90 && value <= 90 else { throw GeoError("\(function): latitude \(value) is out of range [-90, 90]") }
    return value
}

/// A longitude in degrees, -180 to 180.
func longitude(_ argument: Argument, _ function: String) throws -> Double? {
    guard let value = try number(argument, function, "longitude") else { return nil }
    guard value >= -180 && value <= 180 else { throw GeoError("\(function): longitude \(value) is out of range [-180, 180]") }
    return value
}

/// A Double as a JSON number: shortest round-trip form; integral values keep a ".0".
func jsonNumber(_ value: Double) -> String {
    value == 0 ? "0.0" : "\(value)"
}
