import Foundation
import TestSupport
import Testing

/// Loading: `.load` of plugins and SQLite extensions, `.plugins`, `-load`, the autoload
/// folder, safe mode, and every way a load can fail without leaving anything behind.
@Suite struct PluginLoadingTests {
    @Test func loadsTheExamplePluginsAndListsThem() throws {
        try requireBuilt(geoPlugin)
        try requireBuilt(inetPlugin)
        let out = try query(".plugins")
        let geoPath = URL(fileURLWithPath: geoPlugin).resolvingSymlinksInPath().path
        #expect(out.contains("geo 1.0.0  \(geoPath)\n"))
        #expect(out.contains("  functions: haversine geohash_encode geohash_decode bbox\n"))
        #expect(out.contains("inet 1.0.0  "))
        #expect(out.contains("  functions: inet_family inet_host inet_masklen inet_network inet_contains\n"))
    }

    @Test func pluginFunctionsAreListedAndToggledLikeBuiltIns() throws {
        let listing = try query(".functions geo")
        for name in ["haversine", "geohash_encode", "geohash_decode", "bbox"] {
            #expect(listing.contains(name), "\(name) missing from .functions")
        }
        #expect(listing.contains("aggregate"))
        let disabled = try sqlsh(input: ".load '\(geoPlugin)'\n.disable geo\nSELECT haversine(0,0,0,1);\n")
        #expect(disabled.err.contains("no such function: haversine"))
        let again = try query(".disable geo\n.enable geo\nSELECT round(haversine(0,0,0,1));", plugins: [geoPlugin])
        #expect(again == "111195.0\n")
        let one = try query(".disable inet\n.enable inet_family\nSELECT inet_family('::1');", plugins: [inetPlugin])
        #expect(one == "6\n")
    }

    @Test func everyExampleGivesTheResultItShows() throws {
        let names = ["haversine", "geohash_encode", "geohash_decode", "bbox",
                     "inet_family", "inet_host", "inet_masklen", "inet_network", "inet_contains"]
        for name in names {
            let described = try query(".describe \(name)")
            guard let line = described.split(separator: "\n").last(where: { $0.contains("  -- ") }) else {
                Issue.record("\(name): no example in .describe")
                continue
            }
            let parts = line.trimmingCharacters(in: .whitespaces).components(separatedBy: "  -- ")
            #expect(parts[0].contains(name), "\(name): \(parts[0])")
            #expect(try query(parts[0]) == parts[1] + "\n", "\(name): \(line)")
        }
    }

    @Test func pluginsSurviveOpen() throws {
        let folder = try temporaryFolder()
        let out = try query(".open '\(folder)/a.db'\nSELECT inet_family('1.2.3.4'), round(haversine(0,0,0,1));\n"
                            + ".disable inet\n.open '\(folder)/b.db'\nSELECT round(haversine(0,0,1,0));")
        #expect(out == "4|111195.0\n111195.0\n")
        let failed = try sqlsh(input: ".load '\(inetPlugin)'\n.disable inet\n.open '\(folder)/c.db'\nSELECT inet_family('::1');\n")
        #expect(failed.err.contains("no such function: inet_family"))
    }

    @Test func loadOptionAndStartUpOrder() throws {
        try requireBuilt(geoPlugin)
        let result = try sqlsh(["-load", geoPlugin, "--load", inetPlugin], input: "SELECT inet_masklen('10.0.0.0/8'), geohash_encode(0,0,1);\n")
        #expect(result.out == "8|s\n")
        #expect(result.err == "")
        let off = try sqlsh(["-load", geoPlugin, "-nofunctions"], input: "SELECT haversine(0,0,0,0);\n")
        #expect(off.err.contains("no such function: haversine"))
        let missing = try sqlsh(["-load", "/nonexistent/plugin.so"], input: "SELECT 1;\n")
        #expect(missing.status == 1)
        #expect(missing.out == "")
        #expect(missing.err.contains("/nonexistent/plugin.so"))
    }

