import Foundation
import Testing

/// Every dot-command, command-line option and catalog function is classified here as refused,
/// partly refused or allowed by `-safe`, and the refusals are checked on the built binary. A
/// new command, option or function fails these tests until it is classified: nothing that
/// reads or writes files, runs programs or loads code can slip past safe mode unnoticed.
struct SafeModeCoverageTests {
    /// Refused outright, with a command line that tries each.
    static let refusedCommands: [String: String] = [
        "backup": ".backup x.db", "cd": ".cd /", "clone": ".clone x.db", "excel": ".excel",
        "import": ".import x.csv t", "log": ".log x.txt", "once": ".once x.txt",
        "output": ".output x.txt", "read": ".read x.sql", "restore": ".restore x.db", "save": ".save x.db",
        "shell": ".shell true", "system": ".system true", "testcase": ".testcase t", "edit": ".edit",
        "archive": ".archive -tf x.db", "trust": ".trust t",
    ]
    /// Refused with some arguments only: (refused, allowed).
    static let partlyRefusedCommands: [String: (refused: String, allowed: String)] = [
        "open": (".open x.db", ".open :memory:"),
        "trace": (".trace x.txt", ".trace stdout"),
        "pager": (".pager less", ".pager off"),
        // A WebAssembly module runs sandboxed, so safe mode loads it; native libraries are refused.
        "load": (".load x.so", ".load '\(exampleWasm)'"),
    ]
    /// The WebAssembly example plugin (a committed file).
    static let exampleWasm = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("plugins/wasm/textfun.wasm").path
    /// Neither reads nor writes files other than the database, nor runs programs.
    static let allowedCommands: Set<String> = [
        "auth", "bail", "binary", "changes", "check", "complete", "databases", "dbconfig", "dbinfo", "describe",
        "disable", "dump", "echo", "enable", "eqp", "exit", "explain", "filectrl", "fullschema", "functions",
        "headers", "help", "indexes", "limit", "lint", "maxrows", "maxwidth", "types", "highlight", "numformat", "chart", "mode", "nonce", "nullvalue", "parameter", "plugins", "print",
        "progress", "prompt", "quit", "scanstats", "schema", "selftest", "separator", "sha3sum", "show",
        "stats", "tables", "timeout", "timer", "vfsinfo", "vfslist", "vfsname", "width",
        // Refused by sqlite3 as by sqlsh with a message that does not end the shell (.expert);
        // .recover reads only the database's own file and writes SQL to the output, and
        // sqlite3 allows it in safe mode too.
        "connection", "expert", "imposter", "last", "recover", "session", "testctrl",
    ]

    /// Options refused together with -safe.
    static let refusedOptions: Set<String> = ["-load"]
    static let allowedOptions: Set<String> = [
        "-ascii", "-bail", "-batch", "-box", "-column", "-cmd", "-csv", "-deserialize", "-echo", "-init",
        "-[no]header", "-help", "-html", "-interactive", "-json", "-line", "-list", "-lookaside", "-markdown",
        "-maxsize", "-mmap", "-newline", "-nofollow", "-nofunctions", "-nonce", "-nullvalue", "-pagecache",
        "-quote", "-readonly", "-safe", "-separator", "-stats", "-table", "-tabs", "-version", "-vfs", "-memtrace",
        // As in sqlite3: the archive or database named on the command line is the user's choice;
        // the SQL -A runs still meets the authorizer (its writefile and fsdir are refused).
        "-A", "-append", "-zip",
    ]

