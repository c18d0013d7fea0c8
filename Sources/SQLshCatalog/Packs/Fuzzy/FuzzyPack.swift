/// The `fuzzy` pack: sqlean's fuzzy extension (edit distances, phonetic codes,
/// transliteration and script detection), every function under both of sqlean's names.
enum FuzzyPack {
    static let pack = FunctionPack(
        name: "fuzzy",
        summary: "fuzzy matching: edit distances, Jaro-Winkler, Soundex and other phonetic codes, transliteration (sqlean names)",
        functions: [
            EditDistances.leven, EditDistances.levenshteinAlias,
            EditDistances.damlev, EditDistances.dlevenshtein,
            EditDistances.hamming, EditDistances.hammingAlias,
            EditDistances.osa, EditDistances.osaDistance,
            JaroWinkler.entry, JaroWinkler.jaroWinkler,
            SpellfixEditDistance.entry, SpellfixEditDistance.editDistance,
            PhoneticCodes.soundex, PhoneticCodes.soundexAlias,
            PhoneticCodes.rsoundex, PhoneticCodes.rsoundexAlias,
            Caverphone.entry, Caverphone.caverphone,
            PhoneticHash.entry, PhoneticHash.phoneticHash,
            Translit.entry, Translit.translit,
            ScriptCode.entry, ScriptCode.scriptCode,
        ])
}
