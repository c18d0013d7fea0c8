import SQLshCatalog
import SQLshPluginSDK
import SQLshShell
import Testing

/// A product aggregate that also works as a window function.
private struct Product: WindowAggregate {
    var value = 1.0
    mutating func step(_ arguments: Arguments) throws {
        guard !arguments[0].isNull else { return }
        guard arguments[0].double != 0 else { throw PluginTestError("product: zero is not invertible") }
        value *= arguments[0].double
    }
    mutating func inverse(_ arguments: Arguments) throws {
        if !arguments[0].isNull { value /= arguments[0].double }
    }
    func finalize() throws -> (any SQLValueConvertible)? { value }
}

private struct PluginTestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

private let sdkPlugin = SQLshPlugin(name: "sdktest", version: "2.1", summary: "SDK test functions", functions: [
    PluginFunction(summary: "double a number", example: "SELECT sdk_twice(21);  -- 42",
                   SQLFunction("sdk_twice", argumentCount: 1, options: .pure) { args in
                       args[0].isNull ? nil : args[0].int64 * 2
                   }),
    PluginFunction(pack: "sdkjoin", summary: "join texts",
                   functions: [
                       SQLFunction("sdk_join", argumentCount: 1) { args, result in result.set(args[0]) },
                       SQLFunction("sdk_join", argumentCount: 3) { args, result in
                           result.set("\(args[0].string ?? "")\(args[1].string ?? "")\(args[2].string ?? "")")
                       },
                   ]),
    PluginFunction(summary: "count arguments", SQLFunction("sdk_argc") { args in args.count }),
    PluginFunction(summary: "fail", SQLFunction("sdk_fail", argumentCount: 0) { _ in
        throw PluginTestError("sdk_fail: failed on purpose")
    }),
    PluginFunction(summary: "product of numbers",
                   SQLFunction("sdk_product", argumentCount: 1, options: .pure, aggregate: Product.self)),
])

private func sdkEntryPoint(_ host: UnsafePointer<sqlsh_plugin_host>?,
                           _ info: UnsafeMutablePointer<sqlsh_plugin_info>?) -> Int32 {
    sdkPlugin.register(host: host, info: info)
}

private let duplicatePlugin = SQLshPlugin(name: "dup", version: "1", summary: "", functions: [
    PluginFunction(summary: "first", SQLFunction("dup_one", argumentCount: 1) { _ in 1 }),
    PluginFunction(summary: "again", SQLFunction("dup_one", argumentCount: 1) { _ in 2 }),
])

private func duplicateEntryPoint(_ host: UnsafePointer<sqlsh_plugin_host>?,
                                 _ info: UnsafeMutablePointer<sqlsh_plugin_info>?) -> Int32 {
    duplicatePlugin.register(host: host, info: info)
}

private let badNamePlugin = SQLshPlugin(name: "badname", version: "1", summary: "", functions: [
    PluginFunction(summary: "fine", SQLFunction("fine_one", argumentCount: 0) { _ in 1 }),
    PluginFunction(summary: "bad", SQLFunction("bad name", argumentCount: 0) { _ in 1 }),
])

private func badNameEntryPoint(_ host: UnsafePointer<sqlsh_plugin_host>?,
                               _ info: UnsafeMutablePointer<sqlsh_plugin_info>?) -> Int32 {
    badNamePlugin.register(host: host, info: info)
}

/// A plugin that would replace SQLite's own `json_extract` (and `total`, a window aggregate).
private let takeoverPlugin = SQLshPlugin(name: "takeover", version: "1", summary: "", functions: [
    PluginFunction(summary: "fine", SQLFunction("takeover_one", argumentCount: 0) { _ in 1 }),
    PluginFunction(summary: "json", SQLFunction("JSON_Extract", argumentCount: 2) { _ in 42 }),
    PluginFunction(summary: "total", SQLFunction("total", argumentCount: 1, aggregate: Product.self)),
])

private func takeoverEntryPoint(_ host: UnsafePointer<sqlsh_plugin_host>?,
                                _ info: UnsafeMutablePointer<sqlsh_plugin_info>?) -> Int32 {
    takeoverPlugin.register(host: host, info: info)
}

/// A plugin whose set-up fails (a missing configuration, say): the load fails with its message.
private let throwingPlugin = SQLshPlugin(name: "throwing", version: "1", summary: "") {
    throw PluginTestError("cannot read /etc/throwing.conf")
}

private func throwingEntryPoint(_ host: UnsafePointer<sqlsh_plugin_host>?,
                                _ info: UnsafeMutablePointer<sqlsh_plugin_info>?) -> Int32 {
    throwingPlugin.register(host: host, info: info)
}