    /// Catalog functions refused by safe mode, with a call that tries each.
    static let refusedFunctions: [String: String] = [
        "readfile": "select readfile('x')",
        "writefile": "select writefile('x', 'y')",
        "fsdir": "select name from fsdir('.')",
        "fileio_read": "select fileio_read('x')",
        "fileio_write": "select fileio_write('x', 'y')",
        "fileio_append": "select fileio_append('x', 'y')",
        "fileio_mkdir": "select fileio_mkdir('x')",
        "mkdir": "select mkdir('x')",
        "fileio_symlink": "select fileio_symlink('x', 'y')",
        "symlink": "select symlink('x', 'y')",
        "fileio_ls": "select * from fileio_ls('.')",
        "lsdir": "select * from lsdir('.')",
        "fileio_scan": "select * from fileio_scan('x')",
        "scanfile": "select * from scanfile('x')",
        "eval": "select eval('select 1')",
        "define": "select define('f', '1')",
        "vsv": "create virtual table temp.t using vsv(data='1')",
        "edit": "select edit('x', 'true')",  // the shell pack's; sqlite3 refuses it too
        "zipfile": "select * from zipfile('x.zip')",
        // The files pack: read_csv and the others make a table of a file, as does a file
        // named in FROM (refused with "cannot read FILE in safe mode", FileTablesCommandLineTests).
        "read_csv": "select * from read_csv('x.csv')",
        "read_json": "select * from read_json('x.json')",
        "read_ndjson": "select * from read_ndjson('x.ndjson')",
        "read_parquet": "select * from read_parquet('x.parquet')",
    ]
    static let allowedFunctions: Set<String> = [
        // sqlite3's own shell functions, which its -safe allows too.
        "shell_idquote", "shell_escape_crnl", "shell_int32", "shell_add_schema", "shell_module_schema", "shell_putsnl",
        "usleep",
        "bar",
        "reverse", "text_reverse", "slugify", "char_length", "character_length", "text_length", "text_left",
        "text_right", "lpad", "text_lpad", "rpad", "text_rpad", "split_part", "text_split", "translate",
        "text_translate", "text_substring", "text_slice", "left", "right", "text_index", "strpos",
        "text_last_index", "text_contains", "text_has_prefix", "starts_with", "text_has_suffix", "text_count",
        "text_like", "text_concat", "concat", "text_join", "concat_ws", "text_repeat", "repeat", "text_ltrim",
        "ltrim", "text_rtrim", "rtrim", "text_trim", "btrim", "text_upper", "text_lower", "text_title",
        "text_casefold", "text_replace", "text_size", "octet_length", "text_bitsize", "bit_length",
        "text_nocase", "regexp", "regexpi", "regexp_like", "regexp_substr", "regexp_capture",
        "regexp_replace", "median", "percentile", "percentile_cont", "percentile_disc", "percentile_25", "percentile_75", "percentile_90",
        "percentile_95", "percentile_99", "stddev", "stddev_samp", "stddev_pop", "variance", "var_samp",
        "var_pop", "mode", "maxLength", "minLength", "stats_median", "stats_p25", "stats_p75", "stats_p90",
        "stats_p95", "stats_p99", "stats_perc", "stats_stddev", "stats_stddev_samp", "stats_stddev_pop",
        "stats_var", "stats_var_samp", "stats_var_pop", "stats_seq", "generate_series", "sha3", "sha3_query",
        "lsmode", "fileio_mode", "sqlar_compress", "sqlar_uncompress", "decimal", "decimal_add", "decimal_sub", "decimal_mul", "decimal_cmp",
        "decimal_sum", "uint", "ieee754", "ieee754_mantissa", "ieee754_exponent", "ieee754_from_blob",
        "ieee754_to_blob", "ieee754_to_int", "ieee754_from_int", "ieee754_inc", "decimal_exp", "decimal_pow2",
        // SQLite 3.41-3.53 core functions and the 3.53 shell's base64/base85 (core353 pack).
        "unhex", "unistr", "unistr_quote", "if", "base64", "base85", "iif", "timediff", "json_pretty", "is_base85",
        "math_round", "math_ceil", "math_floor", "math_trunc", "math_ln", "math_log",
        "math_log10", "math_log2", "math_exp", "math_pow", "math_mod", "math_acos", "math_asin", "math_atan",
        "math_atan2", "math_cos", "math_sin", "math_tan", "math_cosh", "math_sinh", "math_tanh", "math_acosh",
        "math_asinh", "math_atanh", "math_sqrt", "math_radians", "math_degrees", "math_pi", "ipfamily",
        "iphost", "ipmasklen", "ipnetwork", "ipcontains", "time_now", "now", "time_date", "make_date",
        "make_timestamp", "time_unix", "to_timestamp", "time_milli", "time_micro", "time_nano",
        "time_get_year", "time_get_month", "time_get_day", "time_get_hour", "time_get_minute",
        "time_get_second", "time_get_nano", "time_get_weekday", "time_get_yearday", "time_get_isoyear",
        "time_get_isoweek", "time_get", "date_part", "time_to_unix", "time_to_milli", "time_to_micro",
        "time_to_nano", "time_after", "time_before", "time_compare", "time_equal", "time_add", "date_add",
        "time_sub", "age", "time_since", "time_until", "time_add_date", "time_trunc", "date_trunc",
        "time_round", "time_fmt_iso", "time_fmt_datetime", "time_fmt_date", "time_fmt_time", "time_parse",
        "dur_ns", "dur_us", "dur_ms", "dur_s", "dur_m", "dur_h", "md5", "crypto_md5", "sha1", "crypto_sha1",
        "sha256", "crypto_sha256", "sha384", "crypto_sha384", "sha512", "crypto_sha512", "blake3",
        "crypto_blake3", "xxh32", "crypto_xxh32", "xxh64", "crypto_xxh64", "xxh3_64", "crypto_xxh3_64",
        "xxh3_128", "crypto_xxh3_128", "encode", "crypto_encode", "decode", "crypto_decode", "uuid4",
        "gen_random_uuid", "uuid7", "uuid_str", "uuid_blob", "uuid7_timestamp_ms", "upper", "lower", "nupper",
        "nlower", "casefold", "unaccent", "like", "nlike", "unicode_version", "nocase", "fuzzy_leven",
        "levenshtein", "fuzzy_damlev", "dlevenshtein", "fuzzy_hamming", "hamming", "fuzzy_osadist",
        "osa_distance", "fuzzy_jarowin", "jaro_winkler", "fuzzy_editdist", "edit_distance", "fuzzy_soundex",
        "soundex", "fuzzy_rsoundex", "rsoundex", "fuzzy_caver", "caverphone", "fuzzy_phonetic",
        "phonetic_hash", "fuzzy_translit", "translit", "fuzzy_script", "script_code", "undefine",
        "define_free", "define_cache",
        // The duckdb pack: pure functions of their arguments (today() reads the clock, as
        // now() does), and the range and unnest table functions.
        "arg_max", "arg_min", "max_by", "min_by", "count_if", "bool_and", "bool_or", "bit_and", "bit_or",
        "bit_xor", "product", "corr", "covar_pop", "covar_samp", "regr_slope", "regr_intercept", "regr_r2",
        "regr_count", "regr_avgx", "regr_avgy", "regr_sxx", "regr_syy", "regr_sxy", "kurtosis", "skewness",
        "entropy", "approx_count_distinct", "any_value", "first", "last", "histogram", "array_agg", "list",
        "string_agg", "quantile_cont", "quantile_disc", "string_split", "regexp_extract", "regexp_extract_all",
        "regexp_matches", "ends_with", "contains", "ascii", "chr", "strip_accents", "damerau_levenshtein",
        "jaro_winkler_similarity", "jaccard", "greatest", "least", "bit_count", "gcd", "lcm", "factorial",
        "even", "isnan", "isinf", "range", "unnest", "date_diff", "datediff", "datepart", "dayname",
        "monthname", "last_day", "make_time", "epoch", "epoch_ms", "strptime", "today",
    ]

