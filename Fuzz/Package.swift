// swift-tools-version:6.0
import PackageDescription

// libFuzzer targets for sqlsh, kept out of the main package: they are built with
// -sanitize=fuzzer,address (`make fuzz`), and libFuzzer supplies `main`. Each target's entry
// point is `LLVMFuzzerTestOneInput`; internal parts of the shell are reached with
// `@testable import`, so the main package is built with -enable-testing here.
let fuzzTargets = ["FuzzInputSplitter", "FuzzDotArguments", "FuzzImportReader", "FuzzCompletion", "FuzzCatalog", "FuzzRecover",
                   "FuzzVSVOptions", "FuzzDumpDamaged", "FuzzFileTables", "FuzzHighlighter",
                   "FuzzWasmModule", "FuzzSQLTokenizer", "FuzzFriendlySQL", "FuzzDates", "FuzzParquet"]

let package = Package(
    name: "sqlsh-fuzz",
    products: fuzzTargets.map { .executable(name: $0, targets: [$0]) },
    dependencies: [.package(name: "sqlsh", path: "..")],
    targets: [
        .target(name: "CFuzzDriver"),
        .target(name: "FuzzSupport", dependencies: ["CFuzzDriver",.product(name: "SQLshShell", package: "sqlsh"),
                                                    .product(name: "SQLshCore", package: "sqlsh")]),
    ] + fuzzTargets.map { name in
        .executableTarget(
            name: name,
            dependencies: ["FuzzSupport",
                           .product(name: "SQLshShell", package: "sqlsh"),
                           .product(name: "SQLshCatalog", package: "sqlsh"),
                           .product(name: "SQLshFiles", package: "sqlsh"),
                           .product(name: "SQLshCore", package: "sqlsh")]
                + (name == "FuzzWasmModule" ? [.product(name: "SQLshWasm", package: "sqlsh")] : [])
                + (name == "FuzzParquet" ? [.product(name: "SQLshParquet", package: "sqlsh")] : []),
            swiftSettings: [.unsafeFlags(["-parse-as-library"])])
    },
    swiftLanguageModes: [.v5]
)
