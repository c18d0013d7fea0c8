import Testing
@testable import SQLshWasm

/// The manifest parser and the sandbox's options: every keyword, flag and limit, and a clear
/// error naming the line for each malformed one.
@Suite struct WasmManifestTests {
    @Test func parsesEveryDeclaration() throws {
        let manifest = try WasmManifest(parsing: """
            # a comment
            sqlsh-wasm 1
            plugin textfun 1.0 : Text functions: an example
            scalar rev 1 deterministic innocuous : Reverse
            details NULL gives NULL.
            details Numbers are errors.
            example SELECT rev('ab');  -- ba
            scalar many any directonly : Variadic
            aggregate total 2 state=16 deterministic : Sum

            """)
        #expect(manifest.name == "textfun")
        #expect(manifest.version == "1.0")
        #expect(manifest.summary == "Text functions: an example")
        #expect(manifest.functions.count == 3)
        let rev = manifest.functions[0]
        #expect(rev.kind == .scalar && rev.name == "rev" && rev.argumentCount == 1)
        #expect(rev.deterministic && rev.innocuous && !rev.directOnly)
        #expect(rev.details == "NULL gives NULL.\nNumbers are errors.")
        #expect(rev.example == "SELECT rev('ab');  -- ba")
        #expect(manifest.functions[1].argumentCount == nil && manifest.functions[1].directOnly)
        let total = manifest.functions[2]
        #expect(total.kind == .aggregate && total.stateSize == 16 && total.argumentCount == 2)
        #expect(manifest.abi == 1)
    }

    /// Both ABI versions load: 1 (a block per call) and 2 (one buffer for every call).
    @Test func readsTheABIVersion() throws {
        #expect(try WasmManifest(parsing: "sqlsh-wasm 1\nscalar f 1").abi == 1)
        #expect(try WasmManifest(parsing: "sqlsh-wasm 2\nscalar f 1").abi == 2)
        #expect(WasmManifest.abiVersion == 2)
    }

    @Test func refusesMalformedManifestsNamingTheLine() {
        let cases: [(String, String)] = [
            ("", "the manifest is empty"),
            ("plugin x", "manifest line 1: the manifest must start with 'sqlsh-wasm 2'"),
            ("sqlsh-wasm 3", "ABI version 3 is not supported (sqlsh loads versions 1 to 2)"),
            ("sqlsh-wasm 0", "ABI version 0 is not supported"),
            ("sqlsh-wasm 02", "ABI version 02 is not supported"),
            ("sqlsh-wasm 99999999999999999999", "ABI version 99999999999999999999 is not supported"),
            ("sqlsh-wasm 1\nscalar 9x 1 : bad", "manifest line 2: invalid function name '9x'"),
            ("sqlsh-wasm 1\nscalar f 128", "invalid argument count '128'"),
            ("sqlsh-wasm 1\nscalar f -2", "invalid argument count '-2'"),
            ("sqlsh-wasm 1\nscalar f 1 fast", "unknown flag 'fast'"),
            ("sqlsh-wasm 1\nscalar f 1 state=8", "unknown flag 'state=8'"),
            ("sqlsh-wasm 1\naggregate g 1 state=99999999", "invalid state size"),
            ("sqlsh-wasm 1\nexample SELECT 1", "'example' before any function"),
            ("sqlsh-wasm 1\nwindow w 1", "unknown keyword 'window'"),
            ("sqlsh-wasm 1\nplugin a\nplugin b", "a second 'plugin' line"),
            ("sqlsh-wasm 1\n: x", "a line cannot start with ':'"),
        ]
        for (text, message) in cases {
            #expect {
                try WasmManifest(parsing: text)
            } throws: { error in
                "\(error)".contains(message)
            }
        }
    }

    @Test func sandboxOptions() throws {
        let defaults = try WasmSandbox(words: [])
        #expect(defaults.memoryLimit == 32 << 20 && defaults.fuel == 100_000_000 && defaults.grants.isEmpty)
        #expect(defaults.words == ["memory=32M", "fuel=100000000"])
        let custom = try WasmSandbox(words: ["memory=640K", "fuel=5", "grant=random,clock"])
        #expect(custom.memoryLimit == 640 << 10 && custom.fuel == 5 && custom.grants == [.clock, .random])
        #expect(custom.words == ["memory=640K", "fuel=5", "grant=clock,random"])
        #expect(try WasmSandbox(words: ["memory=4G"]).memoryLimit == 1 << 32)
        for (words, message) in [(["memory=1K"], "invalid memory limit '1K'"), (["memory=5G"], "invalid memory limit"),
                                 (["memory=99999999999999999999"], "invalid memory limit"), (["fuel=0"], "invalid fuel '0'"),
                                 (["fuel=x"], "invalid fuel"), (["grant=net"], "'net' cannot be granted"),
                                 (["grant=time"], "unknown grant 'time'"), (["fuel=1", "fuel=2"], "option fuel given twice"),
                                 (["speed"], "invalid option 'speed'"), (["speed=9"], "unknown option 'speed'")] {
            #expect {
                try WasmSandbox(words: words)
            } throws: { error in
                "\(error)".contains(message)
            }
        }
    }

    @Test func defaultNamesComeFromTheFile() {
        #expect(WasmPlugin.defaultName("/a/b/my-funcs.wasm") == "my_funcs")
        #expect(WasmPlugin.defaultName("9lives.wasm") == "wasm_9lives")
        #expect(WasmPlugin.defaultName("") == "wasm_")
    }

    @Test func bytesThatAreNoModuleAreRefused() {
        for bytes: [UInt8] in [[], [0, 0x61, 0x73, 0x6D], Array("hello world".utf8), [0, 0x61, 0x73, 0x6D, 1, 0, 0, 0, 1]] {
            #expect(throws: WasmPluginError.self) { try WasmPlugin(bytes: bytes, origin: "x.wasm") }
        }
    }
}
