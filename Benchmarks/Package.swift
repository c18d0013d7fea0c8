// swift-tools-version:6.0
// The function-API benchmark: sqlsh vs raw C callbacks vs GRDB, on 1,000,000 rows.
// A package of its own so that the main build never pulls GRDB. Run with `make bench`.
import PackageDescription

let package = Package(
    name: "sqlsh-benchmarks",
    dependencies: [
        .package(name: "sqlsh", path: ".."),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
    ],
    targets: [
        .executableTarget(
            name: "sqlsh-function-bench",
            dependencies: [
                .product(name: "SQLshCore", package: "sqlsh"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
    ],
    swiftLanguageModes: [.v5]
)
