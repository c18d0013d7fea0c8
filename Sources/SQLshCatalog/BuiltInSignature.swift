import SQLshCore

/// What ``Catalog/register(on:)`` gives SQLite for every enabled built-in function when a
/// connection opens, without making its pack: name, argument count, kind and flags, as
/// ``DeferredSignature``s whose bodies are made at the first call. So every one of them is
/// callable from the first statement, from views, triggers and schema expressions, and listed
/// by `pragma_function_list`, while a pack is made only when one of its functions is called.
///
/// The lists, ``BuiltInPacks/signatures`` (one per pack, in ``BuiltInPacks/all``'s order), are
/// generated from the packs themselves (`BuiltInSignatures.swift`; `CatalogSignaturesTests`
/// writes the file again with `SQLSH_WRITE_SIGNATURES=1` and fails while it differs).
enum BuiltInSignature {
    /// The function of pack `pack`'s signature `index`: the pack's entry of that name, made
    /// with the signature's argument count.
    static func make(pack: Int, index: Int) -> SQLFunction? {
        let signature = BuiltInPacks.signatures[pack][index]
        return BuiltInPacks.all[pack].make().functions.first { $0.name == signature.name }?.makeFunctions?()
            .first { $0.argumentCount == signature.argumentCount }
    }

    /// The signatures of a pack's entries registered deferred: ordinary functions (not
    /// table-valued, not custom registrations) that start enabled.
    static func signatures(of pack: FunctionPack) -> [DeferredSignature] {
        pack.functions.flatMap { entry -> [DeferredSignature] in
            guard entry.enabledByDefault, !entry.registeredUpFront, let make = entry.makeFunctions else { return [] }
            return make().map { DeferredSignature($0.name, argumentCount: $0.argumentCount, kind: $0.kind, options: $0.options) }
        }
    }
}
