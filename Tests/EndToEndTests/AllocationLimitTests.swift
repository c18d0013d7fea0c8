import Foundation
import Testing

/// Sizes taken from user input that once made the built binary trap on a failed allocation
/// (exit 134, "Fatal error: failed to allocate ..."): each now gives a clear error, or an
/// answer, under a 4 GB address-space limit (`ulimit -v`), with the exit status of an error.
@Suite struct AllocationLimitTests {
    /// Runs the built `sqlsh` on `sql` with `ulimit -v 4000000` set by `/bin/sh`.
    static func runLimited(_ sql: String) throws -> RunResult {
        try ShellRunner.run("/bin/sh", ["-c", "ulimit -v 4000000 && exec \"$0\" :memory: \"$1\"", ShellRunner.sqlshPath, sql])
    }

    /// The run failed with `message` (and no trap): sqlite3's batch error form, exit status 1.
    static func expectError(_ sql: String, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = try Self.runLimited(sql)
        let stderr = String(decoding: result.stderr, as: UTF8.self)
        #expect(result.status == 1, "\(result)", sourceLocation: sourceLocation)
        #expect(stderr.contains(message), "\(result)", sourceLocation: sourceLocation)
        #expect(!stderr.contains("Fatal error"), sourceLocation: sourceLocation)
    }

    @Test func vsvColumnCountIsCheckedAgainstTheColumnLimit() throws {
        for n in ["9223372036854775807", "100000000", "2001"] {
            try Self.expectError("create virtual table temp.v using vsv(data='a', columns=\(n))",
                                 "too many columns: columns=\(n) is more than the column limit (2000)")
        }
        let result = try Self.runLimited("create virtual table temp.v using vsv(data='a', columns=2000); select count(*) from pragma_table_info('v');")
        #expect(result.status == 0 && String(decoding: result.stdout, as: UTF8.self) == "2000\n", "\(result)")
    }

    @Test func distancesOfAGigabyteTextFailCleanly() throws {
        for function in ["edit_distance", "osa_distance", "levenshtein", "dlevenshtein", "jaro_winkler", "fuzzy_leven",
                         "fuzzy_editdist", "fuzzy_damlev"] {
            try Self.expectError("select \(function)(cast(zeroblob(1000000000) as text), 'a')",
                                 "\(function): the texts are too long to compare")
        }
        // Hamming is linear: two ASCII texts are read in place, others are decoded first.
        let ascii = try Self.runLimited("select hamming(cast(zeroblob(100000000) as text), cast(zeroblob(100000000) as text));")
        #expect(ascii.status == 0 && String(decoding: ascii.stdout, as: UTF8.self) == "0\n", "\(ascii)")
        try Self.expectError("select hamming(cast(x'c3a9' as text) || cast(zeroblob(999999998) as text), 'a')",
                             "hamming: the texts are too long to compare")
    }

    @Test func nlikeOfAGigabyteTextAnswers() throws {
        let result = try Self.runLimited("select nlike('a%', cast(zeroblob(1000000000) as text)), nlike('_', cast(zeroblob(1000000000) as text));")
        #expect(result.status == 0 && String(decoding: result.stdout, as: UTF8.self) == "0|0\n", "\(result)")
    }

    @Test func scanfileOfAGigabyteNameFailsCleanly() throws {
        try Self.expectError("select count(*) from scanfile(zeroblob(1000000000))", "scanfile: the file name is too long")
    }
}
