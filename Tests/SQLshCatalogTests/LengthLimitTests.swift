import Foundation
import SQLshCatalog
import SQLshCore
import Testing

/// Functions whose result can outgrow their arguments stop at SQLITE_LIMIT_LENGTH with
/// SQLite's own "string or blob too big", before building the oversized result.
@Suite struct LengthLimitTests {
    let db: Connection
    init() throws {
        db = try catalogConnection()
        _ = db.setLimit(.length, 10_000)
    }

    /// 6,000 '0' characters (hex() itself refuses a result of the full limit: at most 4,999 bytes of zeroblob).
    let zeros = "hex(zeroblob(3000))"

    @Test func regexpReplaceStopsAtTheLimit() throws {
        #expect(errorMessage(db, "select regexp_replace(\(zeros), '0', 'ab')") == "string or blob too big")
        #expect(try value(db, "select length(regexp_replace(\(zeros), '00', 'abc'))") == .integer(9_000))
        #expect(try value(db, "select length(regexp_replace(hex(zeroblob(2500)), '0', 'ab'))") == .integer(10_000))
        #expect(try value(db, "select length(regexp_replace(hex(zeroblob(4999)) || 'x', 'x', 'ab'))") == .integer(10_000))
        #expect(errorMessage(db, "select regexp_replace(hex(zeroblob(4999)) || 'x', 'x', 'abc')") == "string or blob too big")
    }

    @Test func regexpReplaceDoesNotBuildTheOversizedResult() throws {
        // 6,000 matches each replaced by 60,000 bytes would be 360 MB: the function must give
        // up at the 10,000-byte limit, not allocate the whole result and let SQLite refuse it.
        let before = peakResidentKilobytes()
        #expect(errorMessage(db, "select regexp_replace(\(zeros), '0', hex(zeroblob(30000)))") == "string or blob too big")
        let grown = peakResidentKilobytes() - before
        #expect(grown < 100_000, "the peak resident size grew by \(grown) kB")
    }

    @Test func translateStopsAtTheLimit() throws {
        // Each 1-byte 'a' becomes a 2-byte 'é'.
        #expect(errorMessage(db, "select translate(replace(\(zeros), '0', 'a'), 'a', 'é')") == "string or blob too big")
        #expect(errorMessage(db, "select text_translate(replace(\(zeros), '0', 'a'), 'a', 'é')") == "string or blob too big")
        #expect(try value(db, "select length(translate(replace(hex(zeroblob(2500)), '0', 'a'), 'a', 'é'))") == .integer(5_000))
    }

    @Test func slugifyStopsAtTheLimit() throws {
        // 'щ' (2 bytes) transliterates to 'shch' (4): the slug is twice as long as the text.
        #expect(try value(db, "select length(slugify(replace(\(zeros), '0', 'a') || replace(hex(zeroblob(1000)), '0', 'b')))") == .integer(8_000))
        #expect(try value(db, "select length(slugify(replace(hex(zeroblob(1250)), '0', 'щ')))") == .integer(10_000))
        #expect(errorMessage(db, "select slugify(replace(hex(zeroblob(1500)), '0', 'щ'))") == "string or blob too big")
    }

    @Test func decimalStopsAtTheLimit() throws {
        #expect(errorMessage(db, "select decimal('1e20000')") == "string or blob too big")
        #expect(try value(db, "select length(decimal('1e9000'))") == .integer(9_001))
        #expect(errorMessage(db, "select decimal_mul('1e6000', '1e6000')") == "string or blob too big")
        #expect(errorMessage(db, "select decimal_add('1e6000', '1e-6000')") == "string or blob too big")
    }
}

/// The process's peak resident set size (VmHWM), in kilobytes.
private func peakResidentKilobytes() -> Int {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return 0 }
    return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
}