    @Test func pluginInTheCurrentFolderByItsBareName() throws {
        try requireBuilt(geoPlugin)
        let folder = try temporaryFolder()
        try FileManager.default.copyItem(atPath: geoPlugin, toPath: folder + "/geo.so")
        let option = try sqlsh(["-load", "geo.so"], input: "SELECT geohash_encode(0,0,2);\n", directory: folder)
        #expect(option.out == "s0\n")
        #expect(option.err == "")
        let dot = try sqlsh(input: ".load geo\nSELECT geohash_encode(0,0,3);\n.plugins\n", directory: folder)
        #expect(dot.out.hasPrefix("s00\ngeo 1.0.0  "))
        #expect(dot.err == "")
        // A SQLite extension there is still left to SQLite, which (as in sqlite3) does not look
        // in the current folder for a bare name.
        _ = try compileC(CStubs.sqliteExtension, name: "ext", in: folder)
        let ext = try sqlsh(input: ".load ext.so\n", directory: folder)
        #expect(ext.err == "Error: ext.so.so: cannot open shared object file: No such file or directory\n")
    }

    @Test func autoloadFolder() throws {
        try requireBuilt(geoPlugin)
        let folder = try temporaryFolder()
        try FileManager.default.createSymbolicLink(atPath: folder + "/geo.so", withDestinationPath: geoPlugin)
        try "not a library".write(toFile: folder + "/broken.so", atomically: true, encoding: .utf8)
        let result = try sqlsh(input: "SELECT geohash_encode(0,0,2);\n.plugins\n", environment: ["SQLSH_PLUGIN_PATH": folder])
        #expect(result.out.hasPrefix("s0\ngeo 1.0.0  "))
        #expect(result.err.hasPrefix("sqlsh: warning: "))
        #expect(result.err.contains("broken.so"))
        #expect(result.status == 0)
        // XDG_DATA_HOME/sqlsh/plugins when SQLSH_PLUGIN_PATH is unset.
        let data = try temporaryFolder()
        try FileManager.default.createDirectory(atPath: data + "/sqlsh/plugins", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: data + "/sqlsh/plugins/geo.so", withDestinationPath: geoPlugin)
        let xdg = try sqlshWithout("SQLSH_PLUGIN_PATH", input: "SELECT geohash_encode(0,0,3);\n", environment: ["XDG_DATA_HOME": data])
        #expect(xdg.out == "s00\n")
    }

    @Test func safeModeRefusesAllLoading() throws {
        try requireBuilt(geoPlugin)
        let dot = try sqlsh(["-safe"], input: ".load '\(geoPlugin)'\nSELECT 1;\n")
        #expect(dot.err == "line 1: cannot run .load in safe mode\n")
        #expect(dot.status == 1)
        let option = try sqlsh(["-safe", "-load", geoPlugin], input: "SELECT 1;\n")
        #expect(option.err == "Error: cannot load plugins in safe mode\n")
        #expect(option.status == 1)
        let folder = try temporaryFolder()
        try FileManager.default.createSymbolicLink(atPath: folder + "/geo.so", withDestinationPath: geoPlugin)
        let auto = try sqlsh(["-safe"], input: ".plugins\nSELECT geohash_encode(0,0,1);\n", environment: ["SQLSH_PLUGIN_PATH": folder])
        #expect(auto.out == "")
        #expect(auto.err.contains("no such function: geohash_encode"))
    }

