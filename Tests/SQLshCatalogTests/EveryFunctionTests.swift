import Foundation
import SQLshCatalog
import SQLshCore
import Testing

/// The same checks for every function of the text, regexp and stats packs, driven by a table
/// (one probe per function) and by the catalog's metadata, so that a function added without
/// a probe fails here: NULL, empty text, invalid UTF-8, a 1 MB text, an integer, a real, a
/// blob, wrong argument counts, GROUP BY, OVER (...) with growing, sliding, shrinking and
/// empty frames, and index expressions for the deterministic ones.
@Suite struct EveryFunctionTests {
    /// What a probe expects.
    enum Expected: CustomStringConvertible {
        case value(SQLValue)
        /// Text given as bytes (invalid UTF-8 kept).
        case bytes([UInt8])
        case error(String)

        var description: String {
            switch self {
            case .value(let v): return "\(v)"
            case .bytes(let b): return "bytes \(b)"
            case .error(let e): return "error \(e)"
            }
        }
    }

    /// One function's expectations. `template` is the call with `$` for the argument under test
    /// (for an aggregate, the column it runs over).
    struct Probe {
        var template: String
        var null: Expected
        var empty: Expected
        /// With `cast(x'61ff62' as text)`: 'a', an invalid byte, 'b'.
        var invalid: Expected
        /// `length()` of the result for a text of 1,000,000 'a' (or the value for non-text results).
        var long: Expected
        /// With the integer 12345.
        var integer: Expected
        /// With the real 2.5.
        var real: Expected
        /// With the blob x'616263'.
        var blob: Expected
    }

    static let invalidText = "cast(x'61ff62' as text)"
    static let longText = "printf('%.*c', 1000000, 'a')"

    static func v(_ value: SQLValue) -> Expected { .value(value) }
    static func t(_ text: String) -> Expected { .value(.text(text)) }
    static func i(_ integer: Int64) -> Expected { .value(.integer(integer)) }
    static func r(_ real: Double) -> Expected { .value(.real(real)) }
    static let null = Expected.value(.null)