/// A plugin whose functions are made at load time.
private let setUpPlugin = SQLshPlugin(name: "setup", version: "1", summary: "made at load") {
    let factor: Int64 = 3
    return [PluginFunction(summary: "triple", SQLFunction("setup_triple", argumentCount: 1) { args in args[0].int64 * factor })]
}

private func setUpEntryPoint(_ host: UnsafePointer<sqlsh_plugin_host>?,
                             _ info: UnsafeMutablePointer<sqlsh_plugin_info>?) -> Int32 {
    setUpPlugin.register(host: host, info: info)
}

/// A catalog with one connection attached, and a manager.
private func setUp() throws -> (Catalog, Connection, PluginManager) {
    let catalog = Catalog()
    let db = try Connection(path: ":memory:")
    try catalog.register(on: db)
    return (catalog, db, PluginManager())
}

private func text(_ db: Connection, _ sql: String) throws -> String? {
    let statement = try db.prepare(sql)
    guard try statement.step() else { return nil }
    switch statement.value(at: 0) {
    case .null: return "NULL"
    case .integer(let i): return "\(i)"
    case .real(let d): return "\(d)"
    case .text(let t): return t
    case .blob(let b): return "blob \(b.count)"
    }
}

private func error(_ db: Connection, _ sql: String) -> String? {
    do {
        let statement = try db.prepare(sql)
        while try statement.step() {}
        return nil
    } catch {
        return "\(error)"
    }
}