    @Test func cPluginWithScalarAndAggregate() throws {
        let folder = try temporaryFolder()
        let library = try compileC(CStubs.good, name: "cgood", in: folder)
        let result = try sqlsh(input: ".load '\(library)'\nSELECT c_twice(21), c_twice(NULL) IS NULL, c_count() FROM (SELECT 1 UNION ALL SELECT 2);\n"
                               + ".functions c_*\n.disable ccount\nSELECT c_count();\n")
        #expect(result.out.hasPrefix("42|1|2\n"))
        #expect(result.out.contains("c_twice"))
        #expect(result.out.contains("cgood"))
        #expect(result.out.contains("ccount"))
        #expect(result.err.contains("no such function: c_count"))
        let twice = try sqlsh(input: ".load '\(library)'\n.load '\(library)'\nSELECT c_twice(1);\n")
        #expect(twice.err.contains("plugin cgood is already loaded"))
        #expect(twice.out == "2\n")
    }

    @Test func abiVersionMismatch() throws {
        let folder = try temporaryFolder()
        let library = try compileC(CStubs.badABI, name: "future", in: folder)
        let result = try sqlsh(input: ".load '\(library)'\n.plugins\nSELECT 'still running';\n")
        #expect(result.err == "Error: \(library): plugin ABI version 99 is not supported (sqlsh has ABI 1)\n")
        #expect(result.out == "still running\n")
        #expect(result.status == 1)
    }

    @Test func failurePartWayLeavesNothing() throws {
        let folder = try temporaryFolder()
        let log = folder + "/destroy.log"
        let library = try compileC(CStubs.partWay.replacingOccurrences(of: "DESTROY_LOG", with: "\"\(log)\""),
                                   name: "partway", in: folder)
        let result = try sqlsh(input: ".load '\(library)'\n.plugins\n.functions stub_*\nSELECT stub_first();\n")
        #expect(result.err.hasPrefix("Error: \(library): initialisation failed: stub_second: unknown function kind 7\n"))
        #expect(result.err.contains("no such function: stub_first"))
        #expect(result.out == "")
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "destroyed\n")