    static func reverse(_ name: String) -> Probe {
        Probe(template: "\(name)($)", null: null, empty: t(""), invalid: .bytes([0x62, 0xFF, 0x61]), long: i(1_000_000),
              integer: t("54321"), real: t("5.2"), blob: v(.blob([0x63, 0x62, 0x61])))
    }
    static func charLength(_ name: String) -> Probe {
        Probe(template: "\(name)($)", null: null, empty: i(0), invalid: i(3), long: i(1_000_000),
              integer: i(5), real: i(3), blob: i(3))
    }
    static func pad(_ name: String, left: Bool) -> Probe {
        Probe(template: "\(name)($, 4, 'x')", null: null, empty: t("xxxx"),
              invalid: .bytes(left ? [0x78, 0x61, 0xFF, 0x62] : [0x61, 0xFF, 0x62, 0x78]), long: i(4),
              integer: t("1234"), real: t(left ? "x2.5" : "2.5x"), blob: t(left ? "xabc" : "abcx"))
    }
    static func splitPart(_ name: String) -> Probe {
        Probe(template: "\(name)($, 'b', 1)", null: null, empty: t(""), invalid: .bytes([0x61, 0xFF]), long: i(1_000_000),
              integer: t("12345"), real: t("2.5"), blob: t("a"))
    }
    static func translate(_ name: String) -> Probe {
        Probe(template: "\(name)($, 'a3', 'xy')", null: null, empty: t(""), invalid: .bytes([0x78, 0xFF, 0x62]), long: i(1_000_000),
              integer: t("12y45"), real: t("2.5"), blob: t("xbc"))
    }
    static func b(_ text: String) -> Expected { .bytes(Array(text.utf8)) }
    /// A probe from its template and its seven expectations, in the order of ``Probe``'s fields.
    static func p(_ template: String, _ null: Expected, _ empty: Expected, _ invalid: Expected, _ long: Expected,
                  _ integer: Expected, _ real: Expected, _ blob: Expected) -> Probe {
        Probe(template: template, null: null, empty: empty, invalid: invalid, long: long, integer: integer, real: real, blob: blob)
    }
    /// The sqlean text functions added with issue 10, by name (aliases share their probe).
    static let sqleanTextProbes: [String: Probe] = {
        var probes: [String: Probe] = [:]
        func add(_ names: [String], _ probe: (String) -> Probe) { for name in names { probes[name] = probe(name) } }
        add(["text_substring"]) { p("\($0)($, 2, 2)", null, t(""), .bytes([0xFF, 0x62]), i(2), t("23"), t(".5"), t("bc")) }
        add(["text_slice"]) { p("\($0)($, 2, -1)", null, t(""), .bytes([0xFF]), i(999_998), t("234"), t("."), t("b")) }
        add(["left"]) { p("\"\($0)\"($, 2)", null, t(""), .bytes([0x61, 0xFF]), i(2), t("12"), t("2."), t("ab")) }
        add(["right"]) { p("\"\($0)\"($, 2)", null, t(""), .bytes([0xFF, 0x62]), i(2), t("45"), t(".5"), t("bc")) }
        add(["text_index", "strpos"]) { p("\($0)($, 'b')", null, i(0), i(3), i(0), i(0), i(0), i(2)) }
        add(["text_last_index"]) { p("\($0)($, 'a')", null, i(0), i(1), i(1_000_000), i(0), i(0), i(1)) }
        add(["text_contains"]) { p("\($0)($, 'b')", null, i(0), i(1), i(0), i(0), i(0), i(1)) }
        add(["text_has_prefix", "starts_with"]) { p("\($0)($, 'a')", null, i(0), i(1), i(1), i(0), i(0), i(1)) }
        add(["text_has_suffix"]) { p("\($0)($, 'b')", null, i(0), i(1), i(0), i(0), i(0), i(0)) }
        add(["text_count"]) { p("\($0)($, 'a')", null, i(0), i(1), i(1_000_000), i(0), i(0), i(1)) }
        add(["text_like"]) { p("\($0)('A%', $)", null, i(0), i(1), i(1), i(0), i(0), i(1)) }
        add(["text_concat", "concat"]) {
            p("\($0)($, 'x')", t("x"), t("x"), .bytes([0x61, 0xFF, 0x62, 0x78]), i(1_000_001), t("12345x"), t("2.5x"), t("abcx"))
        }
        add(["text_join", "concat_ws"]) {
            p("\($0)('-', $, 'x')", t("x"), t("-x"), .bytes([0x61, 0xFF, 0x62, 0x2D, 0x78]), i(1_000_002), t("12345-x"), t("2.5-x"), t("abc-x"))
        }
        add(["text_repeat", "repeat"]) {
            p("\($0)($, 2)", null, t(""), .bytes([0x61, 0xFF, 0x62, 0x61, 0xFF, 0x62]), i(2_000_000), t("1234512345"), t("2.52.5"), t("abcabc"))
        }
        add(["text_ltrim", "ltrim"]) { p("\($0)($, 'a1')", null, t(""), .bytes([0xFF, 0x62]), i(0), t("2345"), t("2.5"), t("bc")) }
        add(["text_rtrim", "rtrim"]) { p("\($0)($, 'b5')", null, t(""), .bytes([0x61, 0xFF]), i(1_000_000), t("1234"), t("2."), t("abc")) }
        add(["text_trim", "btrim"]) { p("\($0)($, 'ab')", null, t(""), .bytes([0xFF]), i(0), t("12345"), t("2.5"), t("c")) }
        add(["text_upper"]) { p("\($0)($)", null, t(""), .bytes([0x41, 0xFF, 0x42]), i(1_000_000), t("12345"), t("2.5"), t("ABC")) }
        add(["text_lower", "text_casefold"]) { p("\($0)($)", null, t(""), .bytes([0x61, 0xFF, 0x62]), i(1_000_000), t("12345"), t("2.5"), t("abc")) }
        add(["text_title"]) { p("\($0)($)", null, t(""), .bytes([0x41, 0xFF, 0x42]), i(1_000_000), t("12345"), t("2.5"), t("Abc")) }
        add(["text_replace"]) { p("\($0)($, 'a', 'xy')", null, t(""), .bytes([0x78, 0x79, 0xFF, 0x62]), i(2_000_000), t("12345"), t("2.5"), t("xybc")) }
        add(["text_size", "octet_length"]) { p("\($0)($)", null, i(0), i(3), i(1_000_000), i(5), i(3), i(3)) }
        add(["text_bitsize", "bit_length"]) { p("\($0)($)", null, i(0), i(24), i(8_000_000), i(40), i(24), i(24)) }
        return probes
    }()

