import Foundation
import SQLshCore
import Testing
@testable import SQLshWasm

/// The sandbox in process: a module's error text made safe for a terminal.
@Suite(.serialized) struct WasmSandboxTests {
    /// `Tests/PluginTests/Wasm/hostile.wasm` (see hostile.wat).
    static let hostilePath = String(#filePath.split(separator: "/", omittingEmptySubsequences: false)
        .dropLast(2).joined(separator: "/")) + "/PluginTests/Wasm/hostile.wasm"

    private func hostile(_ words: [String]) throws -> WasmPlugin {
        try WasmPlugin(path: Self.hostilePath, sandbox: WasmSandbox(words: words))
    }

    /// A connection with the plugin's functions.
    private func connection(_ plugin: WasmPlugin) throws -> Connection {
        let db = try Connection()
        for function in plugin.functions { try db.add(function.function) }
        return db
    }

    // MARK: Error text

    @Test func aModulesErrorTextHasNoControlCharacters() throws {
        let db = try connection(hostile([]))
        let error = #expect(throws: SQLiteError.self) { try db.execute("SELECT h_escape()") }
        #expect(error?.message == "bad^[[2J^[]0;owned^G text^Mfaked^H^?^[[31mred")
        #expect(error?.message.utf8.contains { $0 < 0x20 || $0 == 0x7F } == false)
    }
}