        let failing = try compileC(CStubs.failing, name: "failing", in: folder)
        let own = try sqlsh(input: ".load '\(failing)'\nSELECT failing_one();\n")
        #expect(own.err.hasPrefix("Error: \(failing): initialisation failed: cannot find my configuration\n"))
        #expect(own.err.contains("no such function: failing_one"))
    }

    @Test func nameCollisionsAreRefused() throws {
        let folder = try temporaryFolder()
        let library = try compileC(CStubs.collision, name: "clash", in: folder)
        let result = try sqlsh(input: ".load '\(library)'\nSELECT reverse('abc');\nSELECT clash_new(1);\n")
        #expect(result.err.hasPrefix("Error: \(library): function reverse already exists (pack text)\n"))
        #expect(result.out == "cba\n")
        #expect(result.err.contains("no such function: clash_new"))
    }

    /// SQLite's own functions, whatever the arity asked for: core, aggregate, window, JSON,
    /// math, date and an extension's (R-Tree). Loaded, each would answer every later query.
    @Test func sqliteOwnFunctionsAreRefused() throws {
        let folder = try temporaryFolder()
        let cases: [(String, Int, String)] = [
            ("sum", 1, "SELECT sum(x) FROM (SELECT 1 AS x UNION ALL SELECT 2);"),
            ("COUNT", 0, "SELECT count() FROM (SELECT 1 UNION ALL SELECT 2);"),
            ("coalesce", -1, "SELECT coalesce(NULL, 3);"),
            ("printf", 2, "SELECT printf('%d', 3);"),
            ("json_extract", 2, "SELECT json_extract('{\"a\":3}', '$.a');"),
            ("sqlite_version", 0, "SELECT sqlite_version() <> '42';"),
            ("iif", 3, "SELECT iif(1, 3, 4);"),
            ("glob", 2, "SELECT glob('a*', 'abc');"),
            ("row_number", 0, "SELECT row_number() OVER ();"),
            ("sin", 1, "SELECT sin(0);"),
            ("date", -1, "SELECT date('2024-01-02') <> '42';"),
            ("rtreecheck", -1, "SELECT 1;"),
        ]
        for (index, (name, arity, sql)) in cases.enumerated() {
            let library = try compileC(CStubs.sqliteOwnName(name, arity: arity), name: "own\(index)", in: folder)
            let result = try sqlsh(input: ".load '\(library)'\n\(sql)\nSELECT takeover_new(1);\n")
            #expect(result.err.hasPrefix("Error: \(library): function \(name) is one of SQLite's own functions, "
                                         + "which a plugin may not replace\n"), "\(name): \(result.err)")
            #expect(result.err.contains("no such function: takeover_new"), "\(name)")
            #expect(!result.out.contains("42"), "\(name): \(result.out)")
        }
    }

    @Test func sqliteExtensionsLoadAsInTheStockShell() throws {
        let folder = try temporaryFolder()
        let library = try compileC(CStubs.sqliteExtension, name: "ext", in: folder)
        let result = try sqlsh(input: ".load '\(library)'\n.load '\(library)' other_entry\nSELECT ext_hello(), ext_other();\n.plugins\n")
        #expect(result.err == "")
        #expect(result.out == "hello|hello\nSQLite extension  \(library)\nSQLite extension  \(library) (entry point other_entry)\n")
        // Without the .so suffix, as SQLite allows.
        let bare = try sqlsh(input: ".load '\(folder)/ext'\nSELECT ext_hello();\n")
        #expect(bare.out == "hello\n")
        // Asking for the plugin entry point of a library without one.
        let notPlugin = try sqlsh(input: ".load '\(library)' sqlsh_plugin_init\n")
        #expect(notPlugin.err == "Error: \(library): not a sqlsh plugin (no sqlsh_plugin_init)\n")
        let badEntry = try sqlsh(input: ".load '\(library)' no_such_entry\n")
        #expect(badEntry.err == "Error: \(library): undefined symbol: no_such_entry\n")
    }

    @Test func truncatedLibrariesAreReportedNotLoaded() throws {
        // A half-written plugin made dlopen die of SIGBUS, in .load and at every start while
        // it sat in the autoload folder.
        let folder = try temporaryFolder()
        let library = try compileC(CStubs.good, name: "whole", in: folder)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: library)))
        for (name, size) in [("half", bytes.count / 2), ("headers", 100), ("nearly", bytes.count - 1)] {
            let path = folder + "/\(name).so"
            try Data(bytes.prefix(size)).write(to: URL(fileURLWithPath: path))
            let loaded = try sqlsh(input: ".load '\(path)'\nSELECT 'alive';\n")
            #expect(loaded.err.hasPrefix("Error: \(path): truncated shared library: the file has \(size) bytes"), "\(loaded.err)")
            #expect(loaded.err.hasSuffix("; not loaded\n"))
            #expect(loaded.out == "alive\n")
            #expect(loaded.status == 1)
        }
        let autoload = try temporaryFolder()
        try Data(bytes.prefix(bytes.count / 2)).write(to: URL(fileURLWithPath: autoload + "/partial.so"))
        let started = try sqlsh(input: "SELECT 'alive';\n", environment: ["SQLSH_PLUGIN_PATH": autoload])
        #expect(started.out == "alive\n")
        #expect(started.err.hasPrefix("sqlsh: warning: "))
        #expect(started.err.contains("partial.so: truncated shared library"))
        #expect(started.status == 0)
    }

    @Test func missingAndInvalidFiles() throws {
        let missing = try sqlsh(input: ".load /nonexistent/x\nSELECT 'alive';\n")
        #expect(missing.err == "Error: /nonexistent/x.so: cannot open shared object file: No such file or directory\n")
        #expect(missing.out == "alive\n")
        #expect(missing.status == 1)
        let folder = try temporaryFolder()
        try "just text".write(toFile: folder + "/text.so", atomically: true, encoding: .utf8)
        let invalid = try sqlsh(input: ".load '\(folder)/text.so'\nSELECT 'alive';\n")
        #expect(invalid.err == "Error: \(folder)/text.so: not a shared library (no ELF header)\n")
        #expect(invalid.out == "alive\n")
        // A real plugin with its ELF header patched to another machine (AArch64, or x86-64 on
        // an AArch64 host): glibc would say "No such file or directory".
        let library = try compileC(CStubs.good, name: "foreign", in: folder)
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: library)))
        let foreign: UInt8 = bytes[18] == 183 ? 62 : 183
        bytes[18] = foreign
        bytes[19] = 0
        try Data(bytes).write(to: URL(fileURLWithPath: library))
        let wrong = try sqlsh(input: ".load '\(library)'\nSELECT 'alive';\n")
        #expect(wrong.err.hasPrefix("Error: \(library): wrong architecture: the library is for \(foreign == 183 ? "AArch64" : "x86-64") (64-bit), sqlsh runs on "))
        #expect(wrong.out == "alive\n")
        let usage = try sqlsh(input: ".load\n")
        #expect(usage.err == "Usage: .load FILE ?ENTRYPOINT?\n")
    }
}

