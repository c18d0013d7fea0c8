// swift-tools-version:6.0
import PackageDescription

// Layers depend one way only:
//   C system libraries -> SQLshCore (engine, function API) -> SQLshCatalog (built-in functions)
//   -> SQLshFiles (files as tables) -> SQLshShell (input, dot-commands, output modes) -> SQLshLineEditor (the line editor's model,
//   layout and drawing) -> sqlsh (executable: libedit, the terminal, signals)
let package = Package(
    name: "sqlsh",
    products: [
        .executable(name: "sqlsh", targets: ["sqlsh"]),
        .library(name: "SQLshCore", targets: ["SQLshCore"]),
        .library(name: "SQLshJSON", targets: ["SQLshJSON"]),
        .library(name: "SQLshCatalog", targets: ["SQLshCatalog"]),
        .library(name: "SQLshFiles", targets: ["SQLshFiles"]),
        .library(name: "SQLshParquet", targets: ["SQLshParquet"]),
        .library(name: "SQLshShell", targets: ["SQLshShell"]),
        // Plugins: the SDK plugin authors depend on, and the example plugins (`make plugins`).
        .library(name: "SQLshPluginSDK", targets: ["SQLshPluginSDK"]),
        .library(name: "sqlsh_geo", type: .dynamic, targets: ["GeoPlugin"]),
        .library(name: "sqlsh_inet", type: .dynamic, targets: ["InetPlugin"]),
        // The WebAssembly plugin host, dlopen'd by the shell on the first `.load FILE.wasm`:
        // WasmKit stays out of the sqlsh binary, so start-up without a Wasm plugin is unchanged.
        .library(name: "sqlsh_wasm", type: .dynamic, targets: ["WasmHostLibrary"]),
        // The host itself, for embedders and the fuzz targets.
        .library(name: "SQLshWasm", targets: ["SQLshWasm"]),
    ],
    dependencies: [
        // The WebAssembly interpreter behind `.load FILE.wasm` (only in libsqlsh_wasm.so).
        .package(url: "https://github.com/swiftwasm/WasmKit", exact: "0.4.2"),
    ],
    targets: [
        // Layer 1: C system libraries, found in the compiler's and linker's default folders (Debian
        // puts every header used here under /usr/include). No pkgConfig: SwiftPM would add
        // -L/usr/lib/x86_64-linux-gnu ahead of `make build`'s folder of static archives, and the
        // shared libcrypto, xxHash and utf8proc would be linked instead (relocating libcrypto.so
        // alone tripled the shell's start-up instructions).
        .systemLibrary(
            name: "CSQLite",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .systemLibrary(
            name: "CEditLine",
            providers: [.apt(["libedit-dev"])]
        ),
        .systemLibrary(
            name: "CPCRE2",
            providers: [.apt(["libpcre2-dev"])]
        ),
        // The catalog's hashes and Unicode tables come from maintained C libraries, not from
        // hand-written tables: OpenSSL's libcrypto (MD5, SHA-1, SHA-2), xxHash, and utf8proc
        // (case mapping, folding, normalization). `make build` links all three statically.
        .systemLibrary(
            name: "CCrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        .systemLibrary(
            name: "CXXHash",
            providers: [.apt(["libxxhash-dev"])]
        ),
        .systemLibrary(
            name: "CUTF8Proc",
            providers: [.apt(["libutf8proc-dev"])]
        ),
        // zlib: sqlar_compress/sqlar_uncompress and the zipfile module's deflate.
        .systemLibrary(
            name: "CZlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // Parquet's page codecs besides GZIP (zlib): Snappy, Zstandard and LZ4 (LZ4_RAW and LZ4).
        .systemLibrary(
            name: "CSnappy",
            providers: [.apt(["libsnappy-dev"])]
        ),
        .systemLibrary(
            name: "CZstd",
            providers: [.apt(["libzstd-dev"])]
        ),
        .systemLibrary(
            name: "CLZ4",
            providers: [.apt(["liblz4-dev"])]
        ),
        // BROTLI pages (pyarrow writes them; so does `copy ... (compression brotli)`).
        .systemLibrary(
            name: "CBrotli",
            providers: [.apt(["libbrotli-dev"])]
        ),

        // Layer 2: the core engine library. No terminal, no printing. The only target that
        // depends on CSQLite: the layers above see SQLite through its API alone.
        // Functions, collations and table-valued functions are Sendable, as SQLite calls them
        // on any thread.
        .target(name: "SQLshCore", dependencies: ["CSQLite"],
                linkerSettings: [.linkedLibrary("m")]),  // rounding functions (trunc, rint, ...) are in libm
        // Codable values as JSON text, for embedders. Kept out of SQLshCore (and so out of the
        // shell) because linking FoundationEssentials adds about 1.5 ms to start-up.
        .target(name: "SQLshJSON", dependencies: ["SQLshCore"]),

        // Layer 3: the built-in function catalog, one pack per folder.
        // Its functions' closures and per-connection state are Sendable.
        .target(name: "SQLshCatalog", dependencies: ["SQLshCore", "CPCRE2", "CCrypto", "CXXHash", "CUTF8Proc", "CZlib"]),

        // Layer 3a: the Parquet format: its Thrift metadata (compact protocol), page codecs,
        // encodings and column reader, with no SQLite in it; files as tables read it.
        .target(name: "SQLshParquet", dependencies: ["CZlib", "CSnappy", "CZstd", "CLZ4", "CBrotli"]),

        // Layer 3b: files as tables (CSV, TSV, JSON, NDJSON, gzip-compressed or not): the
        // read_csv/read_json/read_ndjson modules, files named in FROM, their staleness. One
        // entry point, FileTablesSubsystem.install(on:catalog:), on the core's hooks (the
        // missing-table rewriter, beforePreparing); its pack joins the catalog it is given.
        .target(name: "SQLshFiles", dependencies: ["SQLshCore", "SQLshCatalog", "SQLshParquet", "CZlib"]),

        // Layer 4: the shell library: input in, bytes out.
        .target(name: "SQLshShell", dependencies: ["SQLshCore", "SQLshCatalog", "SQLshFiles", "SQLshParquet", "CPCRE2", "CSQLshPlugin", "CSQLshVersion"]),
        // sqlsh's version, from the top-level VERSION file (embedded by the C compiler).
        .target(name: "CSQLshVersion"),

        // Layer 5: the line editor without libedit or a terminal: the buffer and cursor model,
        // history navigation and search, the suggestion, the key binding table, the layout of
        // the prompt and buffer on the screen and the renderer that writes what changed.
        .target(name: "SQLshLineEditor", dependencies: ["SQLshShell"]),

        // Layer 6: the executable. Thin: libedit, the terminal and signals. CStartup hands the
        // Swift runtime argv (see argv.c).
        .target(name: "CStartup"),
        .executableTarget(name: "sqlsh", dependencies: ["SQLshLineEditor", "SQLshShell", "SQLshCore", "CEditLine", "CStartup"],
                         exclude: ["startup-order.txt"]),  // the linker's, see the Makefile

        // Plugins: the C ABI (header only), the Swift SDK, and the example plugins. A plugin links
        // the Swift runtime statically (-static-stdlib), so it is self-contained and loads into
        // both the statically linked release sqlsh and a dynamically linked debug build.
        .target(name: "CSQLshPlugin"),
        .target(name: "SQLshPluginSDK", dependencies: ["SQLshCore", "CSQLshPlugin"]),
        .target(name: "GeoPlugin", dependencies: ["SQLshPluginSDK"], path: "plugins/geo",
                linkerSettings: [.unsafeFlags(["-static-stdlib"])]),
        .target(name: "InetPlugin", dependencies: ["SQLshPluginSDK"], path: "plugins/inet",
                linkerSettings: [.unsafeFlags(["-static-stdlib"])]),

        // WebAssembly plugins: the ABI (manifest, value records, calls), the sandbox (memory,
        // fuel, granted imports) and the functions it makes, on SQLshCore's function API.
        .target(name: "SQLshWasm", dependencies: ["SQLshCore", .product(name: "WasmKit", package: "WasmKit")]),
        // The shared library holding SQLshWasm and WasmKit, with the C entry point the shell calls.
        .target(name: "WasmHostLibrary", dependencies: ["SQLshWasm", "SQLshPluginSDK", "CSQLshPlugin"],
                linkerSettings: [.unsafeFlags(["-static-stdlib"])]),

        .testTarget(name: "SQLshCoreTests", dependencies: ["SQLshCore", "CSQLite", "TestSupport"]),
        .testTarget(name: "SQLshWasmTests", dependencies: ["SQLshWasm", "SQLshCore"]),
        .testTarget(name: "SQLshJSONTests", dependencies: ["SQLshJSON", "SQLshCore"]),
        .testTarget(name: "SQLshCatalogTests", dependencies: ["SQLshCatalog", "SQLshCore", "GoldenFiles", "TestSupport", "QueryTestSupport"],
                    exclude: ["Golden"]),
        .testTarget(name: "SQLshParquetTests", dependencies: ["SQLshParquet", "TestSupport"]),
        .testTarget(name: "SQLshFilesTests", dependencies: ["SQLshFiles", "SQLshParquet", "SQLshCatalog", "SQLshCore", "TestSupport", "QueryTestSupport"]),
        // The stock sqlite3's recorded output for the comparison tests (Golden/ folders).
        .target(name: "GoldenFiles", path: "Tests/GoldenFiles"),
        // What several test targets share that is not a golden file: the seeded SplitMix64.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        // The query helpers (rows, value, errorMessage...) of the catalog and files tests.
        .target(name: "QueryTestSupport", dependencies: ["SQLshCore"], path: "Tests/QueryTestSupport"),
        .testTarget(name: "SQLshLineEditorTests", dependencies: ["SQLshLineEditor", "SQLshShell"]),
        .testTarget(name: "SQLshShellTests", dependencies: ["SQLshShell", "SQLshCore", "SQLshCatalog", "SQLshFiles", "SQLshParquet", "GoldenFiles", "TestSupport"],
                    exclude: ["Golden"]),
        // Runs the built `sqlsh` binary and the stock `sqlite3` on the same input.
        .testTarget(name: "EndToEndTests", dependencies: ["sqlsh", "GoldenFiles", "TestSupport"], exclude: ["Corpus", "Golden"]),
        // Loads the example plugins and C test plugins into the built `sqlsh`.
        .testTarget(name: "PluginTests", dependencies: ["sqlsh", "TestSupport"], exclude: ["Wasm"]),
        // The Swift plugin SDK and the loader in process (no dlopen): every function kind.
        .testTarget(name: "PluginSDKTests", dependencies: ["SQLshPluginSDK", "SQLshShell", "SQLshCatalog"]),
    ],
    // Every target, the tests too, in Swift 6 language mode (complete concurrency checking).
    swiftLanguageModes: [.v6]
)
