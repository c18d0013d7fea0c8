import Foundation
import TestSupport
import Testing

/// WebAssembly plugins: the examples (C and WAT) called with every argument type, the
/// listings, the sandbox's limits and grants, hostile and broken modules, and safe mode. Each
/// failure must be an SQL error (or a load error) with the shell still answering after it.
@Suite struct WasmPluginTests {
    /// Runs `input` after `.load`ing the modules; the whole result.
    private func run(_ input: String, modules: [String] = [textfunWasm], arguments: [String] = []) throws -> RunResult {
        let loads = modules.map { ".load '\($0)'\n" }.joined()
        return try sqlsh(arguments, input: loads + input + "\n")
    }

    /// Standard output of `sql` after loading `modules`, with nothing on standard error.
    private func wasmQuery(_ sql: String, modules: [String] = [textfunWasm],
                           sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let result = try run(sql, modules: modules)
        #expect(result.err == "", sourceLocation: sourceLocation)
        return result.out
    }

    /// The error of `sql` (which must fail), and that the shell still answers the next statement.
    private func wasmError(_ sql: String, modules: [String] = [textfunWasm], options: String = "",
                           sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let loads = modules.map { ".load '\($0)' \(options)\n" }.joined()
        let result = try sqlsh(input: loads + sql + "\nSELECT 'still answering';\n")
        #expect(result.out.hasSuffix("still answering\n"), "after: \(sql)", sourceLocation: sourceLocation)
        #expect(result.status == 1, sourceLocation: sourceLocation)
        return result.err
    }

    // MARK: The examples