    static func firstWords(_ text: String) -> [String] {
        text.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
    }

    @Test func everyDotCommandIsClassified() throws {
        let help = try ShellRunner.run(ShellRunner.sqlshPath, [":memory:", ".help"])
        let names = Self.firstWords(String(decoding: help.stdout, as: UTF8.self))
            .filter { $0.hasPrefix(".") }.map { String($0.dropFirst()) }
        #expect(names.count > 50)
        for name in names {
            let classified = Self.refusedCommands[name] != nil || Self.partlyRefusedCommands[name] != nil
                || Self.allowedCommands.contains(name)
            #expect(classified, ".\(name) is not classified for -safe: add it to a list in SafeModeCoverageTests")
        }
    }

    @Test func refusedDotCommandsEndTheShell() throws {
        let cases = Self.refusedCommands.values.map { ($0, true) }
            + Self.partlyRefusedCommands.values.flatMap { [($0.refused, true), ($0.allowed, false)] }
        for (command, refused) in cases {
            let result = try ShellRunner.run(ShellRunner.sqlshPath, ["-safe", ":memory:"], stdin: Data("\(command)\nselect 'after';\n".utf8))
            let err = String(decoding: result.stderr, as: UTF8.self)
            if refused {
                #expect(result.status == 1 && err.contains("in safe mode") && result.stdout.isEmpty, "\(command): \(result)")
            } else {
                #expect(result.status == 0 && String(decoding: result.stdout, as: UTF8.self).hasSuffix("after\n"), "\(command): \(result)")
            }
        }
    }

