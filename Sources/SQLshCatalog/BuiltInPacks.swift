/// The packs compiled into sqlsh, in listing order. Each pack lives in its own folder under
/// `Packs/` and exposes a `static let pack`.
enum BuiltInPacks {
    static var all: [FunctionPack] {
        [
            TextPack.pack,
            RegexpPack.pack,
            StatsPack.pack,
            SeriesPack.pack,
            SHA3Pack.pack,
            FileIOPack.pack,
            DecimalPack.pack,
            IEEE754Pack.pack,
            MathPack.pack,
            IPAddrPack.pack,
            TimePack.pack,
            VSVPack.pack,
            DefinePack.pack,
        ]
    }
}
