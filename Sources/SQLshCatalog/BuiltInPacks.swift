/// The packs compiled into sqlsh, in listing order. Each pack lives in its own folder under
/// `Packs/` and exposes a `static let pack`.
///
/// A pack is made (its entries built, their documentation assembled) only when something reads
/// the catalog: a statement naming a function the connection lacks, `.functions`, `.enable`.
/// `select 1` makes none. A pack's functions registered up front when a connection opens
/// (``CatalogFunction/registeredUpFront``: table-valued functions, modules, `define`) are
/// listed in `upFront`, read without making the pack (its entries are static properties of
/// their own), and a test checks that the list matches the pack.
enum BuiltInPacks {
    struct Entry: Sendable {
        /// The pack's functions registered up front that start enabled.
        let upFront: @Sendable () -> [CatalogFunction]
        let make: @Sendable () -> FunctionPack

        init(upFront: @escaping @Sendable () -> [CatalogFunction] = { [] }, make: @escaping @Sendable () -> FunctionPack) {
            self.upFront = upFront
            self.make = make
        }
    }

    static let all: [Entry] = [
        Entry { TextPack.pack },
        Entry { RegexpPack.pack },
        Entry(upFront: { [SqleanStatsNames.statsSeq] }) { StatsPack.pack },
        Entry(upFront: { [SeriesPack.generateSeries] }) { SeriesPack.pack },
        Entry { SHA3Pack.pack },
        Entry(upFront: { [FileIOPack.fsdir] + SqleanTableFunctions.all }) { FileIOPack.pack },
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
        Entry(upFront: { [DuckDBTables.range] }) { DuckDBPack.pack },
        Entry(upFront: { [VSVPack.vsv] }) { VSVPack.pack },
        Entry(upFront: { [FilesPack.readCSV, FilesPack.readJSON, FilesPack.readNDJSON] }) { FilesPack.pack },
        Entry(upFront: { [ArchivePack.zipfile] }) { ArchivePack.pack },
        // Last, as in sqlean's bundle: stored definitions may call any other pack's functions.
        Entry(upFront: { [DefinePack.define] }) { DefinePack.pack },
    ]
}
