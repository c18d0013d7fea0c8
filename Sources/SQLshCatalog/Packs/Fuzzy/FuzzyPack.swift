/// The `fuzzy` pack: sqlean's fuzzy extension.
enum FuzzyPack {
    static let pack = FunctionPack(name: "fuzzy", summary: "fuzzy matching", functions: [])
}
