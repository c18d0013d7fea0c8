/// A group of related catalog functions, switched on and off together (`.disable regexp`).
public struct FunctionPack: Sendable {
    /// The pack's name, lowercase: `text`, `regexp`, `stats`.
    public var name: String
    /// One line describing the pack.
    public var summary: String
    /// The pack's functions.
    public var functions: [CatalogFunction]

    /// A pack of `functions`, each of which gets its ``CatalogFunction/pack`` from here.
    public init(name: String, summary: String, functions: [CatalogFunction]) {
        self.name = name
        self.summary = summary
        self.functions = functions
        for i in self.functions.indices { self.functions[i].pack = name }
    }
}
