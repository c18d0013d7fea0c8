/// The `text` pack: Unicode-correct string functions.
enum TextPack {
    static let pack = FunctionPack(
        name: "text",
        summary: "string functions: reverse by grapheme cluster, slugs, Postgres-style helpers (sqlean names too)",
        functions: [
            Reverse.reverse,
            Reverse.textReverse,
            Slugify.entry,
            CharLength.entry,
            CharLength.characterLength,
            CharLength.textLength,
            LeftRight.textLeft,
            LeftRight.textRight,
            Padding.lpad,
            Padding.textLpad,
            Padding.rpad,
            Padding.textRpad,
            SplitPart.entry,
            SplitPart.textSplit,
            Translate.entry,
            Translate.textTranslate,
        ])
}
