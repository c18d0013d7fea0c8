import FuzzSupport
import SQLshShell

/// The dot-command argument parser: quoting, escapes, and the integer reader of options.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDotArguments(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = FuzzSupport.bytes(data, size)
    let line = String(rawBytes: bytes)
    let arguments = DotCommandArguments.split(line)
    for argument in arguments {
        _ = DotCommandArguments.integerValue(argument)
        precondition(String(rawBytes: argument.rawBytes).rawBytes == argument.rawBytes)
    }
    _ = DotCommandArguments.resolveEscapes(bytes)
    precondition(String(rawBytes: bytes).rawBytes == bytes, "raw text does not round-trip")
    return 0
}

@_cdecl("FuzzDotArguments_main")
public func FuzzDotArgumentsMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    FuzzSupport.runDriver(argc, argv, { fuzzDotArguments($0, $1) })
}
