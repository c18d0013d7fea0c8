/// The type codes of Thrift's compact protocol, as a field header's or a list header's low
/// four bits hold them. A boolean field keeps its value in its type (`booleanTrue`,
/// `booleanFalse`); in a list, booleans are one byte each.
public enum ThriftType: UInt8, Sendable {
    case stop = 0
    case booleanTrue = 1
    case booleanFalse = 2
    case byte = 3
    case i16 = 4
    case i32 = 5
    case i64 = 6
    case double = 7
    case binary = 8
    case list = 9
    case set = 10
    case map = 11
    case structure = 12
}