    /// A yes-or-no regexp: an invalid byte is a U+FFFD character there (SQLite's regexp).
    static func matcher(_ template: String, function: String) -> Probe {
        Probe(template: template, null: null, empty: i(0), invalid: i(1), long: i(1),
              integer: i(0), real: i(0), blob: i(1))
    }
    /// SQLite 3.53's percentile family: text (even numeric) and blobs are refused.
    static func sqlitePercentile(_ template: String, _ name: String) -> Probe {
        Probe(template: template, null: null, empty: .error("input to \(name)() is not numeric"),
              invalid: .error("input to \(name)() is not numeric"), long: .error("input to \(name)() is not numeric"),
              integer: r(12345), real: r(2.5), blob: .error("input to \(name)() is not numeric"))
    }
    static func fixedPercentile(_ name: String) -> Probe {
        Probe(template: "\(name)($)", null: null, empty: .error("1st argument to \(name)() is not numeric"),
              invalid: .error("1st argument to \(name)() is not numeric"),
              long: .error("1st argument to \(name)() is not numeric"),
              integer: r(12345), real: r(2.5), blob: .error("1st argument to \(name)() is not numeric"))
    }
    /// One row in: the sample statistics are NULL, the population ones 0.0; text counts as 0
    /// and blobs as their numeric value (as sum() reads them).
    static func moment(_ name: String, sample: Bool) -> Probe {
        let one = sample ? null : r(0)
        return Probe(template: "\(name)($)", null: null, empty: one, invalid: one, long: one,
                     integer: one, real: one, blob: one)
    }
    static func lengthExtreme(_ name: String) -> Probe {
        Probe(template: "\(name)($)", null: null, empty: i(0), invalid: i(3), long: i(1_000_000),
              integer: i(5), real: i(3), blob: i(3))
    }

