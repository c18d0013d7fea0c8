/// The packs compiled into sqlsh, in listing order. Each pack lives in its own folder under
/// `Packs/` and exposes a `static let pack`.
///
/// A pack is made (its entries built, their documentation assembled) only when something reads
/// the catalog: a statement naming a function the connection lacks, `.functions`, `.enable`.
/// `select 1` makes none. Packs with a table-valued function are made when a connection opens,
/// since those functions are registered up front (``CatalogFunction/registeredUpFront``):
/// `upFront` says which, and a test checks it.
enum BuiltInPacks {
    struct Entry: Sendable {
        let upFront: Bool
        let make: @Sendable () -> FunctionPack
    }

    static let all: [Entry] = [
        Entry(upFront: false) { TextPack.pack },
        Entry(upFront: false) { RegexpPack.pack },
        Entry(upFront: true) { StatsPack.pack },  // stats_seq
        Entry(upFront: true) { SeriesPack.pack },  // generate_series
        Entry(upFront: false) { SHA3Pack.pack },
        Entry(upFront: true) { FileIOPack.pack },  // fsdir, fileio_ls, fileio_scan
        Entry(upFront: false) { DecimalPack.pack },
        Entry(upFront: false) { IEEE754Pack.pack },
        Entry(upFront: false) { MathPack.pack },
        Entry(upFront: false) { IPAddrPack.pack },
        Entry(upFront: false) { TimePack.pack },
        Entry(upFront: false) { CryptoPack.pack },
        Entry(upFront: false) { UUIDPack.pack },
        Entry(upFront: false) { UnicodePack.pack },
        Entry(upFront: false) { FuzzyPack.pack },
        Entry(upFront: true) { VSVPack.pack },  // the vsv module
        Entry(upFront: true) { FilesPack.pack },  // the read_csv, read_json, read_ndjson modules
        Entry(upFront: true) { ArchivePack.pack },  // the zipfile module
        // Last, as in sqlean's bundle: stored definitions may call any other pack's functions.
        Entry(upFront: true) { DefinePack.pack },  // define() and the define module
    ]
}
