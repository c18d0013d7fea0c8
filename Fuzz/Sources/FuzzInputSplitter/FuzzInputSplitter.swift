import FuzzSupport
import SQLshShell

private let devNull = try? OutputWriter(path: "/dev/null", append: true)

/// The input splitter: any text through the shell's line processing (quotes, comments,
/// `;` inside triggers, `/` and `go`, dot-command and `#` lines). Dot-command lines are turned
/// into `.print` so that nothing but printing happens; SQL runs confined (no files, bounded).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInputSplitter(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var bytes = FuzzSupport.bytes(data, size)
    let lowered = bytes.map { $0 | 0x20 }
    if lowered.firstRange(of: Array("vacuum".utf8)) != nil { return 0 }  // VACUUM INTO writes a file
    // ".x" at the start of a line becomes ".print .x".
    var rewritten: [UInt8] = []
    var atLineStart = true
    for byte in bytes {
        if atLineStart && byte == UInt8(ascii: ".") { rewritten.append(contentsOf: Array(".print ".utf8)) }
        rewritten.append(byte)
        atLineStart = byte == 10
    }
    bytes = rewritten
    guard let out = devNull else { return 0 }
    let shell = Shell(path: ":memory:", standardOutput: out, standardError: out)
    FuzzSupport.confine(shell.connection)
    FuzzSupport.stepsLeft = 1000
    _ = try? shell.process(StringLineSource(String(rawBytes: bytes)))  // ShellExit ends a script: not a finding
    shell.close()
    return 0
}

@_cdecl("FuzzInputSplitter_main")
public func FuzzInputSplitterMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    FuzzSupport.runDriver(argc, argv, { fuzzInputSplitter($0, $1) })
}
