import Foundation
import Testing
@testable import SQLshCatalog
import SQLshCore

/// `BuiltInSignatures.swift` lists what the packs register (deferred signatures, and which
/// packs have functions registered up front): written from the packs, never by hand. This test fails while the file differs from what the packs say, and writes it again
/// with `SQLSH_WRITE_SIGNATURES=1 swift test --filter CatalogSignaturesTests`.
struct CatalogSignaturesTests {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/SQLshCatalog/BuiltInSignatures.swift")

    /// The file's text as the packs give it.
    static func generated() -> String {
        var lines = [
            "// Generated from the packs by CatalogSignaturesTests (SQLSH_WRITE_SIGNATURES=1); do not edit.",
            "import SQLshCore",
            "",
            "extension BuiltInPacks {",
            "    /// The deferred registrations of each pack, in ``all``'s order (see ``BuiltInSignature``).",
            "    static let signatures: [[DeferredSignature]] = [",
        ]
        for entry in BuiltInPacks.all {
            let pack = entry.make()
            lines.append("        [  // \(pack.name)")
            for signature in BuiltInSignature.signatures(of: pack) {
                let kind = switch signature.kind { case .scalar: "scalar"; case .aggregate: "aggregate"; case .window: "window" }
                lines.append("            .init(\"\(signature.name)\", argumentCount: \(signature.argumentCount ?? -1), kind: .\(kind), "
                             + "options: .init(rawValue: 0x\(String(signature.options.rawValue, radix: 16)))),")
            }
            lines.append("        ],")
        }
        lines += ["    ]", "}", ""]
        return lines.joined(separator: "\n")
    }

    @Test func theListIsThePacks() throws {
        let expected = Self.generated()
        if ProcessInfo.processInfo.environment["SQLSH_WRITE_SIGNATURES"] == "1" {
            try Data(expected.utf8).write(to: Self.file)
        }
        let actual = try String(contentsOf: Self.file, encoding: .utf8)
        #expect(actual == expected, "BuiltInSignatures.swift is stale: run SQLSH_WRITE_SIGNATURES=1 swift test --filter CatalogSignaturesTests")
    }

    /// Every deferred registration makes the pack's function of the same shape.
    @Test func everySignatureMakesItsFunction() {
        for (pack, signatures) in BuiltInPacks.signatures.enumerated() {
            for (index, signature) in signatures.enumerated() {
                let made = BuiltInSignature.make(pack: pack, index: index)
                #expect(made != nil && made?.kind == signature.kind && made?.argumentCount == signature.argumentCount,
                        "\(signature.name)/\(signature.argumentCount ?? -1)")
            }
        }
    }

    /// Every entry that starts enabled is registered at start-up: deferred, or up front; only
    /// collations wait until a statement needs them.
    @Test func entriesLeftToOnDemandRegistration() {
        let left = BuiltInPacks.all.flatMap { $0.make().functions }
            .filter { $0.enabledByDefault && !$0.registeredUpFront && $0.makeFunctions == nil && $0.kind != .collation }.map(\.name)
        #expect(left == [], "\(left)")
    }
}