    /// Every function of the three seed packs, by lowercased name.
    static let probes: [String: Probe] = [
        "reverse": reverse("reverse"),
        "text_reverse": reverse("text_reverse"),
        "slugify": Probe(template: "slugify($)", null: null, empty: t(""), invalid: t("a-b"), long: i(1_000_000),
                         integer: t("12345"), real: t("2-5"), blob: t("abc")),
        "char_length": charLength("char_length"),
        "character_length": charLength("character_length"),
        "text_length": charLength("text_length"),
        "text_left": Probe(template: "text_left($, 2)", null: null, empty: t(""), invalid: .bytes([0x61, 0xFF]), long: i(2),
                           integer: t("12"), real: t("2."), blob: t("ab")),
        "text_right": Probe(template: "text_right($, 2)", null: null, empty: t(""), invalid: .bytes([0xFF, 0x62]), long: i(2),
                            integer: t("45"), real: t(".5"), blob: t("bc")),
        "lpad": pad("lpad", left: true),
        "text_lpad": pad("text_lpad", left: true),
        "rpad": pad("rpad", left: false),
        "text_rpad": pad("text_rpad", left: false),
        "split_part": splitPart("split_part"),
        "text_split": splitPart("text_split"),
        "translate": translate("translate"),
        "text_translate": translate("text_translate"),
        "regexp": matcher("regexp('^a|c', $)", function: "regexp"),
        "regexpi": matcher("regexpi('^A|C', $)", function: "regexpi"),
        "regexp_like": matcher("regexp_like($, '^a|c')", function: "regexp_like"),
        "regexp_substr": Probe(template: "regexp_substr($, '[a-c]+')", null: null, empty: null,
                               invalid: .error("regexp_substr: the text is not valid UTF-8 (byte 1)"), long: i(1_000_000),
                               integer: null, real: null, blob: t("abc")),
        "regexp_capture": Probe(template: "regexp_capture($, '[a-c](\\w*)', 1)", null: null, empty: null,
                                invalid: .error("regexp_capture: the text is not valid UTF-8 (byte 1)"), long: i(999_999),
                                integer: null, real: null, blob: t("bc")),
        "regexp_replace": Probe(template: "regexp_replace($, '[a3]', '<$0>')", null: null, empty: t(""),
                                invalid: .error("regexp_replace: the text is not valid UTF-8 (byte 1)"), long: i(3_000_000),
                                integer: t("12<3>45"), real: t("2.5"), blob: t("<a>bc")),
        "median": sqlitePercentile("median($)", "median"),
        "percentile": sqlitePercentile("percentile($, 50)", "percentile"),
        "percentile_cont": sqlitePercentile("percentile_cont($, 0.5)", "percentile_cont"),
        "percentile_disc": sqlitePercentile("percentile_disc($, 0.5)", "percentile_disc"),
        "percentile_25": fixedPercentile("percentile_25"),
        "percentile_75": fixedPercentile("percentile_75"),
        "percentile_90": fixedPercentile("percentile_90"),
        "percentile_95": fixedPercentile("percentile_95"),
        "percentile_99": fixedPercentile("percentile_99"),
        "stddev": moment("stddev", sample: true),
        "stddev_samp": moment("stddev_samp", sample: true),
        "stddev_pop": moment("stddev_pop", sample: false),
        "variance": moment("variance", sample: true),
        "var_samp": moment("var_samp", sample: true),
        "var_pop": moment("var_pop", sample: false),
        "mode": Probe(template: "mode($)", null: null, empty: t(""), invalid: .bytes([0x61, 0xFF, 0x62]), long: i(1_000_000),
                      integer: i(12345), real: r(2.5), blob: v(.blob([0x61, 0x62, 0x63]))),
        "maxlength": lengthExtreme("maxLength"),
        "minlength": lengthExtreme("minLength"),
        // sqlean's stats_* names share the implementations above.
        "stats_median": fixedPercentile("stats_median"),
        "stats_p25": fixedPercentile("stats_p25"),
        "stats_p75": fixedPercentile("stats_p75"),
        "stats_p90": fixedPercentile("stats_p90"),
        "stats_p95": fixedPercentile("stats_p95"),
        "stats_p99": fixedPercentile("stats_p99"),
        "stats_perc": Probe(template: "stats_perc($, 50)", null: null, empty: .error("1st argument to percentile() is not numeric"),
                            invalid: .error("1st argument to percentile() is not numeric"),
                            long: .error("1st argument to percentile() is not numeric"),
                            integer: r(12345), real: r(2.5), blob: .error("1st argument to percentile() is not numeric")),
        "stats_stddev": moment("stats_stddev", sample: true),
        "stats_stddev_samp": moment("stats_stddev_samp", sample: true),
        "stats_stddev_pop": moment("stats_stddev_pop", sample: false),
        "stats_var": moment("stats_var", sample: true),
        "stats_var_samp": moment("stats_var_samp", sample: true),
        "stats_var_pop": moment("stats_var_pop", sample: false),
    ].merging(sqleanTextProbes) { first, _ in first }

    static let seedPacks: Set<String> = ["text", "regexp", "stats"]
    let catalog = Catalog.builtIn()
    let db: Connection

    init() throws {
        db = try catalogConnection(catalog)
    }

    /// The seed packs' functions, aside from table-valued ones (stats_seq: SeriesTests covers
    /// those) and collations (text_nocase has its own tests).
    var seedFunctions: [CatalogFunction] {
        catalog.functions.filter { Self.seedPacks.contains($0.pack) && $0.kind != .tableValued && $0.kind != .collation }
    }

    @Test func everySeedFunctionHasAProbe() {
        for function in seedFunctions {
            #expect(Self.probes[function.name.lowercased()] != nil, "no probe for \(function.name)")
        }
        #expect(Self.probes.count == seedFunctions.count)
    }

