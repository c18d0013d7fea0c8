import FuzzSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import SQLshShell

private let devNull = try? OutputWriter(path: "/dev/null", append: true)

/// The `.import` field reader (CSV with RFC 4180 quoting, and ASCII separators): the first
/// byte picks the mode and separators, the rest is the file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImportReader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = FuzzSupport.bytes(data, size)
    guard let mode = bytes.first, bytes.count < 60_000, let err = devNull else { return 0 }  // a pipe holds 64 KiB
    let file = bytes.dropFirst()
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { return 0 }
    file.withContiguousStorageIfAvailable { _ = write(fds[1], $0.baseAddress, $0.count) } ?? {
        let copy = Array(file)
        _ = copy.withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
    }()
    close(fds[1])
    defer { close(fds[0]) }
    let ascii = mode & 1 == 1
    let separators: [(UInt8, UInt8)] = [(44, 10), (0x1F, 0x1E), (124, 10), (9, 13)]
    let (column, row) = separators[Int(mode >> 1) & 3]
    let reader = ImportReader(fd: fds[0], name: "fuzz", columnSeparator: column, rowSeparator: row, ascii: ascii, err: err)
    var fields = 0
    while reader.readField() {
        fields += 1
        precondition(fields <= file.count + 1, "more fields than bytes")
        if reader.terminator == ImportReader.endOfFile { break }
    }
    return 0
}

@_cdecl("FuzzImportReader_main")
public func FuzzImportReaderMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    FuzzSupport.runDriver(argc, argv, { fuzzImportReader($0, $1) })
}