@Suite struct PluginSDKTests {
    @Test func everyKindOfFunctionThroughTheABI() throws {
        let (catalog, db, manager) = try setUp()
        let plugin = try manager.loadPlugin(entryPoint: sdkEntryPoint, origin: "<test>", into: catalog)
        #expect(plugin.name == "sdktest")
        #expect(plugin.version == "2.1")
        #expect(plugin.summary == "SDK test functions")
        #expect(plugin.functions == ["sdk_twice", "sdk_join", "sdk_argc", "sdk_fail", "sdk_product"])
        #expect(plugin.packs == ["sdktest", "sdkjoin"])
        #expect(manager.plugins == [plugin])

        #expect(try text(db, "SELECT sdk_twice(21)") == "42")
        #expect(try text(db, "SELECT sdk_twice(NULL) IS NULL") == "1")
        #expect(try text(db, "SELECT sdk_join('a') || sdk_join('b', 'c', 'd')") == "abcd")
        #expect(error(db, "SELECT sdk_join('a', 'b')")?.contains("wrong number of arguments to function sdk_join()") == true)
        #expect(try text(db, "SELECT sdk_argc(), sdk_argc(1, 2, 3)") == "0")
        #expect(try text(db, "SELECT sdk_argc(1, 2, 3)") == "3")
        #expect(error(db, "SELECT sdk_fail()")?.contains("sdk_fail: failed on purpose") == true)
        #expect(try text(db, "SELECT sdk_product(x) FROM (SELECT 2 AS x UNION ALL SELECT 3 UNION ALL SELECT NULL)") == "6.0")
        #expect(try text(db, "SELECT sdk_product(x) FROM (SELECT 1 AS x) WHERE x > 5") == "NULL")
        #expect(try text(db, """
            SELECT group_concat(p, ',') FROM (SELECT sdk_product(x) OVER (ORDER BY x ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) AS p
            FROM (SELECT 1 AS x UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4))
            """) == "1.0,2.0,6.0,12.0")
        #expect(error(db, "SELECT sdk_product(x) FROM (SELECT 0 AS x)")?.contains("zero is not invertible") == true)
    }

    @Test func catalogMetadataComesFromTheSQLFunctions() throws {
        let (catalog, _, manager) = try setUp()
        try manager.loadPlugin(entryPoint: sdkEntryPoint, origin: "<test>", into: catalog)
        let twice = try #require(catalog.function(named: "sdk_twice"))
        #expect(twice.pack == "sdktest")
        #expect(twice.kind == .scalar)
        #expect(twice.arity == "1")
        #expect(twice.flags == .pure)
        #expect(twice.summary == "double a number")
        #expect(twice.example == "SELECT sdk_twice(21);  -- 42")
        #expect(catalog.function(named: "sdk_join")?.arity == "1,3")
        #expect(catalog.function(named: "sdk_join")?.pack == "sdkjoin")
        #expect(catalog.function(named: "sdk_argc")?.arity == "any")
        #expect(catalog.function(named: "sdk_product")?.kind == .window)
    }

    @Test func toggledAndRegisteredOnNewConnections() throws {
        let (catalog, db, manager) = try setUp()
        try manager.loadPlugin(entryPoint: sdkEntryPoint, origin: "<test>", into: catalog)
        try catalog.disable(["sdkjoin", "sdk_twice"])
        #expect(error(db, "SELECT sdk_twice(1)")?.contains("no such function: sdk_twice") == true)
        #expect(error(db, "SELECT sdk_join('a')") != nil)
        let second = try Connection(path: ":memory:")
        try catalog.register(on: second)
        #expect(error(second, "SELECT sdk_twice(1)")?.contains("no such function") == true)
        #expect(try text(second, "SELECT sdk_argc(1)") == "1")
        try catalog.enable(["sdktest"])
        #expect(try text(second, "SELECT sdk_twice(2)") == "4")
        #expect(try text(db, "SELECT sdk_twice(3)") == "6")
    }

    @Test func pluginLoadedBeforeAnyConnection() throws {
        let catalog = Catalog()
        try PluginManager().loadPlugin(entryPoint: sdkEntryPoint, origin: "<test>", into: catalog)
        let db = try Connection(path: ":memory:")
        try catalog.register(on: db)
        #expect(try text(db, "SELECT sdk_twice(5)") == "10")
    }

    @Test func refusedFunctionsLeaveNothingBehind() throws {
        let (catalog, db, manager) = try setUp()
        #expect(throws: PluginError.self) {
            try manager.loadPlugin(entryPoint: duplicateEntryPoint, origin: "<dup>", into: catalog)
        }
        do {
            try manager.loadPlugin(entryPoint: duplicateEntryPoint, origin: "<dup>", into: catalog)
        } catch {
            #expect("\(error)" == "<dup>: initialisation failed: dup_one with 1 arguments is added twice")
        }
        #expect(catalog.function(named: "dup_one") == nil)
        #expect(error(db, "SELECT dup_one(1)")?.contains("no such function") == true)

        do {
            try manager.loadPlugin(entryPoint: badNameEntryPoint, origin: "<bad>", into: catalog)
            Issue.record("a function named 'bad name' was accepted")
        } catch {
            #expect("\(error)" == "<bad>: initialisation failed: invalid function name 'bad name'")
        }
        #expect(catalog.function(named: "fine_one") == nil)
        #expect(error(db, "SELECT fine_one()")?.contains("no such function") == true)
        #expect(manager.plugins.isEmpty)
    }

    /// The same check as for native and WebAssembly plugins: SQLite's own names are refused,
    /// in any case, and nothing of the plugin stays.
    @Test func sqliteOwnFunctionsAreRefused() throws {
        let (catalog, db, manager) = try setUp()
        do {
            try manager.loadPlugin(entryPoint: takeoverEntryPoint, origin: "<takeover>", into: catalog)
            Issue.record("a plugin replacing json_extract was loaded")
        } catch {
            #expect("\(error)" == "<takeover>: function JSON_Extract is one of SQLite's own functions, which a plugin may not replace")
        }
        #expect(manager.plugins.isEmpty)
        #expect(catalog.function(named: "takeover_one") == nil)
        #expect(try text(db, "SELECT json_extract('{\"a\":3}', '$.a')") == "3")
        #expect(try text(db, "SELECT total(x) FROM (SELECT 2 AS x UNION ALL SELECT 3)") == "5.0")
    }

    @Test func aPluginNameLoadsOnce() throws {
        let (catalog, _, manager) = try setUp()
        try manager.loadPlugin(entryPoint: sdkEntryPoint, origin: "<one>", into: catalog)
        do {
            try manager.loadPlugin(entryPoint: sdkEntryPoint, origin: "<two>", into: catalog)
            Issue.record("loaded twice")
        } catch {
            #expect("\(error)" == "<two>: a plugin named sdktest is already loaded from <one>")
        }
        #expect(manager.plugins.count == 1)
    }

    @Test func aThrowingSetUpFailsTheLoadWithItsMessage() throws {
        let (catalog, db, manager) = try setUp()
        do {
            try manager.loadPlugin(entryPoint: throwingEntryPoint, origin: "<throwing>", into: catalog)
            Issue.record("a plugin whose set-up throws was loaded")
        } catch {
            #expect("\(error)" == "<throwing>: initialisation failed: cannot read /etc/throwing.conf")
        }
        #expect(manager.plugins.isEmpty)
        #expect(catalog.pack(named: "throwing") == nil)
        #expect(error(db, "SELECT throwing_one()")?.contains("no such function") == true)

        let plugin = try manager.loadPlugin(entryPoint: setUpEntryPoint, origin: "<setup>", into: catalog)
        #expect(plugin.functions == ["setup_triple"])
        #expect(try text(db, "SELECT setup_triple(14)") == "42")
    }
}