    /// The SQL that applies a probe to an argument: a scalar directly, an aggregate over a
    /// one-row subquery. For the long text, the length of a text result.
    func sql(_ probe: Probe, _ function: CatalogFunction, argument: String, lengthOfText: Bool = false) -> String {
        let call = probe.template.replacingOccurrences(of: "$", with: function.kind == .scalar ? argument : "x",
                                                       firstOnly: true)
        let result = lengthOfText ? "iif(typeof(\(call)) = 'text', length(\(call)), \(call))" : call
        return function.kind == .scalar ? "select \(result)" : "select \(result) from (select \(argument) as x)"
    }

    func check(_ sql: String, _ expected: Expected, _ label: String) {
        switch expected {
        case .value(let want):
            do {
                let got = try value(db, sql)
                if case .real(let a) = got, case .real(let b) = want {
                    #expect(abs(a - b) <= 1e-12 * max(1, abs(b)), "\(label): \(sql)")
                } else {
                    #expect(got == want, "\(label): \(sql)")
                }
            } catch {
                Issue.record("\(label): \(sql) failed: \(error)")
            }
        case .bytes(let want):
            #expect((try? bytes(db, sql)) == want, "\(label): \(sql)")
        case .error(let message):
            #expect(errorMessage(db, sql) == message, "\(label): \(sql)")
        }
    }

    @Test func nullEmptyInvalidLongAndOtherTypes() {
        for function in seedFunctions {
            guard let probe = Self.probes[function.name.lowercased()] else { continue }
            let name = function.name
            check(sql(probe, function, argument: "null"), probe.null, "\(name) NULL")
            check(sql(probe, function, argument: "''"), probe.empty, "\(name) ''")
            check(sql(probe, function, argument: Self.invalidText), probe.invalid, "\(name) invalid UTF-8")
            check(sql(probe, function, argument: Self.longText, lengthOfText: true), probe.long, "\(name) 1 MB")
            check(sql(probe, function, argument: "12345"), probe.integer, "\(name) integer")
            check(sql(probe, function, argument: "2.5"), probe.real, "\(name) real")
            check(sql(probe, function, argument: "x'616263'"), probe.blob, "\(name) blob")
        }
    }

    /// The argument counts an arity accepts: `1`, `1-3`, `1+` (a variadic function, which checks
    /// its minimum itself when run), or a list of those (`3,6-8`).
    static func arities(_ arity: String) -> Set<Int>? {
        var counts = Set<Int>()
        for part in arity.split(separator: ",") {
            if part.hasSuffix("+"), let minimum = Int(part.dropLast()) {
                counts.formUnion(minimum...127)
                continue
            }
            let bounds = part.split(separator: "-").compactMap { Int($0) }
            switch bounds.count {
            case 1: counts.insert(bounds[0])
            case 2 where bounds[0] <= bounds[1]: counts.formUnion(bounds[0]...bounds[1])
            default: return nil
            }
        }
        return counts.isEmpty ? nil : counts
    }

