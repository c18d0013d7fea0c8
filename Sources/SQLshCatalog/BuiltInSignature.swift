import SQLshCore

/// One SQLite registration of a built-in function, known without making its pack: what
/// ``Catalog/register(on:)`` gives SQLite for every enabled built-in function when a
/// connection opens (as a ``DeferredFunction``), so that all of them are callable from the
/// first statement, from views, triggers and schema expressions, and listed by
/// `pragma_function_list`, while a pack is made only when one of its functions is first called.
///
/// The list, ``BuiltInPacks/signatures``, is generated from the packs themselves
/// (`BuiltInSignatures.swift`; `CatalogSignaturesTests` writes it again with
/// `SQLSH_WRITE_SIGNATURES=1` and fails while it differs from the packs).
struct BuiltInSignature: Sendable {
    /// The SQL name.
    let name: String
    /// The pack's index in ``BuiltInPacks/all``.
    let pack: Int
    /// The argument count, -1 for any number.
    let argumentCount: Int
    /// Scalar, aggregate or window.
    let kind: SQLFunction.Kind
    /// The flags given to SQLite (``FunctionOptions/rawValue``).
    let options: Int32

    init(_ name: String, pack: Int, _ argumentCount: Int, _ kind: SQLFunction.Kind, options: Int32) {
        self.name = name
        self.pack = pack
        self.argumentCount = argumentCount
        self.kind = kind
        self.options = options
    }

    /// The registration: its body is the pack's function of the same name and argument count,
    /// made at the first call.
    var deferred: DeferredFunction {
        let name = name, pack = pack, count = argumentCount == -1 ? nil : argumentCount
        return DeferredFunction(name, argumentCount: count, kind: kind, options: FunctionOptions(rawValue: options)) {
            BuiltInPacks.all[pack].make().functions.first { $0.name == name }?.makeFunctions?()
                .first { $0.argumentCount == count }
        }
    }

    /// The signatures of a pack's entries that ``Catalog/register(on:)`` registers deferred:
    /// ordinary functions (not table-valued, not custom registrations) that start enabled.
    static func signatures(of pack: FunctionPack, index: Int) -> [BuiltInSignature] {
        pack.functions.flatMap { entry -> [BuiltInSignature] in
            guard entry.enabledByDefault, !entry.registeredUpFront, let make = entry.makeFunctions else { return [] }
            return make().map {
                BuiltInSignature($0.name, pack: index, $0.argumentCount ?? -1, $0.kind, options: $0.options.rawValue)
            }
        }
    }
}
