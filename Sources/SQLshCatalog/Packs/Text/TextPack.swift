/// The `text` pack: Unicode-correct string functions.
enum TextPack {
    static let pack = FunctionPack(
        name: "text",
        summary: "string functions: reverse by grapheme cluster, slugs",
        functions: [
            Reverse.reverse,
            Reverse.textReverse,
            Slugify.entry,
        ])
}