    /// Every function of the catalog (all packs), from its metadata: an argument count outside
    /// its arity is SQLite's own error; one inside is accepted (whatever the values then do).
    @Test func wrongArgumentCountsAreSQLitesError() throws {
        let db = try catalogConnection(catalog)
        for function in catalog.functions where function.kind != .tableValued && function.kind != .collation {
            guard let accepted = Self.arities(function.arity) else {
                Issue.record("\(function.name): arity '\(function.arity)'")
                continue
            }
            for count in 0...5 {
                // iif with 3 arguments is SQLite's own; the catalog's iif has the other counts.
                if function.name == "iif" && count == 3 { continue }
                // Only prepared, never run: wrong counts are found at prepare time, and
                // writefile('1', '1') must not write anything. The name is quoted for sqlean's
                // "left" and "right" (keywords).
                let call = "\"\(function.name)\"(\(Array(repeating: "'1'", count: count).joined(separator: ", ")))"
                var message: String?
                let variadic = function.arity.hasSuffix("+")
                do {
                    let statement = try db.prepare("select \(call)")
                    // writefile, like sqlite3's, takes any count and checks it when run, and so
                    // do the variadic functions (sqlean's concat: "expected at least 1 parameter").
                    if function.name == "writefile" || variadic, !accepted.contains(count) { _ = try statement.step() }
                } catch let error as SQLiteError {
                    message = error.message
                }
                if accepted.contains(count) {
                    #expect(message?.hasPrefix("wrong number of arguments") != true, "\(call): \(message ?? "")")
                    #expect(message?.hasPrefix("no such function") != true, "\(call): \(message ?? "")")
                } else if variadic {
                    // sqlean's message, or SQLite's own for its names (if(), as SQLite 3.48's).
                    #expect(message?.hasPrefix("expected at least \(accepted.min() ?? 0) parameter") == true
                            || message == "wrong number of arguments to function \(function.name)()", "\(call): \(message ?? "")")
                } else {
                    #expect(message == "wrong number of arguments to function \(function.name)()", "\(call)")
                }
            }
        }
    }

    /// Sample rows: ids with gaps (so RANGE frames differ from ROWS), groups, numbers with
    /// NULLs and duplicates, and texts of several lengths and scripts.
    func makeTable() throws {
        try db.execute("""
            create table t(i integer primary key, g integer, x, s text);
            insert into t select value * 3 - value % 2, value % 4, \
              case when value % 7 = 0 then null when value % 5 = 0 then 2.5 else (value * 7919) % 23 end, \
              case when value % 11 = 0 then null else substr('Crème brûlée 👍🏽 ab12 x', 1 + value % 9, 1 + value % 13) end \
            from generate_series(1, 60);
            """)
    }

    /// The column an aggregate's probe runs over.
    func argumentColumn(for function: CatalogFunction) -> String {
        ["maxlength", "minlength", "mode"].contains(function.name.lowercased()) ? "s" : "x"
    }

    func call(_ function: CatalogFunction, _ argument: String) -> String {
        Self.probes[function.name.lowercased()]!.template.replacingOccurrences(of: "$", with: argument, firstOnly: true)
    }

    func literal(_ v: SQLValue) -> String {
        switch v {
        case .integer(let i): return String(i)
        case .null: return "null"
        default: return "'\(v)'"
        }
    }

    func same(_ a: SQLValue, _ b: SQLValue) -> Bool {
        if case .real(let x) = a, case .real(let y) = b { return abs(x - y) <= 1e-9 * max(1, abs(y)) }
        return a == b
    }

    @Test func aggregatesInGroupByMatchEachGroupAlone() throws {
        try makeTable()
        for function in seedFunctions where function.kind != .scalar {
            let c = call(function, argumentColumn(for: function))
            let grouped = try rows(db, "select g, \(c) from t group by g order by g")
            #expect(grouped.count == 4, "\(function.name)")
            for row in grouped {
                let alone = try value(db, "select \(c) from t where g = \(literal(row[0]))")
                #expect(same(row[1], alone), "\(function.name) group \(row[0])")
            }
        }
    }

    /// Each aggregate as a window function over frames that grow, slide, shrink to nothing and
    /// exclude rows, against the aggregate run on each frame's rows alone.
    @Test func aggregatesOverEveryKindOfFrame() throws {
        try makeTable()
        let ids = try column(db, "select i from t order by i").compactMap { v -> Int64? in
            if case .integer(let i) = v { return i }
            return nil
        }
        // frame clause, and the rows of the frame of row k (an index into ids) as a WHERE clause
        let frames: [(String, (Int) -> String)] = [
            ("rows between unbounded preceding and current row", { k in "i <= \(ids[k])" }),
            ("rows between 3 preceding and 1 following",
             { k in "i between \(ids[max(0, k - 3)]) and \(ids[min(ids.count - 1, k + 1)])" }),
            ("rows between current row and unbounded following", { k in "i >= \(ids[k])" }),
            ("rows between 2 following and 4 following",  // empty for the last two rows
             { k in k + 2 < ids.count ? "i between \(ids[k + 2]) and \(ids[min(ids.count - 1, k + 4)])" : "0" }),
            ("rows between 2 preceding and 2 following exclude current row",
             { k in "i between \(ids[max(0, k - 2)]) and \(ids[min(ids.count - 1, k + 2)]) and i <> \(ids[k])" }),
            ("range between 4 preceding and 2 following", { k in "i between \(ids[k] - 4) and \(ids[k] + 2)" }),
        ]
        for function in seedFunctions where function.kind != .scalar {
            let c = call(function, argumentColumn(for: function))
            for (frame, filter) in frames {
                let windowed = try column(db, "select \(c) over (order by i \(frame)) from t order by i")
                #expect(windowed.count == ids.count)
                for k in ids.indices {
                    let alone = try value(db, "select \(c) from t where \(filter(k))")
                    #expect(same(windowed[k], alone), "\(function.name) over (\(frame)) row \(k): \(windowed[k]) vs \(alone)")
                }
            }
            // Partitions, and GROUPS frames over ties.
            let partitioned = try rows(db, "select g, \(c) over (partition by g) from t")
            for row in partitioned {
                let alone = try value(db, "select \(c) from t where g = \(literal(row[0]))")
                #expect(same(row[1], alone), "\(function.name) partition \(row[0])")
            }
            let groups = try rows(db, "select g, \(c) over (order by g groups between 1 preceding and current row) from t")
            for row in groups {
                guard case .integer(let g) = row[0] else { continue }
                let alone = try value(db, "select \(c) from t where g between \(g - 1) and \(g)")
                #expect(same(row[1], alone), "\(function.name) groups \(g)")
            }
        }
    }

    /// Scalars work in GROUP BY and inside windowed queries; OVER on a scalar is SQLite's error.
    @Test func scalarsInGroupByAndWindowQueries() throws {
        try makeTable()
        for function in seedFunctions where function.kind == .scalar {
            let c = call(function, "s")
            let grouped = try rows(db, "select \(c) as k, count(*) from t group by k")
            let distinct = try value(db, "select count(*) from (select distinct \(c) from t)")
            #expect(distinct == .integer(Int64(grouped.count)), "\(function.name)")
            let ordered = try column(db, "select row_number() over (order by \(c), i) from t")
            #expect(ordered.count == 60, "\(function.name)")
            #expect(errorMessage(db, "select \(c) over () from t") == "\(function.name)() may not be used as a window function")
        }
    }

    /// Deterministic scalars can be used in an index expression (and a generated column), and
    /// a query through the index gives the same rows as a scan.
    @Test func deterministicScalarsInIndexExpressions() throws {
        try makeTable()
        var indexed = 0
        for function in seedFunctions where function.kind == .scalar {
            #expect(function.flags.contains(.deterministic), "\(function.name) is not deterministic")
            let c = call(function, "s")
            let index = "ix_\(function.name)"
            try db.execute("create index \(index) on t(\(c))")
            let plan = try rows(db, "explain query plan select i from t where \(c) = 'x'").map { $0[3] }
            #expect(plan.contains { if case .text(let d) = $0 { return d.contains(index) }; return false }, "\(function.name): \(plan)")
            let viaIndex = try column(db, "select i from t indexed by \(index) where \(c) is not null order by \(c), i")
            let scan = try column(db, "select i from t not indexed where \(c) is not null order by \(c), i")
            #expect(viaIndex == scan, "\(function.name)")
            try db.execute("drop index \(index)")
            try db.execute("create table gen_\(function.name)(s text, k as (\(c)) stored); insert into gen_\(function.name)(s) select s from t")
            indexed += 1
        }
        #expect(indexed == seedFunctions.filter { $0.kind == .scalar }.count)
    }
}

extension String {
    /// The string with the first occurrence of `target` replaced (or every one).
    func replacingOccurrences(of target: String, with replacement: String, firstOnly: Bool) -> String {
        guard let range = range(of: target) else { return self }
        if !firstOnly { return replacingOccurrences(of: target, with: replacement) }
        return replacingCharacters(in: range, with: replacement)
    }
}
