import FuzzSupport
import SQLshShell

private let shell: Shell = {
    let shell = Shell(path: ":memory:")
    try? shell.connection.execute("create table t(a, \"b c\", [d]); create view v as select 1 x; attach ':memory:' as aux")
    return shell
}()
private let engine = CompletionEngine(data: ShellCompletionData(shell: shell))

/// The completion engine on any line typed so far.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCompletion(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = String(rawBytes: FuzzSupport.bytes(data, size))
    _ = engine.complete(text)
    return 0
}

@_cdecl("FuzzCompletion_main")
public func FuzzCompletionMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    FuzzSupport.runDriver(argc, argv, { fuzzCompletion($0, $1) })
}
