import SQLshCatalog
import SQLshCore

/// One of SQLite's own functions as `.functions` and `.describe` show it: its arguments, a
/// one-line summary and an example with the result it prints in `list` mode.
///
/// The summaries are sqlsh's own words. Which functions exist is not taken from this table
/// but from the linked SQLite's `pragma_function_list` (see SQLiteFunctions): an entry for
/// a function the library lacks (`unhex` before 3.41) is not shown, and a function without
/// an entry is listed with a plain summary.
struct SQLiteFunctionDoc: Sendable {
    enum Kind: String, Sendable { case scalar, aggregate, window, table }
    /// The families `.functions` matches by name, as it matches the catalog's packs
    /// (`.functions json` lists the JSON functions).
    enum Family: String, Sendable, CaseIterable { case core, aggregate, window, date, math, json }

    let name: String
    /// The arguments as documentation shows them: `X[, N]`; empty for none.
    let arguments: String
    let kind: Kind
    let family: Family
    /// One line, no final period.
    let summary: String
    /// A statement calling the function.
    let example: String
    /// What `example` prints in `list` mode (rows on lines, columns between `|`); nil when
    /// it depends on the machine.
    let result: String?

    init(_ name: String, _ arguments: String, _ kind: Kind, _ family: Family, _ summary: String,
         _ example: String, _ result: String?) {
        self.name = name
        self.arguments = arguments
        self.kind = kind
        self.family = family
        self.summary = summary
        self.example = example
        self.result = result
    }

    /// The pack column of `.functions`: `sqlite/json`.
    var pack: String { "sqlite/" + family.rawValue }

    /// `name(arguments)`; the JSON operators as `JSON -> PATH`.
    var signature: String {
        if name.hasPrefix("-") { return arguments.split(separator: ",").map { $0.dropping(prefix: " ") }.joined(separator: " \(name) ") }
        return "\(name)(\(arguments))"
    }
}

/// SQLite's own functions, documented (entries) and found in the linked library.
enum SQLiteFunctions {
    /// A function of the linked SQLite: its documentation, and its argument counts for the
    /// `args` column (`1`, `1-3`, `any`).
    struct Available {
        let doc: SQLiteFunctionDoc
        let arity: String
    }

