import FuzzSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import SQLshShell

private let devNull = try? OutputWriter(path: "/dev/null", append: true)

/// `.recover`'s page reader and script writer: the input is a database file, as damaged as
/// libFuzzer makes it. Nothing in it may trap, loop for ever or allocate without bound.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRecover(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = FuzzSupport.bytes(data, size)
    guard bytes.count <= 1 << 20, let out = devNull,
          let writer = try? RecoverWriter(file: DatabaseFile(image: bytes), options: .init(), out: out)
    else { return 0 }
    writer.run()
    return 0
}

@_cdecl("FuzzRecover_main")
public func FuzzRecoverMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    FuzzSupport.runDriver(argc, argv, { fuzzRecover($0, $1) })
}
