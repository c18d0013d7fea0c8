/// The `regexp` pack: PCRE2 regular expressions.
enum RegexpPack {
    static let pack = FunctionPack(
        name: "regexp",
        summary: "PCRE2 regular expressions: REGEXP operator, match, extract, replace",
        functions: [
            RegexpMatch.regexp,
            RegexpMatch.regexpi,
            RegexpMatch.regexpLike,
            RegexpExtract.regexpSubstr,
            RegexpExtract.regexpCapture,
            RegexpReplace.entry,
        ])
}