    /// The SQLite functions of `connection` that the catalog does not replace, sorted by family
    /// then name. Empty when the library cannot list them (`pragma_function_list` refused).
    static func available(on connection: Connection, catalog: Catalog) -> [Available] {
        var counts: [String: Set<Int>] = [:]
        do {
            let list = try connection.prepare("select name, narg from pragma_function_list where builtin = 1")
            while try list.step() {
                guard let name = list.string(at: 0) else { continue }
                counts[name.lowercased(), default: []].insert(Int(list.int64(at: 1)))
            }
            // json_each and json_tree are table-valued: modules, not functions.
            let modules = try connection.prepare("select name from pragma_module_list where name in ('json_each', 'json_tree')")
            while try modules.step() {
                if let name = modules.string(at: 0) { counts[name, default: []].insert(-2) }
            }
        } catch {
            return []
        }
        let documented = Dictionary(entries.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var result: [Available] = []
        for (name, nargs) in counts where catalog.function(named: name) == nil {
            let doc = documented[name]
                ?? SQLiteFunctionDoc(name, "", .scalar, .core, "one of SQLite's own functions", "", nil)
            result.append(Available(doc: doc, arity: arity(nargs)))
        }
        let order = Dictionary(uniqueKeysWithValues: SQLiteFunctionDoc.Family.allCases.enumerated().map { ($1, $0) })
        return result.sorted {
            (order[$0.doc.family] ?? 0, $0.doc.name) < (order[$1.doc.family] ?? 0, $1.doc.name)
        }
    }

    /// The argument counts as listings show them: `2`, `1-3`, `1, 3`, `any`.
    static func arity(_ nargs: Set<Int>) -> String {
        if nargs.contains(-1) { return "any" }
        if nargs == [-2] { return "1-2" }  // json_each, json_tree
        let sorted = nargs.filter { $0 >= 0 }.sorted()
        guard let low = sorted.first, let high = sorted.last else { return "?" }
        if low == high { return String(low) }
        if sorted.count == high - low + 1 { return "\(low)-\(high)" }
        return sorted.map(String.init).joined(separator: ", ")
    }

    /// Whether `pattern` (as `.functions` takes it) selects `doc`: its name, its family, its
    /// pack (`sqlite/json`) or `sqlite` for them all. nil or empty selects everything.
    static func matches(_ pattern: String?, _ doc: SQLiteFunctionDoc) -> Bool {
        guard let pattern, !pattern.isEmpty else { return true }
        return wildcardMatch(pattern, doc.name) || wildcardMatch(pattern, doc.pack)
            || wildcardMatch(pattern, doc.family.rawValue) || pattern.lowercased() == "sqlite"
    }

    /// `.describe NAME` for one of SQLite's own functions.
    static func describe(_ function: Available) -> String {
        let doc = function.doc
        let kind = doc.kind == .table ? "table-valued" : doc.kind.rawValue
        var text = "\(doc.signature)  [\(doc.pack) pack, \(kind), args \(function.arity), SQLite's own]\n"
        text += "  \(doc.summary)\n"
        if !doc.example.isEmpty {
            text += "\n  Example:\n    \(doc.example)\n"
            if let result = doc.result {
                for line in result.split(separator: "\n", omittingEmptySubsequences: false) { text += "    → \(line)\n" }
            }
        }
        return text
    }

    /// SQLite's functions, in sqlsh's words.
    static let entries: [SQLiteFunctionDoc] = [
        .init("abs", "X", .scalar, .core, "X without its sign; NULL for NULL, 0.0 for text that is not a number",
              "select abs(-7.5);", "7.5"),
        .init("changes", "", .scalar, .core, "rows the last INSERT, UPDATE or DELETE of this connection changed",
              "select changes();", "0"),
        .init("char", "X1, X2, ...", .scalar, .core, "the text made of the characters with these Unicode code points",
              "select char(72, 105);", "Hi"),
        .init("coalesce", "X, Y, ...", .scalar, .core, "the first of its arguments that is not NULL",
              "select coalesce(null, null, 'fallback');", "fallback"),
        .init("concat", "X, ...", .scalar, .core, "its arguments as text, joined, NULLs left out",
              "select concat('a', null, 'b', 1);", "ab1"),
        .init("concat_ws", "SEP, X, ...", .scalar, .core, "its arguments after the first joined with the first between them, NULLs left out",
              "select concat_ws('-', 2024, null, 1, 15);", "2024-1-15"),
        .init("format", "FORMAT, ...", .scalar, .core, "printf-style formatting: %d, %s, %f, %q, %w and widths (same as printf)",
              "select format('%05.1f [%-4s]', 3.14159, 'ab');", "003.1 [ab  ]"),
        .init("glob", "PATTERN, X", .scalar, .core, "whether X matches a case-sensitive Unix glob (* ? [...]); X GLOB PATTERN calls it",
              "select glob('*.txt', 'notes.txt');", "1"),
        .init("hex", "X", .scalar, .core, "the bytes of a blob (or of a value's text) as upper-case hexadecimal",
              "select hex('hi');", "6869"),
        .init("ifnull", "X, Y", .scalar, .core, "X unless it is NULL, then Y",
              "select ifnull(null, 0);", "0"),
        .init("iif", "COND, X, Y", .scalar, .core, "X when COND is true, else Y (a short CASE)",
              "select iif(3 > 2, 'yes', 'no');", "yes"),
        .init("instr", "X, Y", .scalar, .core, "the 1-based position of the first Y in X, 0 when absent",
              "select instr('banana', 'na');", "3"),
        .init("last_insert_rowid", "", .scalar, .core, "the rowid of the latest successful INSERT on this connection",
              "select last_insert_rowid();", "0"),
        .init("length", "X", .scalar, .core, "characters in text, bytes in a blob, digits of a number as text; NULL for NULL",
              "select length('héllo');", "5"),
        .init("like", "PATTERN, X[, ESCAPE]", .scalar, .core, "whether X matches a LIKE pattern (% any run, _ one character, ASCII case ignored)",
              "select like('ab%', 'ABC');", "1"),
        .init("likelihood", "X, P", .scalar, .core, "X unchanged; tells the query planner X is true with probability P",
              "select likelihood(1 = 1, 0.9);", "1"),
        .init("likely", "X", .scalar, .core, "X unchanged; tells the query planner X is usually true",
              "select likely(1);", "1"),
        .init("load_extension", "FILE[, ENTRY]", .scalar, .core, "loads a SQLite extension library (refused unless extension loading is on)",
              "select load_extension('./ext');", nil),
        .init("lower", "X", .scalar, .core, "X with ASCII letters in lower case",
              "select lower('MiXeD');", "mixed"),
        .init("ltrim", "X[, CHARS]", .scalar, .core, "X without the given characters (spaces by default) at its start",
              "select ltrim('xxhixx', 'x');", "hixx"),
        .init("max", "X, Y, ...", .scalar, .core, "with several arguments: the largest (NULL when any is NULL); with one: an aggregate",
              "select max(3, 9, 4);", "9"),
        .init("min", "X, Y, ...", .scalar, .core, "with several arguments: the smallest (NULL when any is NULL); with one: an aggregate",
              "select min(3, 9, 4);", "3"),
        .init("nullif", "X, Y", .scalar, .core, "NULL when X equals Y, else X",
              "select nullif(5, 5) is null;", "1"),
        .init("octet_length", "X", .scalar, .core, "the number of bytes of X as text (UTF-8), or of a blob",
              "select octet_length('héllo');", "6"),
        .init("printf", "FORMAT, ...", .scalar, .core, "printf-style formatting: %d, %s, %f, %q (SQL-quoted), %w and widths",
              "select printf('%5.2f%%', 12.345);", "12.35%"),
        .init("quote", "X", .scalar, .core, "X as a SQL literal: text in quotes, blobs as X'..', NULL as NULL",
              "select quote('it''s');", "'it''s'"),
        .init("random", "", .scalar, .core, "a pseudo-random 64-bit signed integer",
              "select typeof(random());", "integer"),
        .init("randomblob", "N", .scalar, .core, "a blob of N pseudo-random bytes",
              "select length(randomblob(16));", "16"),
        .init("replace", "X, FROM, TO", .scalar, .core, "X with every FROM replaced by TO",
              "select replace('a-b-c', '-', '+');", "a+b+c"),
        .init("round", "X[, N]", .scalar, .core, "X rounded to N decimal places (0 by default), halves away from zero",
              "select round(2.675, 1), round(-2.5);", "2.7|-3.0"),
        .init("rtrim", "X[, CHARS]", .scalar, .core, "X without the given characters (spaces by default) at its end",
              "select rtrim('hi!!!', '!');", "hi"),
        .init("sign", "X", .scalar, .core, "-1, 0 or 1 by the sign of X; NULL when X is not a number",
              "select sign(-12.5);", "-1"),
        .init("soundex", "X", .scalar, .core, "the four-character Soundex code of X (when SQLite is built with it)",
              "select soundex('Robert');", "R163"),
        .init("sqlite_compileoption_get", "N", .scalar, .core, "the N-th option SQLite was compiled with, NULL past the last",
              "select sqlite_compileoption_get(0) is not null;", "1"),
        .init("sqlite_compileoption_used", "NAME", .scalar, .core, "whether SQLite was compiled with an option (SQLITE_ prefix optional)",
              "select sqlite_compileoption_used('THREADSAFE');", "1"),
        .init("sqlite_log", "CODE, MESSAGE", .scalar, .core, "writes MESSAGE with CODE to SQLite's error log; returns NULL",
              "select sqlite_log(0, 'checkpoint reached');", ""),
        .init("sqlite_source_id", "", .scalar, .core, "the check-in date and hash of the SQLite source this library came from",
              "select length(sqlite_source_id()) > 20;", "1"),
        .init("sqlite_version", "", .scalar, .core, "the version of the linked SQLite library",
              "select sqlite_version() like '3.%';", "1"),
        .init("substr", "X, START[, LENGTH]", .scalar, .core, "part of X from START (1-based; negative counts from the end), LENGTH characters",
              "select substr('sqlite shell', 8, 5);", "shell"),
        .init("substring", "X, START[, LENGTH]", .scalar, .core, "the same as substr",
              "select substring('sqlite', -4);", "lite"),
        .init("subtype", "X", .scalar, .core, "the subtype number an application function attached to X (0 when none)",
              "select subtype('plain');", "0"),
        .init("total_changes", "", .scalar, .core, "rows changed by INSERT, UPDATE and DELETE since this connection opened",
              "select typeof(total_changes());", "integer"),
        .init("trim", "X[, CHARS]", .scalar, .core, "X without the given characters (spaces by default) at both ends",
              "select '[' || trim('  padded  ') || ']';", "[padded]"),
        .init("typeof", "X", .scalar, .core, "the storage class of X: null, integer, real, text or blob",
              "select typeof(1), typeof(1.0), typeof('1'), typeof(x'01'), typeof(null);", "integer|real|text|blob|null"),
        .init("unhex", "X[, IGNORE]", .scalar, .core, "the blob spelled by hexadecimal digits X (characters in IGNORE skipped), NULL if X is not hex",
              "select unhex('6869');", "hi"),
        .init("unicode", "X", .scalar, .core, "the Unicode code point of the first character of X",
              "select unicode('€');", "8364"),
        .init("unlikely", "X", .scalar, .core, "X unchanged; tells the query planner X is usually false",
              "select unlikely(0);", "0"),
        .init("upper", "X", .scalar, .core, "X with ASCII letters in upper case",
              "select upper('MiXeD');", "MIXED"),
        .init("zeroblob", "N", .scalar, .core, "a blob of N zero bytes (cheap to write, for incremental blob I/O)",
              "select hex(zeroblob(3));", "000000"),
        .init("avg", "X", .aggregate, .aggregate, "the mean of the non-NULL values in the group, as a real; NULL for none",
              "select avg(value) from generate_series(1, 4);", "2.5"),
        .init("count", "X or *", .aggregate, .aggregate, "count(*): rows in the group; count(X): rows where X is not NULL",
              "select count(*), count(nullif(value, 2)) from generate_series(1, 3);", "3|2"),
        .init("group_concat", "X[, SEP]", .aggregate, .aggregate, "the non-NULL values of the group joined into one text (comma by default)",
              "select group_concat(value, '+') from generate_series(1, 4);", "1+2+3+4"),
        .init("string_agg", "X, SEP", .aggregate, .aggregate, "the non-NULL values of the group joined with SEP (group_concat's standard name)",
              "select string_agg(value, '+') from generate_series(1, 4);", "1+2+3+4"),
        .init("sum", "X", .aggregate, .aggregate, "the sum of the non-NULL values: an integer for integers, NULL for none; errors on overflow",
              "select sum(value) from generate_series(1, 100);", "5050"),
        .init("total", "X", .aggregate, .aggregate, "the sum of the non-NULL values as a real: 0.0 for none, never overflows",
              "select total(value) from generate_series(1, 4);", "10.0"),
        .init("row_number", "", .window, .window, "the number of the row in its partition, from 1, in the window's order",
              "select value, row_number() over (order by value desc) from generate_series(1, 3);", "3|1\n2|2\n1|3"),
        .init("rank", "", .window, .window, "the row's rank in the window's order, with gaps after ties (1, 1, 3)",
              "select v, rank() over (order by v) from (select 10 as v union all select 10 union all select 20);", "10|1\n10|1\n20|3"),
        .init("dense_rank", "", .window, .window, "the row's rank in the window's order, without gaps after ties (1, 1, 2)",
              "select v, dense_rank() over (order by v) from (select 10 as v union all select 10 union all select 20);", "10|1\n10|1\n20|2"),
        .init("percent_rank", "", .window, .window, "(rank - 1) / (rows in partition - 1): 0.0 for the first, 1.0 for the last",
              "select value, percent_rank() over (order by value) from generate_series(1, 3);", "1|0.0\n2|0.5\n3|1.0"),
        .init("cume_dist", "", .window, .window, "the fraction of the partition's rows ordered at or before this row",
              "select value, cume_dist() over (order by value) from generate_series(1, 4);", "1|0.25\n2|0.5\n3|0.75\n4|1.0"),
        .init("ntile", "N", .window, .window, "splits the partition into N groups as equal as can be and numbers them 1..N",
              "select value, ntile(2) over (order by value) from generate_series(1, 5);", "1|1\n2|1\n3|1\n4|2\n5|2"),
        .init("lag", "X[, OFFSET[, DEFAULT]]", .window, .window, "X of the row OFFSET rows (1 by default) before this one, else DEFAULT (NULL)",
              "select value, lag(value, 1, 0) over (order by value) from generate_series(1, 3);", "1|0\n2|1\n3|2"),
        .init("lead", "X[, OFFSET[, DEFAULT]]", .window, .window, "X of the row OFFSET rows (1 by default) after this one, else DEFAULT (NULL)",
              "select value, lead(value) over (order by value) from generate_series(1, 3);", "1|2\n2|3\n3|"),
        .init("first_value", "X", .window, .window, "X of the first row of the window frame",
              "select value, first_value(value) over (order by value) from generate_series(5, 7);", "5|5\n6|5\n7|5"),
        .init("last_value", "X", .window, .window, "X of the last row of the window frame (by default: the current row and its ties)",
              "select value, last_value(value) over (order by value rows between unbounded preceding and unbounded following) from generate_series(5, 7);", "5|7\n6|7\n7|7"),
        .init("nth_value", "X, N", .window, .window, "X of the N-th row of the window frame, NULL when it has fewer rows",
              "select value, nth_value(value, 2) over (order by value) from generate_series(5, 7);", "5|\n6|6\n7|6"),
        .init("date", "TIME, MODIFIER, ...", .scalar, .date, "the date YYYY-MM-DD of a time value after the modifiers ('+1 month', 'start of year' ...)",
              "select date('2024-01-31', '+1 day');", "2024-02-01"),
        .init("time", "TIME, MODIFIER, ...", .scalar, .date, "the time HH:MM:SS of a time value after the modifiers",
              "select time('2024-01-31 13:45:10', '+30 minutes');", "14:15:10"),
        .init("datetime", "TIME, MODIFIER, ...", .scalar, .date, "the date and time YYYY-MM-DD HH:MM:SS of a time value after the modifiers",
              "select datetime(1700000000, 'unixepoch');", "2023-11-14 22:13:20"),
        .init("julianday", "TIME, MODIFIER, ...", .scalar, .date, "the time value as a Julian day number (days since noon, 24 November 4714 BC)",
              "select julianday('2000-01-01 12:00:00');", "2451545.0"),
        .init("unixepoch", "TIME, MODIFIER, ...", .scalar, .date, "the time value as whole seconds since 1970-01-01 00:00:00 UTC",
              "select unixepoch('2024-01-01');", "1704067200"),
        .init("strftime", "FORMAT, TIME, MODIFIER, ...", .scalar, .date, "the time value formatted: %Y %m %d %H %M %S %j %W %w %s %f %J %%",
              "select strftime('%Y week %W', '2024-03-15');", "2024 week 11"),
        .init("timediff", "TIME1, TIME2", .scalar, .date, "the time from TIME2 to TIME1 as +YYYY-MM-DD HH:MM:SS.SSS",
              "select timediff('2024-03-01', '2024-01-01');", "+0000-02-00 00:00:00.000"),
        .init("current_date", "", .scalar, .date, "today's date in UTC, YYYY-MM-DD (the same as CURRENT_DATE)",
              "select length(current_date);", "10"),
        .init("current_time", "", .scalar, .date, "the time now in UTC, HH:MM:SS (the same as CURRENT_TIME)",
              "select length(current_time);", "8"),
        .init("current_timestamp", "", .scalar, .date, "the date and time now in UTC (the same as CURRENT_TIMESTAMP)",
              "select length(current_timestamp);", "19"),
        .init("acos", "X", .scalar, .math, "the arc cosine of X, in radians",
              "select round(acos(0), 4);", "1.5708"),
        .init("acosh", "X", .scalar, .math, "the inverse hyperbolic cosine of X",
              "select round(acosh(2), 4);", "1.317"),
        .init("asin", "X", .scalar, .math, "the arc sine of X, in radians",
              "select round(asin(1), 4);", "1.5708"),
        .init("asinh", "X", .scalar, .math, "the inverse hyperbolic sine of X",
              "select round(asinh(1), 4);", "0.8814"),
        .init("atan", "X", .scalar, .math, "the arc tangent of X, in radians",
              "select round(atan(1), 4);", "0.7854"),
        .init("atan2", "Y, X", .scalar, .math, "the angle of the point (X, Y) from the X axis, in radians",
              "select round(atan2(1, -1), 4);", "2.3562"),
        .init("atanh", "X", .scalar, .math, "the inverse hyperbolic tangent of X",
              "select round(atanh(0.5), 4);", "0.5493"),
        .init("ceil", "X", .scalar, .math, "the smallest integer not less than X",
              "select ceil(1.2), ceil(-1.2);", "2.0|-1.0"),
        .init("ceiling", "X", .scalar, .math, "the same as ceil",
              "select ceiling(4.01);", "5.0"),
        .init("cos", "X", .scalar, .math, "the cosine of X radians",
              "select cos(0);", "1.0"),
        .init("cosh", "X", .scalar, .math, "the hyperbolic cosine of X",
              "select cosh(0);", "1.0"),
        .init("degrees", "X", .scalar, .math, "X radians in degrees",
              "select degrees(pi());", "180.0"),
        .init("exp", "X", .scalar, .math, "e to the power X",
              "select round(exp(1), 5);", "2.71828"),
        .init("floor", "X", .scalar, .math, "the largest integer not greater than X",
              "select floor(1.8), floor(-1.2);", "1.0|-2.0"),
        .init("ln", "X", .scalar, .math, "the natural logarithm of X",
              "select round(ln(10), 4);", "2.3026"),
        .init("log", "[B, ]X", .scalar, .math, "the base-10 logarithm of X, or with two arguments the base-B logarithm",
              "select log(1000), log(2, 8);", "3.0|3.0"),
        .init("log10", "X", .scalar, .math, "the base-10 logarithm of X",
              "select log10(0.01);", "-2.0"),
        .init("log2", "X", .scalar, .math, "the base-2 logarithm of X",
              "select log2(1024);", "10.0"),
        .init("mod", "X, Y", .scalar, .math, "the remainder of X / Y, for reals too",
              "select mod(7.5, 2);", "1.5"),
        .init("pi", "", .scalar, .math, "the number pi",
              "select pi();", "3.14159265358979"),
        .init("pow", "X, Y", .scalar, .math, "X to the power Y",
              "select pow(2, 10);", "1024.0"),
        .init("power", "X, Y", .scalar, .math, "the same as pow",
              "select power(9, 0.5);", "3.0"),
        .init("radians", "X", .scalar, .math, "X degrees in radians",
              "select round(radians(180), 5);", "3.14159"),
        .init("sin", "X", .scalar, .math, "the sine of X radians",
              "select round(sin(pi() / 2), 4);", "1.0"),
        .init("sinh", "X", .scalar, .math, "the hyperbolic sine of X",
              "select sinh(0);", "0.0"),
        .init("sqrt", "X", .scalar, .math, "the square root of X, NULL for a negative X",
              "select sqrt(2);", "1.4142135623731"),
        .init("tan", "X", .scalar, .math, "the tangent of X radians",
              "select round(tan(pi() / 4), 4);", "1.0"),
        .init("tanh", "X", .scalar, .math, "the hyperbolic tangent of X",
              "select tanh(0);", "0.0"),
        .init("trunc", "X", .scalar, .math, "X with its fraction dropped, toward zero",
              "select trunc(-2.7), trunc(2.7);", "-2.0|2.0"),
        .init("json", "X", .scalar, .json, "X checked and minified as JSON text; an error when it is not JSON",
              "select json(' { \"a\" : [1, 2] } ');", "{\"a\":[1,2]}"),
        .init("json_array", "X, ...", .scalar, .json, "a JSON array of its arguments",
              "select json_array(1, 'two', null, json('[3]'));", "[1,\"two\",null,[3]]"),
        .init("json_array_length", "JSON[, PATH]", .scalar, .json, "the number of elements of the array at PATH (0 for a non-array)",
              "select json_array_length('[1, 2, [3, 4]]');", "3"),
        .init("json_extract", "JSON, PATH, ...", .scalar, .json, "the value at PATH ($.key, $[0], $.a.b): SQL values for scalars, JSON text for the rest",
              "select json_extract('{\"a\": {\"b\": [10, 20]}}', '$.a.b[1]');", "20"),
        .init("json_insert", "JSON, PATH, VALUE, ...", .scalar, .json, "JSON with VALUE put at each PATH that does not exist yet",
              "select json_insert('{\"a\": 1}', '$.a', 9, '$.b', 2);", "{\"a\":1,\"b\":2}"),
        .init("json_object", "LABEL, VALUE, ...", .scalar, .json, "a JSON object from label and value pairs",
              "select json_object('id', 1, 'tags', json_array('x', 'y'));", "{\"id\":1,\"tags\":[\"x\",\"y\"]}"),
        .init("json_patch", "JSON, PATCH", .scalar, .json, "JSON merged with PATCH as RFC 7396 says (null in PATCH removes)",
              "select json_patch('{\"a\": 1, \"b\": 2}', '{\"b\": null, \"c\": 3}');", "{\"a\":1,\"c\":3}"),
        .init("json_quote", "X", .scalar, .json, "X as a JSON value: text quoted and escaped, numbers as they are",
              "select json_quote('say \"hi\"');", "\"say \\\"hi\\\"\""),
        .init("json_remove", "JSON, PATH, ...", .scalar, .json, "JSON without the elements at the PATHs",
              "select json_remove('[0, 1, 2]', '$[1]');", "[0,2]"),
        .init("json_replace", "JSON, PATH, VALUE, ...", .scalar, .json, "JSON with the values at existing PATHs replaced",
              "select json_replace('{\"a\": 1}', '$.a', 2, '$.b', 3);", "{\"a\":2}"),
        .init("json_set", "JSON, PATH, VALUE, ...", .scalar, .json, "JSON with VALUE at each PATH, added or replaced",
              "select json_set('{\"a\": 1}', '$.a', 2, '$.b', 3);", "{\"a\":2,\"b\":3}"),
        .init("json_type", "JSON[, PATH]", .scalar, .json, "the JSON type at PATH: null, true, false, integer, real, text, array, object",
              "select json_type('{\"a\": [1]}', '$.a');", "array"),
        .init("json_valid", "X", .scalar, .json, "1 when X is well-formed JSON text, else 0",
              "select json_valid('{\"a\": 1}'), json_valid('{a: 1}');", "1|0"),
        .init("json_group_array", "X", .aggregate, .json, "the group's values as one JSON array",
              "select json_group_array(value) from generate_series(1, 3);", "[1,2,3]"),
        .init("json_group_object", "LABEL, VALUE", .aggregate, .json, "the group's label and value pairs as one JSON object",
              "select json_group_object(char(96 + value), value) from generate_series(1, 2);", "{\"a\":1,\"b\":2}"),
        .init("->", "JSON, PATH", .scalar, .json, "the JSON operator: JSON -> PATH is the value at PATH as JSON text",
              "select '{\"a\": {\"b\": 1}}' -> '$.a';", "{\"b\":1}"),
        .init("->>", "JSON, PATH", .scalar, .json, "the JSON operator: JSON ->> PATH is the value at PATH as a SQL value",
              "select '{\"a\": {\"b\": 1}}' ->> '$.a.b';", "1"),
        .init("json_each", "JSON[, PATH]", .table, .json, "a table of the elements of the top-level array or object (key, value, type, ...)",
              "select key, value from json_each('{\"x\": 1, \"y\": [2]}');", "x|1\ny|[2]"),
        .init("json_tree", "JSON[, PATH]", .table, .json, "a table of every element of the JSON, walking into arrays and objects",
              "select fullkey, type from json_tree('{\"a\": [1]}');", "$|object\n$.a|array\n$.a[0]|integer"),
    ]
}