    @Test func everyOptionIsClassified() throws {
        let help = try ShellRunner.run(ShellRunner.sqlshPath, ["-help"])
        let options = Self.firstWords(String(decoding: help.stderr, as: UTF8.self).replacingOccurrences(of: "   -", with: "-"))
            .filter { $0.hasPrefix("-") }
        #expect(options.count > 30)
        for option in options {
            #expect(Self.refusedOptions.contains(option) || Self.allowedOptions.contains(option),
                    "\(option) is not classified for -safe: add it to a list in SafeModeCoverageTests")
        }
        let load = try ShellRunner.run(ShellRunner.sqlshPath, ["-safe", "-load", "x.so", ":memory:", "select 1"])
        #expect(load.status == 1 && String(decoding: load.stderr, as: UTF8.self).contains("safe mode"), "\(load)")
    }

    @Test func everyCatalogFunctionIsClassified() throws {
        let list = try ShellRunner.run(ShellRunner.sqlshPath, [":memory:", ".functions"])
        // SQLite's own functions (packs sqlite/...) are SQLite's to guard, as in sqlite3.
        let catalogLines = String(decoding: list.stdout, as: UTF8.self).split(separator: "\n").filter { !$0.contains(" sqlite/") }
        let names = Self.firstWords(catalogLines.joined(separator: "\n"))
        #expect(names.count > 40)
        for name in names {
            // A name of SafeMode's lists counts as classified (the authorizer refuses it).
            let classified = Self.refusedFunctions[name] != nil || Self.allowedFunctions.contains(name)
                || Self.isRefusedByTheShell(name)
            #expect(classified, "\(name)() is not classified for -safe: add it to SafeMode or to allowedFunctions")
        }
        for (name, call) in Self.refusedFunctions {
            let result = try ShellRunner.run(ShellRunner.sqlshPath, ["-safe", ":memory:"], stdin: Data("\(call);\nselect 'after';\n".utf8))
            let refused = name == "vsv" ? "the vsv module" : "the \(name)() function"
            #expect(result.status == 1 && String(decoding: result.stderr, as: UTF8.self)
                == "line 1: cannot use \(refused) in safe mode\n", "\(name): \(result)")
        }
    }

    @Test func aNonceLiftsSafeModeForOneLineOnly() throws {
        // sqlite3 also keeps it lifted for every later SQL argument; sqlsh does not.
        let lines = try ShellRunner.run(ShellRunner.sqlshPath, ["-safe", "-nonce", "abc", ":memory:"],
                                        stdin: Data(".nonce abc\nattach ':memory:' as a; attach ':memory:' as b;\nselect 1;\nattach ':memory:' as c;\n".utf8))
        #expect(String(decoding: lines.stdout, as: UTF8.self) == "1\n")
        #expect(String(decoding: lines.stderr, as: UTF8.self) == "line 4: cannot run ATTACH in safe mode\n")
        #expect(lines.status == 1)
        let arguments = try ShellRunner.run(ShellRunner.sqlshPath, ["-safe", "-nonce", "abc", ":memory:", ".nonce abc",
                                                                   "attach ':memory:' as a", "select 1", "attach ':memory:' as b"])
        #expect(String(decoding: arguments.stdout, as: UTF8.self) == "1\n")
        #expect(arguments.status == 1)
        #expect(String(decoding: arguments.stderr, as: UTF8.self).contains("cannot run ATTACH in safe mode"))
    }

    /// Whether `-safe` refuses a call of the function (tried with no arguments: the authorizer
    /// refuses the name before the argument count is checked).
    static func isRefusedByTheShell(_ name: String) -> Bool {
        guard let result = try? ShellRunner.run(ShellRunner.sqlshPath, ["-safe", ":memory:"], stdin: Data("select \(name)();\n".utf8))
        else { return false }
        return String(decoding: result.stderr, as: UTF8.self).contains("function in safe mode")
    }
}
