import Foundation
import SQLshCore
import Testing
@testable import SQLshWasm

/// The sandbox's limits in process: memory growth reserved up front and charged to fuel,
/// interrupts reaching a running call, and a module's error text made safe for a terminal.
/// Every bound is a count (fuel, pages), never a time. Serialized: the interrupt tests look at
/// the process's table of running calls.
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

    private func integer(_ db: Connection, _ sql: String) throws -> Int64? {
        let statement = try db.prepare(sql)
        guard try statement.step() else { return nil }
        return statement.int64(at: 0)
    }

    // MARK: Memory growth

    /// 64 MiB is 1,024 pages; each page grown costs 1,024 fuel (WasmKit charges one per 64
    /// bytes, as for bulk copies), so growing page by page from 1 to 1,024 pages needs
    /// 1,023 × 1,024 = 1,047,552 fuel for the growth alone, plus the loop's few instructions a
    /// page. With memory reserved up front, that charge bounds the work too.
    @Test func memoryGrowthIsChargedToFuel() throws {
        let enough = try connection(hostile(["memory=64M", "fuel=1100000"]))
        #expect(try integer(enough, "SELECT h_grow_pages()") == 1024)
        let short = try connection(hostile(["memory=64M", "fuel=1000000"]))
        let error = #expect(throws: SQLiteError.self) { try short.execute("SELECT h_grow_pages()") }
        #expect(error?.message.contains("out of fuel") == true, "\(String(describing: error))")
        // The module keeps working after it ran out, with a fresh budget for the next call.
        #expect(try integer(short, "SELECT h_length('abc')") == 3)
    }

    /// A module's memory is reserved once: growing it commits pages in place, never copying
    /// what it holds to a new block (a copy a grow made growth quadratic in the size).
    @Test func memoryGrowsInPlace() throws {
        let plugin = try hostile(["memory=64M", "fuel=2000000"])
        let before = plugin.instance.memoryPlacement
        #expect(try integer(connection(plugin), "SELECT h_grow_pages()") == 1024)
        let after = plugin.instance.memoryPlacement
        #expect(after.bytes == 64 << 20)
        #expect(after.base == before.base)
    }

    // MARK: Interrupts

    /// Fuel for the endless loop: far more than the test waits for (it ends by interrupt),
    /// and before interrupts reached calls it ran out with "out of fuel" instead.
    static let spinFuel = "fuel=300000000"

    @Test func anInterruptFromAnotherThreadEndsARunningCall() throws {
        let db = try connection(hostile([Self.spinFuel]))
        let id = try #require(try connectionID(db))
        let interrupter = db.interruptHandle
        let thread = Thread {
            // Waits for the call to be running (a state, not a time), then interrupts it.
            while !WasmInterrupts.hasCall(on: id) { sched_yield() }
            interrupter.interrupt()
        }
        thread.start()
        let error = #expect(throws: SQLiteError.self) { try db.execute("SELECT h_spin()") }
        #expect(error?.primaryCode == ResultCode.interrupt.rawValue, "\(String(describing: error))")
        #expect(error?.message == "interrupted")
        // The connection and the module answer afterwards.
        #expect(try integer(db, "SELECT h_length('ab')") == 2)
    }

    /// The same for an ABI 2 module, whose call is one invocation on its kept buffer: the
    /// buffer is still there for the next call.
    @Test func anInterruptEndsARunningCallOfAVersion2Module() throws {
        let path = Self.hostilePath.replacingOccurrences(of: "/hostile.wasm", with: "/hostile_v2.wasm")
        let db = try connection(WasmPlugin(path: path, sandbox: WasmSandbox(words: [Self.spinFuel])))
        let id = try #require(try connectionID(db))
        let interrupter = db.interruptHandle
        let thread = Thread {
            while !WasmInterrupts.hasCall(on: id) { sched_yield() }
            interrupter.interrupt()
        }
        thread.start()
        let error = #expect(throws: SQLiteError.self) { try db.execute("SELECT h2_spin()") }
        #expect(error?.primaryCode == ResultCode.interrupt.rawValue, "\(String(describing: error))")
        #expect(try integer(db, "SELECT h2_argc(1, 2)") == 2)
        #expect(try integer(db, "SELECT h2_asked()") == 1)
    }

    @Test func anInterruptBeforeTheCallKeepsItFromStarting() throws {
        let db = try connection(hostile([Self.spinFuel]))
        let interrupter = db.interruptHandle
        try db.add(SQLFunction("interrupt_now", argumentCount: 0) { _, result in
            interrupter.interrupt()
            result.set(Int64(1))
        })
        let error = #expect(throws: SQLiteError.self) { try db.execute("SELECT interrupt_now(), h_spin()") }
        #expect(error?.primaryCode == ResultCode.interrupt.rawValue, "\(String(describing: error))")
        // Aggregates too: the step after the interrupt does not start.
        let step = #expect(throws: SQLiteError.self) {
            try db.execute("SELECT h_agg_trap(x) FROM (SELECT interrupt_now() AS x UNION ALL SELECT h_spin())")
        }
        #expect(step?.primaryCode == ResultCode.interrupt.rawValue, "\(String(describing: step))")
        #expect(try integer(db, "SELECT h_length('abc')") == 3)
    }

    /// The bits of the connection's `sqlite3 *`, as the interrupt hook sees them.
    private func connectionID(_ db: Connection) throws -> UInt? {
        try db.add(SQLFunction("connection_id", argumentCount: 0) { _, result in
            result.set(Int64(bitPattern: UInt64(result.connectionID)))
        })
        return try integer(db, "SELECT connection_id()").map { UInt(UInt64(bitPattern: $0)) }
    }

    // MARK: Error text

    @Test func aModulesErrorTextHasNoControlCharacters() throws {
        let db = try connection(hostile([]))
        let error = #expect(throws: SQLiteError.self) { try db.execute("SELECT h_escape()") }
        #expect(error?.message == "bad^[[2J^[]0;owned^G text^Mfaked^H^?^[[31mred")
        #expect(error?.message.utf8.contains { $0 < 0x20 || $0 == 0x7F } == false)
    }
}