/// Runs sqlsh with one variable removed from the environment (the autoload fallbacks).
func sqlshWithout(_ variable: String, input: String, environment: [String: String]) throws -> RunResult {
    let binary = buildFolder + "/sqlsh"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = ["-batch"]
    var env = ProcessInfo.processInfo.environment
    env.removeValue(forKey: variable)
    for (key, value) in environment { env[key] = value }
    process.environment = env
    let stdin = Pipe(), stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = FileHandle.nullDevice
    try process.run()
    ChildInput.send(Data(input.utf8), to: stdin)
    let out = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return RunResult(out: String(decoding: out, as: UTF8.self), err: "", status: process.terminationStatus)
}

/// The release sqlsh links the Swift runtime statically; the plugins carry their own. When a
/// release build is there (`make build plugins`), check that both load into it and into the
/// dynamically linked debug build across the two configurations.
@Suite struct ReleaseBuildTests {
    static let releaseFolder = packageRoot + "/.build/release"
    /// Only against the plain debug build: a sanitizer build's plugins (`make test-sanitize`)
    /// need the sanitizer's runtime, which the release sqlsh does not carry.
    static var releaseBuilt: Bool {
        URL(fileURLWithPath: buildFolder).resolvingSymlinksInPath()
            == URL(fileURLWithPath: packageRoot + "/.build/debug").resolvingSymlinksInPath()
            && ["/sqlsh", "/libsqlsh_geo.so", "/libsqlsh_inet.so"].allSatisfy {
                FileManager.default.fileExists(atPath: releaseFolder + $0)
            }
    }

    @Test(.enabled(if: releaseBuilt, "no release build (make build plugins), or a sanitizer build"))
    func pluginsLoadIntoTheStaticallyLinkedRelease() throws {
        for (binary, plugins) in [(Self.releaseFolder + "/sqlsh", Self.releaseFolder),  // static host, static plugins
                                  (Self.releaseFolder + "/sqlsh", pluginFolder),        // static host, debug plugins
                                  (buildFolder + "/sqlsh", Self.releaseFolder)] {        // debug host, release plugins
            let process = Process()
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = ["-batch", "-load", plugins + "/libsqlsh_geo.so", "-load", plugins + "/libsqlsh_inet.so",
                                 ":memory:", "SELECT geohash_encode(57.64911, 10.40744, 11), inet_network('10.1.2.3/8'), "
                                     + "bbox(x, x) FROM (SELECT 1 AS x UNION ALL SELECT 2)"]
            var env = ProcessInfo.processInfo.environment
            env["SQLSH_PLUGIN_PATH"] = ""
            process.environment = env
            let out = Pipe()
            process.standardOutput = out
            try process.run()
            let data = out.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            #expect(String(decoding: data, as: UTF8.self) == "u4pruydqqvj|10.0.0.0/8|[1.0,1.0,2.0,2.0]\n", "\(binary) with \(plugins)")
            #expect(process.terminationStatus == 0)
        }
    }
}