    @Test func textfunFunctionsWithEveryArgumentType() throws {
        let out = try wasmQuery("""
            SELECT wasm_reverse('héllo'), wasm_reverse(''), wasm_reverse(NULL) IS NULL, hex(wasm_reverse(x'010203')),
                   typeof(wasm_reverse(x'')), typeof(wasm_reverse('x'));
            SELECT wasm_slugify('Hello, World!'), wasm_slugify('  --  '), wasm_slugify(NULL) IS NULL;
            SELECT wasm_type(1, 2.5, 'a', x'00', NULL), wasm_type(), wasm_type(-9223372036854775808);
            SELECT wasm_total(value) FROM generate_series(1, 4);
            SELECT wasm_total(value) IS NULL FROM generate_series(1, 0);
            SELECT wasm_total(x) FROM (SELECT NULL AS x UNION ALL SELECT 5);
            SELECT g, wasm_total(v) FROM (SELECT value % 2 AS g, value AS v FROM generate_series(1, 10)) GROUP BY g;
            """)
        #expect(out == """
            olléh||1|030201|blob|text
            hello-world||1
            integer,real,text,blob,null||integer
            10
            1
            5
            0|30
            1|25

            """)
    }

    @Test func textArgumentsAreGivenAsTheyAreEvenWhenNotUTF8() throws {
        // An invalid byte goes in as it is; reversed alone it is still one byte, and a text
        // result that is not UTF-8 is refused.
        let err = try wasmError("SELECT wasm_reverse(CAST(x'41ff42' AS TEXT));")
        #expect(err.contains("not valid UTF-8"))
        #expect(try wasmQuery("SELECT length(wasm_slugify(CAST(x'41ff42' AS TEXT)));") == "3\n")
        #expect(try wasmQuery("SELECT wasm_type(CAST(x'ff' AS TEXT));") == "text\n")
    }

    @Test func numbersWhereTextIsExpectedAreTheModulesErrors() throws {
        #expect(try wasmError("SELECT wasm_reverse(12);").contains("wasm_reverse() takes a text or a blob"))
        #expect(try wasmError("SELECT wasm_slugify(1.5);").contains("wasm_slugify() takes a text"))
        #expect(try wasmError("SELECT wasm_total(value + 0.5) FROM generate_series(1, 3);")
            .contains("wasm_total() adds integers only"))
        #expect(try wasmError("SELECT wasm_total(x) FROM (SELECT 9223372036854775807 AS x UNION ALL SELECT 1);")
            .contains("integer overflow"))
    }

    @Test func wrongArgumentCountsAreSQLiteErrors() throws {
        #expect(try wasmError("SELECT wasm_reverse('a', 'b');").contains("wrong number of arguments to function wasm_reverse()"))
        #expect(try wasmError("SELECT wasm_reverse();").contains("wrong number of arguments to function wasm_reverse()"))
        #expect(try wasmError("SELECT wasm_total(1, 2);").contains("wrong number of arguments to function wasm_total()"))
    }

    @Test func watExample() throws {
        let out = try wasmQuery("SELECT wat_upper('abc-é'), wat_add(40, 2), wat_add(1, 'x') IS NULL, wat_upper(7) IS NULL;",
                                modules: [upperWasm])
        #expect(out == "ABC-é|42|1|1\n")
        #expect(try wasmError("SELECT wat_add(9223372036854775807, 1);", modules: [upperWasm]).contains("integer overflow"))
    }

    @Test func listedDescribedAndToggledLikeOtherPlugins() throws {
        let out = try wasmQuery(".plugins\n.functions textfun\n.disable textfun\n.enable wasm_reverse\nSELECT wasm_reverse('ab');",
                                modules: [textfunWasm])
        let path = URL(fileURLWithPath: textfunWasm).resolvingSymlinksInPath().path
        #expect(out.contains("textfun 1.0  \(path)\n"))
        #expect(out.contains("  WebAssembly sandbox: memory=32M fuel=100000000\n"))
        #expect(out.contains("  functions: wasm_reverse wasm_slugify wasm_type wasm_total\n"))
        #expect(out.contains("wasm_total"))
        #expect(out.contains("aggregate"))
        #expect(out.hasSuffix("ba\n"))
        let disabled = try run(".disable textfun\nSELECT wasm_slugify('a');")
        #expect(disabled.err.contains("no such function: wasm_slugify"))
        for name in ["wasm_reverse", "wasm_slugify", "wasm_type", "wasm_total", "wat_upper", "wat_add"] {
            let described = try wasmQuery(".describe \(name)", modules: [textfunWasm, upperWasm])
            guard let line = described.split(separator: "\n").last(where: { $0.contains("  -- ") }) else {
                Issue.record("\(name): no example in .describe")
                continue
            }
            let parts = line.trimmingCharacters(in: .whitespaces).components(separatedBy: "  -- ")
            #expect(try wasmQuery(parts[0], modules: [textfunWasm, upperWasm]) == parts[1] + "\n", "\(name): \(line)")
        }
    }

    @Test func loadingTwiceOrClashingIsRefused() throws {
        let twice = try run("SELECT 1;", modules: [textfunWasm, textfunWasm])
        #expect(twice.err.contains("a plugin named textfun is already loaded"))
        #expect(twice.out == "1\n")
    }

    // MARK: Hostile modules

    @Test func trapsLoopsAndBadResultsAreSQLErrors() throws {
        let hostile = testModule("hostile")
        let cases: [(String, String)] = [
            ("h_trap()", "h_trap(): trap: unreachable"),
            ("h_oob()", "h_oob(): trap: out of bounds memory access"),
            ("h_spin()", "h_spin(): trap: out of fuel"),
            ("h_recurse()", "h_recurse(): trap: call stack exhausted"),
            ("h_hog_trap()", "h_hog_trap(): trap: unreachable"),
            ("h_bad_pointer()", "outside the module's memory"),
            ("h_bad_type()", "invalid type 99"),
            ("h_negative_length()", "negative length"),
            ("h_huge_length()", "string or blob too big"),
            ("h_bad_utf8()", "not valid UTF-8"),
            ("h_fail()", "refused on purpose"),
            ("h_agg_trap(value) FROM generate_series(1, 5)", "h_agg_trap() step: trap: unreachable"),
        ]
        for (call, message) in cases {
            let err = try wasmError("SELECT \(call);", modules: [hostile], options: "fuel=2000000")
            #expect(err.contains(message), "\(call): \(err)")
        }
        // The module keeps working after each failure.
        let after = try run("SELECT h_trap();\nSELECT h_echo('again'), h_agg_trap(value) FROM generate_series(1, 2);",
                            modules: [hostile])
        #expect(after.err.contains("h_trap(): trap: unreachable"))
        #expect(after.out == "again|2\n")
    }

    /// A module's error text reaches the terminal with its control characters in caret
    /// notation: no escape sequence of the module's is written.
    @Test func aModulesErrorTextIsEscaped() throws {
        let err = try wasmError("SELECT h_escape();", modules: [testModule("hostile")])
        #expect(err.contains("bad^[[2J^[]0;owned^G text^Mfaked^H^?^[[31mred\n"), "\(err)")
        #expect(!err.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || $0.value == 0x7F }, "\(err)")
    }

    /// A module may not replace one of SQLite's own functions, not even in safe mode (where
    /// WebAssembly modules are the plugins allowed): the whole module is refused, and SQLite's
    /// function still answers.
    @Test func aModuleDeclaringOneOfSQLitesOwnFunctionsIsRefused() throws {
        let module = testModule("override")
        let path = URL(fileURLWithPath: module).resolvingSymlinksInPath().path
        for arguments in [[], ["-safe"]] {
            let result = try sqlsh(arguments, input: ".load '\(module)'\nSELECT sum(x) FROM (SELECT 1 AS x UNION ALL SELECT 2);\nSELECT o_new();\n")
            #expect(result.err.hasPrefix("Error: \(path): function sum is one of SQLite's own functions, "
                                         + "which a plugin may not replace\n"), "\(arguments): \(result.err)")
            #expect(result.out == "3\n")
            #expect(result.err.contains("no such function: o_new"))
        }
    }

    /// Growing memory one page at a time to 64 MiB: each page is charged 1,024 fuel, so
    /// 1,000,000 is too little for the 1,023 pages and 1,100,000 enough (counts, not times):
    /// with the memory reserved up front, that charge bounds the work growth does.
    @Test func memoryGrowthIsChargedToFuel() throws {
        let hostile = testModule("hostile")
        let enough = try sqlsh(input: ".load '\(hostile)' memory=64M fuel=1100000\nSELECT h_grow_pages();\n")
        #expect(enough.out == "1024\n")
        #expect(enough.err == "")
        let short = try wasmError("SELECT h_grow_pages();", modules: [hostile], options: "memory=64M fuel=1000000")
        #expect(short.contains("h_grow_pages(): trap: out of fuel"), "\(short)")
    }

    @Test func memoryGrowthStopsAtTheLimit() throws {
        let hostile = testModule("hostile")
        // 1 page at the start, then 16 at a time up to 2 MiB (32 pages): 17 pages.
        let pages = try sqlsh(input: ".load '\(hostile)' memory=2M\nSELECT h_hog();\n")
        #expect(pages.out == "17\n")
        let defaults = try wasmQuery("SELECT h_hog() <= 512;", modules: [hostile])
        #expect(defaults == "1\n")
        let big = try sqlsh(input: ".load '\(testModule("bigmem"))'\nSELECT 'still answering';\n")
        #expect(big.err.contains("initial memory size exceeds the resource limit"))
        #expect(big.out == "still answering\n")
        let granted = try sqlsh(input: ".load '\(testModule("bigmem"))' memory=64M\nSELECT big_pages();\n")
        #expect(granted.out == "1024\n")
    }

    @Test func fuelIsConfigurable() throws {
        let long = "SELECT wasm_reverse(printf('%.*c', 100000, 'x')) IS NOT NULL;"
        #expect(try wasmQuery(long) == "1\n")
        let err = try wasmError(long, options: "fuel=1000")
        #expect(err.contains("out of fuel"))
        #expect(err.contains("fuel=N"))
    }

    @Test func importsNeedGrants() throws {
        let fd = try sqlsh(input: ".load '\(testModule("imports_fd_write"))'\nSELECT 1;\n")
        #expect(fd.err.contains("imports wasi_snapshot_preview1.fd_write, which sqlsh does not provide"))
        #expect(fd.out == "1\n")
        let clock = try sqlsh(input: ".load '\(testModule("clock"))'\nSELECT 1;\n")
        #expect(clock.err.contains("imports wasi_snapshot_preview1.clock_time_get, which needs grant=clock"))
        let granted = try sqlsh(input: ".load '\(testModule("clock"))' grant=clock\nSELECT now_ns() > 0;\n.plugins\n")
        #expect(granted.err == "")
        #expect(granted.out.hasPrefix("1\n"))
        #expect(granted.out.contains("WebAssembly sandbox: memory=32M fuel=100000000 grant=clock"))
        let fs = try sqlsh(input: ".load '\(textfunWasm)' grant=fs\n")
        #expect(fs.err.contains("'fs' cannot be granted"))
        let unknown = try sqlsh(input: ".load '\(textfunWasm)' memory=1T\n.load '\(textfunWasm)' speed=11\n")
        #expect(unknown.err.contains("invalid memory limit '1T'"))
        #expect(unknown.err.contains("unknown option 'speed'"))
    }

    @Test func brokenFilesAreLoadErrors() throws {
        let folder = try temporaryFolder()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: textfunWasm))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: folder + "/truncated.wasm"))
        try Data([0, 0x61, 0x73, 0x6D, 1, 0, 0, 0, 0xFF, 0xFF, 0xFF]).write(to: URL(fileURLWithPath: folder + "/malformed.wasm"))
        try Data("not a module".utf8).write(to: URL(fileURLWithPath: folder + "/text.wasm"))
        try Data().write(to: URL(fileURLWithPath: folder + "/empty.wasm"))
        var random = SplitMix64(seed: 25)
        var noise = Data([0, 0x61, 0x73, 0x6D, 1, 0, 0, 0])
        for _ in 0..<4096 { noise.append(UInt8(truncatingIfNeeded: random.next())) }
        try noise.write(to: URL(fileURLWithPath: folder + "/noise.wasm"))
        for (name, message) in [("truncated", "not a valid WebAssembly module"), ("malformed", "not a valid WebAssembly module"),
                                ("text", "not a WebAssembly module"), ("empty", "not a WebAssembly module"),
                                ("noise", "not a valid WebAssembly module"), ("missing", "no such file")] {
            let result = try sqlsh(input: ".load '\(folder)/\(name).wasm'\nSELECT 'still answering';\n")
            #expect(result.err.hasPrefix("Error: "), "\(name): \(result.err)")
            #expect(result.err.contains(message), "\(name): \(result.err)")
            #expect(result.out == "still answering\n")
        }
        for (name, message) in [("badabi", "the ABI needs (i32, i32, i32) -> ()"), ("startloop", "out of fuel")] {
            let result = try sqlsh(input: ".load '\(testModule(name))'\nSELECT 'still answering';\n")
            #expect(result.err.contains(message), "\(name): \(result.err)")
            #expect(result.out == "still answering\n")
        }
    }

    // MARK: Sizes

    @Test func hugeValuesRespectTheLimits() throws {
        // 8 MB in, 8 MB out: within the default 32 MiB (with the fuel to reverse it).
        let big = try sqlsh(input: ".load '\(textfunWasm)' fuel=1000000000\nSELECT length(wasm_reverse(zeroblob(8000000)));\n")
        #expect(big.out == "8000000\n")
        #expect(big.err == "")
        // Arguments larger than the module's memory limit are refused before anything is allocated.
        let err = try wasmError("SELECT wasm_reverse(zeroblob(40000000));")
        #expect(err.contains("over the module's memory limit"))
        // A result longer than SQLite's length limit is refused before it is copied.
        let limited = try wasmError(".limit length 1000\nSELECT h_echo(zeroblob(900)) IS NOT NULL;\nSELECT h_huge_length();",
                                    modules: [testModule("hostile")])
        #expect(limited.contains("string or blob too big"))
    }

    // MARK: The database stays intact

    @Test func aTrapInsideAStatementLeavesTheDatabaseAsItWas() throws {
        let folder = try temporaryFolder()
        let result = try sqlsh([folder + "/t.db"], input: """
            .load '\(testModule("hostile"))'
            CREATE TABLE t(x); INSERT INTO t VALUES (1), (2), (3);
            UPDATE t SET x = CASE WHEN x = 2 THEN h_trap() ELSE x * 10 END;
            SELECT group_concat(x) FROM t;
            """)
        #expect(result.err.contains("h_trap(): trap: unreachable"))
        #expect(result.out == "1,2,3\n")
    }

    // MARK: Safe mode

    @Test func safeModeLoadsWasmButStillRefusesNativePlugins() throws {
        try requireBuilt(geoPlugin)
        let wasm = try sqlsh(["-safe"], input: ".load '\(textfunWasm)'\nSELECT wasm_reverse('abc');\n")
        #expect(wasm.err == "")
        #expect(wasm.out == "cba\n")
        let native = try sqlsh(["-safe"], input: ".load '\(textfunWasm)'\n.load '\(geoPlugin)'\nSELECT 1;\n")
        #expect(native.err == "line 2: cannot run .load in safe mode\n")
        #expect(native.status == 1)
        let option = try sqlsh(["-safe", "-load", textfunWasm], input: "SELECT wasm_slugify('A b');\n")
        #expect(option.out == "a-b\n")
        let mixed = try sqlsh(["-safe", "-load", textfunWasm, "-load", geoPlugin], input: "SELECT 1;\n")
        #expect(mixed.err == "Error: cannot load plugins in safe mode\n")
        let folder = try temporaryFolder()
        try FileManager.default.createSymbolicLink(atPath: folder + "/geo.so", withDestinationPath: geoPlugin)
        try FileManager.default.createSymbolicLink(atPath: folder + "/textfun.wasm", withDestinationPath: textfunWasm)
        let auto = try sqlsh(["-safe"], input: "SELECT wasm_reverse('ab');\nSELECT geohash_encode(0,0,1);\n",
                             environment: ["SQLSH_PLUGIN_PATH": folder])
        #expect(auto.out == "ba\n")
        #expect(auto.err.contains("no such function: geohash_encode"))
        let unsafe = try sqlsh(input: "SELECT wasm_reverse('ab'), geohash_encode(0,0,1);\n", environment: ["SQLSH_PLUGIN_PATH": folder])
        #expect(unsafe.out == "ba|s\n")
    }
}
