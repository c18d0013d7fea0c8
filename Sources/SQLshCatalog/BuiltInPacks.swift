/// The packs compiled into sqlsh, in listing order. Each pack lives in its own folder under
/// `Packs/` and exposes a `static let pack`.
///
/// A pack is made (its entries built, their documentation assembled) only when something reads
/// the catalog: a statement naming a function the connection lacks, `.functions`, `.enable`.
/// `select 1` makes none. Packs with a table-valued function are made when a connection opens,
/// since those functions are registered up front (``CatalogFunction/registeredUpFront``):
/// ``upFront`` says which, generated from the packs with ``signatures``
/// (`BuiltInSignatures.swift`).
enum BuiltInPacks {
    struct Entry: Sendable {
        let make: @Sendable () -> FunctionPack
    }

    static let all: [Entry] = [
        Entry { TextPack.pack },
        Entry { RegexpPack.pack },
        Entry { StatsPack.pack },
        Entry { SeriesPack.pack },
        Entry { SHA3Pack.pack },
        Entry { FileIOPack.pack },
        Entry { DecimalPack.pack },
        Entry { IEEE754Pack.pack },
        Entry { MathPack.pack },
        Entry { IPAddrPack.pack },
        Entry { TimePack.pack },
        Entry { CryptoPack.pack },
        Entry { UUIDPack.pack },
        Entry { UnicodePack.pack },
        Entry { FuzzyPack.pack },
        Entry { ChartPack.pack },
        Entry { VSVPack.pack },
        Entry { FilesPack.pack },
        Entry { ArchivePack.pack },
        // Last, as in sqlean's bundle: stored definitions may call any other pack's functions.
        Entry { DefinePack.pack },
    ]
}
