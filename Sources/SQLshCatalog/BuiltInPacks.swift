import SQLshCore

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
        /// The pack's name, known without making it (a test checks it is the pack's).
        let name: String
        /// The C entries of the pack's functions that SQLite calls directly (``DirectEntry``),
        /// in the order of their signatures (a test checks the order, and each entry against
        /// the function it stands for).
        let direct: @Sendable () -> [DirectEntry]

        init(_ name: String, upFront: @escaping @Sendable () -> [CatalogFunction] = { [] },
             direct: @escaping @Sendable () -> [DirectEntry] = { [] },
             make: @escaping @Sendable () -> FunctionPack) {
            self.name = name
            self.upFront = upFront
            self.direct = direct
            self.make = make
        }
    }

    static let all: [Entry] = [
        Entry("text", direct: { Repeat.direct + Size.direct }) { TextPack.pack },
        Entry("regexp") { RegexpPack.pack },
        Entry("stats", upFront: { [SqleanStatsNames.statsSeq] }, direct: { StatsDirectEntries.all }) { StatsPack.pack },
        Entry("series", upFront: { [SeriesPack.generateSeries] }) { SeriesPack.pack },
        Entry("sha3") { SHA3Pack.pack },
        Entry("fileio", upFront: { [FileIOPack.fsdir] + SqleanTableFunctions.all }) { FileIOPack.pack },
        Entry("decimal", direct: { DecimalDirectEntries.all }) { DecimalPack.pack },
        Entry("ieee754") { IEEE754Pack.pack },
        Entry("core353") { Core353Pack.pack },
        Entry("math", direct: { MathEntries.all }) { MathPack.pack },
        Entry("ipaddr") { IPAddrPack.pack },
        Entry("time", direct: { TimeEntries.all }) { TimePack.pack },
        Entry("crypto") { CryptoPack.pack },
        Entry("uuid") { UUIDPack.pack },
        Entry("unicode") { UnicodePack.pack },
        Entry("fuzzy") { FuzzyPack.pack },
        Entry("chart") { ChartPack.pack },
        Entry("duckdb", upFront: { [DuckDBTables.range, DuckDBTables.unnest] }, direct: { DuckDBDirectEntries.all }) { DuckDBPack.pack },
        Entry("vsv", upFront: { [VSVPack.vsv] }) { VSVPack.pack },
        Entry("archive", upFront: { [ArchivePack.zipfile] }) { ArchivePack.pack },
        // Last, as in sqlean's bundle: stored definitions may call any other pack's functions.
        Entry("define", upFront: { [DefinePack.define] }) { DefinePack.pack },
    ]
}
