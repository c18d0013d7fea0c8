import Foundation
import SQLshCore
@testable import SQLshShell

/// Runs `input` in a shell set up as at the prompt (interactive, `pretty` mode with headers,
/// a terminal `width` columns wide and `height` lines tall, 0 for no limit), its standard
/// output and error in files; `configure` changes more settings first. `typed`: the input
/// reads as typed (``TypedLineSource``: the prompt-only output applies). Returns (stdout, stderr).
func runAtPrompt(_ input: String, width: Int = 80, height: Int = 0, typed: Bool = false,
                 _ configure: (Shell) -> Void = { _ in }) throws -> (out: String, err: String) {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sqlsh-prompt-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let outPath = dir.appendingPathComponent("out").path, errPath = dir.appendingPathComponent("err").path
    let out = try OutputWriter(path: outPath), err = try OutputWriter(path: errPath)
    let shell = try Shell(connection: Connection(path: ":memory:"), standardOutput: out, standardError: err)
    shell.isInteractive = true
    shell.settings.mode = .pretty
    shell.settings.headers = true
    shell.settings.terminalWidth = width
    shell.settings.terminalHeight = height
    configure(shell)
    _ = try shell.process(typed ? TypedLineSource(input) as LineSource : StringLineSource(input))
    out.flush()
    err.flush()
    return (try String(contentsOfFile: outPath, encoding: .utf8), try String(contentsOfFile: errPath, encoding: .utf8))
}
